import { hashString } from '../../core/hash';
import type { Trace, Verdict } from '../../core/types';
import type { ReplayReport } from '../../traces/replay';

/**
 * A trace replayed against the worlds as this page has them, and scored by
 * today's verifiers. Kept apart from the score the trace recorded: the two
 * are different facts (the file may be edited, the world may have changed).
 */
export interface Rescore {
  /** Which recording it is of (a run that grew since is no longer verified). */
  of: string;
  replay: 'match' | 'mismatch';
  reward: number | null;
  naive: number | null;
  full: Verdict | null;
  naiveVerdict: Verdict | null;
}

/** Which recording a trace is: its calls, results, stop and recorded score, hashed. */
export const fingerprint = (t: Trace): string =>
  `${t.steps.length}:${hashString(JSON.stringify([t.steps.map((s) => [s.call, s.result]), t.stop, t.scorecard?.reward ?? null]))}`;

export function rescoreOf(recorded: Trace, report: ReplayReport): Rescore {
  const card = report.trace.scorecard;
  return {
    of: fingerprint(recorded),
    replay: report.status,
    reward: card?.reward ?? null,
    naive: card?.naive ?? null,
    full: card?.verdict.full ?? null,
    naiveVerdict: card?.verdict.naive ?? null,
  };
}

/** Whether the re-score says something other than the recording did. */
export const rescoreDiffers = (recordedReward: number | null, r: Rescore): boolean =>
  r.replay === 'mismatch' || recordedReward === null || r.reward === null || Math.abs(recordedReward - r.reward) > 1e-6;
