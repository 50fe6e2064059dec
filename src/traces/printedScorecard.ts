import type { JsonObject } from '../core/json';
import { sharesOf, shareText, type ShareRole } from '../core/shares';
import type { Trace } from '../core/types';
import { verdictStory } from '../core/verdictStory';

export type ReplayStatus = 'match' | 'mismatch' | 'n/a';

/** The scorecard as the CLI prints it (`score`, `play`, `gotchas --json`). */
export interface PrintedScorecard {
  world: string;
  task: JsonObject;
  reward: number;
  naive: number;
  layers: Record<string, number>;
  /** How each layer entered the reward, as printed: its part in words and what it added (the adds sum to the reward). */
  shares: { layer: string; label: string; value: number; role: ShareRole; adds: string | null; text: string }[];
  /** The composition in words, e.g. "L3 policy gate × L0 final answer". */
  formula: string | null;
  /** Why naive and full differ, or that they agree. */
  why: string;
  readings?: Record<string, number>;
  verdict: { naive: 'PASS' | 'FAIL'; full: 'PASS' | 'FAIL'; caught_by: string | null };
  replay: ReplayStatus;
  stop: string;
  steps: number;
  agent?: string;
}

export function printedScorecard(trace: Trace, replay: ReplayStatus): PrintedScorecard {
  const card = trace.scorecard;
  if (!card) throw new Error('printedScorecard needs a scored trace');
  const shares = sharesOf(card);
  const out: PrintedScorecard = {
    world: trace.world,
    task: trace.task,
    reward: card.reward,
    naive: card.naive,
    layers: Object.fromEntries(card.layers.map((l) => [l.id, l.value])),
    shares: shares.rows.map((r) => ({ layer: r.layer.id, label: r.layer.label, value: r.layer.value, role: r.role, adds: r.adds, text: shareText(r) })),
    formula: shares.formula,
    why: verdictStory(card),
    verdict: { naive: card.verdict.naive, full: card.verdict.full, caught_by: card.verdict.caughtBy },
    replay,
    stop: trace.stop?.reason ?? 'running',
    steps: trace.steps.length,
  };
  if (card.readings) out.readings = card.readings;
  return out;
}
