import type { Json, JsonObject } from '../../core/json';
import type { RewardRule } from './scores';

/** One scorer's verdict on a sample, as Inspect wrote it. */
export interface InspectScore {
  /** As written: a number, a letter grade ("C", "I", "P", "N"), a boolean, a list or a dict. */
  value: Json;
  /** The value as a number by Inspect's own reading (value_to_float), or null when it has none. */
  numeric: number | null;
  answer: string | null;
  explanation: string | null;
  metadata: JsonObject | null;
}

/** The run a sample belongs to: one Inspect log is one task evaluated by one model. */
export interface InspectRun {
  format: 'inspect-json' | 'inspect-eval';
  /** Log schema version (2 since 2024). */
  version: number | null;
  status: string | null;
  evalId: string | null;
  runId: string | null;
  task: string;
  taskId: string | null;
  model: string;
  created: string | null;
  /** Scorer names in the order the results list them: the first is the primary one. */
  scorers: string[];
  /** Epochs per sample (the config's `epochs`). */
  epochs: number | null;
  datasetSamples: number | null;
  /** The eval spec as written (task args, model args, packages, revision …). */
  spec: JsonObject;
  /** The log as written less its samples and reductions (spec, plan, results with their metrics, stats, status, error …). */
  header: JsonObject;
  /** How many samples the file holds (readable or not): a re-export of all of them writes the header back as it was. */
  sampleCount: number | null;
  /** The reductions as written (the log's `reductions`, or reductions.json). */
  reductions: Json;
}

/** What an Inspect sample keeps that a vf-eval row has no field for; hangs on the rollout it became. */
export interface InspectOrigin {
  run: InspectRun;
  sampleId: string | number;
  epoch: number;
  uuid: string | null;
  target: Json;
  /** Every scorer, in the order the sample lists them. */
  scores: Record<string, InspectScore>;
  /** The reduced value per scorer across epochs (reductions.json / the log's reductions). */
  reduced: Record<string, number>;
  limit: JsonObject | null;
  totalTimeMs: number | null;
  workingTimeMs: number | null;
  /** Per-model token usage as written. */
  modelUsage: JsonObject | null;
  /** Transcript events are not kept (they hold the same calls and messages, at many times the size): their count. */
  droppedEvents: number;
  /** When the sample started and finished (newer Inspect), as written. */
  startedAt: string | null;
  completedAt: string | null;
  /** The sample's ModelOutput as written (the last generation's choices, usage, time, stop reason). */
  output: JsonObject | null;
  /** Sample fields read but not kept (the transcript's pools, timelines, retried attempts), by name. */
  droppedFields: string[];
  /** Which metric column the reward was read from, and by which rule (scores.ts `readReward`); null when none. */
  rewardFrom?: { column: string; rule: RewardRule } | null;
}
