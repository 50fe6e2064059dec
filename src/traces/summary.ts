import type { JsonObject } from '../core/json';
import type { Trace } from '../core/types';

export type ReplayStatus = 'match' | 'mismatch' | 'n/a';

/** The scorecard as the CLI prints it (`score`, `play`, `gotchas --json`). */
export interface ScoreSummary {
  world: string;
  task: JsonObject;
  reward: number;
  naive: number;
  layers: Record<string, number>;
  readings?: Record<string, number>;
  verdict: { naive: 'PASS' | 'FAIL'; full: 'PASS' | 'FAIL'; caught_by: string | null };
  replay: ReplayStatus;
  stop: string;
  steps: number;
  agent?: string;
}

export function summarize(trace: Trace, replay: ReplayStatus): ScoreSummary {
  const card = trace.scorecard;
  if (!card) throw new Error('summarize needs a scored trace');
  const out: ScoreSummary = {
    world: trace.world,
    task: trace.task,
    reward: card.reward,
    naive: card.naive,
    layers: Object.fromEntries(card.layers.map((l) => [l.id, l.value])),
    verdict: { naive: card.verdict.naive, full: card.verdict.full, caught_by: card.verdict.caughtBy },
    replay,
    stop: trace.stop?.reason ?? 'running',
    steps: trace.steps.length,
  };
  if (card.readings) out.readings = card.readings;
  return out;
}
