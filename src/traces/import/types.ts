import type { Json, JsonObject } from '../../core/json';
import type { Trace } from '../../core/types';
import type { InspectOrigin } from '../inspect/types';
import type { Inference } from './inferred';
import type { V1Origin } from './v1Episode';

/** A tool call as vf-eval recorded it, whichever of the three encodings it came in. */
export interface VfToolCall {
  id?: string;
  name: string;
  /** Parsed JSON when the recorded arguments string parses; otherwise the raw string. */
  arguments: Json;
  /** Why the arguments stayed a raw string (not JSON, or missing). */
  argumentsError?: string;
  /** The call as the row wrote it (an OpenAI object, or a JSON string of one or of {id, name, arguments}): a vf re-export writes it back. */
  written?: Json;
}

export interface VfMessage {
  /** system | user | assistant | tool | text (a completion-mode string prompt). */
  role: string;
  /** Text; list content is flattened as vf-eval's own printer does (text parts joined, "[image]"). */
  content: string;
  /** The original content parts when the content was a list (multimodal, v0.1.12+). */
  contentParts?: Json[];
  toolCalls?: VfToolCall[];
  toolCallId?: string;
  reasoning?: string;
  /** Keys of the message we do not model (thinking_blocks, name, ...), nulls dropped. */
  extra?: JsonObject;
  /** The content was written as null, or not at all (an assistant turn of tool calls, in some eras): `content` is then "". */
  contentWritten?: 'null' | 'absent';
}

/** One assistant tool call with the tool message that answered it, if any. */
export interface VfPairedCall {
  call: VfToolCall;
  /** Index of the assistant message in `completion`. */
  messageIndex: number;
  result: { content: string; messageIndex: number; pairedBy: 'id' | 'order' } | null;
}

export interface VfError {
  message: string;
  type?: string;
  chain?: string;
  raw: Json;
}

/** Durations in milliseconds whatever the era wrote (ms keys before v0.1.14, seconds after). */
export interface VfTiming {
  startTime?: number;
  generationMs?: number;
  scoringMs?: number;
  totalMs?: number;
  raw: JsonObject;
}

export interface VfTokenUsage {
  inputTokens: number;
  outputTokens: number;
  finalInputTokens?: number;
  finalOutputTokens?: number;
}

export type VfIdSource = 'example_id' | 'id' | 'id-corrected-by-metadata' | 'id-corrected-by-prompt';

export interface VfRollout {
  /** 1-based line in the source file. */
  line: number;
  /** 0-based position among the file's non-blank lines: vf-eval's row index. */
  rowIndex: number;
  exampleId: Json;
  exampleIdSource: VfIdSource;
  /** The `id` column as written, when it was corrected (pre-v0.1.6 files with more than one rollout per example). */
  rawId?: Json;
  mode: 'chat' | 'completion';
  prompt: VfMessage[];
  completion: VfMessage[];
  calls: VfPairedCall[];
  reward: number | null;
  metrics: Record<string, number>;
  answer: string | null;
  info: JsonObject | null;
  task: string | null;
  error: VfError | null;
  timing: VfTiming | null;
  tokenUsage: VfTokenUsage | null;
  isCompleted: boolean | null;
  isTruncated: boolean | null;
  stopCondition: string | null;
  /** Tool schemas carried by the row (oai_tools, tool_defs, or info.oai_tools before v0.1.8). */
  tools: Json[] | null;
  /** Which vf-eval release range wrote this row, from its shape. */
  era: VfEra;
  /** Every top-level key not listed above, as written. */
  extra: JsonObject;
  metadata?: VfMetadata;
  /** Set when the rollout is an Inspect AI sample: what the log keeps that a vf-eval row has no field for. */
  inspect?: InspectOrigin;
  /** Set when the rollout is a verifiers v1 trace (traces.jsonl): its episode, env, model and run. */
  v1?: V1Origin;
  /** A vf-eval row's own layout, for a re-export in its era's shape (export/rolloutVf.ts `rolloutAsWritten`). */
  written?: VfWritten;
}

/**
 * What a vf-eval row's re-export needs beyond the rollout to write the row as its era wrote it: the
 * top-level keys in order, and the values of those the rollout holds only read (an `id`, timing columns,
 * error chains, the nested metrics). Messages, info, tools, metrics and other columns are the rollout's own.
 */
export interface VfWritten {
  keys: string[];
  values: JsonObject;
}

/**
 * `inspect`: not a vf-eval row but an Inspect AI sample read into the same shape (a conversation,
 * a reward, metrics); `verifiers-v1`: a trace of verifiers' v1 `eval` (traces.jsonl).
 */
export type VfEra = 'v0.1.2.post1' | 'v0.1.3-v0.1.5' | 'v0.1.6-v0.1.9' | 'v0.1.10-v0.1.13' | 'v0.1.14+' | 'inspect' | 'verifiers-v1';

export interface VfMetadata {
  envId: string | null;
  model: string | null;
  numExamples: number | null;
  rolloutsPerExample: number | null;
  samplingArgs: JsonObject | null;
  /** As written: "YYYY-MM-DD" (+ " HH:MM:SS" in v0.1.4–v0.1.5); absent from v0.1.6. */
  date: string | null;
  /** Run duration in ms (`time_ms`, or `time` in seconds from v0.1.14). */
  durationMs: number | null;
  avgReward: number | null;
  avgMetrics: Record<string, number>;
  stateColumns: string[];
  vfVersion: string | null;
  tools: Json[] | null;
  raw: JsonObject;
  /** What was read from a shape other than vf-eval's own (a hosted run's record): reported with the import. */
  inferred?: Inference[];
}

/**
 * A row read. A native trace read from a JSONL line carries that line's text as `json` when the importer is asked
 * to keep it (`keepJson`): the JSON `trace` was read from, for a reader that would otherwise serialize it again.
 */
export type ImportedItem = { kind: 'native'; line: number; trace: Trace; json?: string } | { kind: 'vf'; rollout: VfRollout };

export interface ImportIssue {
  line: number;
  severity: 'error' | 'warning';
  reason: string;
}

export type ImportFormat = 'native-json' | 'native-jsonl' | 'vf-eval-jsonl' | 'verifiers-v1-jsonl' | 'inspect-json' | 'inspect-eval' | 'mixed' | 'none';

export type ImportEvent = { type: 'item'; item: ImportedItem } | { type: 'issue'; issue: ImportIssue };

export interface ImportSummary {
  format: ImportFormat;
  items: number;
  native: number;
  vf: number;
  /** Inspect AI samples (each also an item of kind 'vf', with `rollout.inspect` set). */
  inspect: number;
  errors: ImportIssue[];
  warnings: ImportIssue[];
  /** Issues beyond the reporting cap, counted but not listed. */
  unlisted: number;
  /** Set when the import stopped early (binary file, over the size cap). */
  fatal: string | null;
  lines: number;
  chars: number;
  vfEras: VfEra[];
  /** What the readers filled in that the file did not say, one sentence each ("role inferred for 48 tool messages"). */
  inferred: string[];
}

/** A summary before anything is read: every reader starts from one. */
export function emptySummary(format: ImportFormat): ImportSummary {
  return { format, items: 0, native: 0, vf: 0, inspect: 0, errors: [], warnings: [], unlisted: 0, fatal: null, lines: 0, chars: 0, vfEras: [], inferred: [] };
}
