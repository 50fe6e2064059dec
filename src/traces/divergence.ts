import type { Scorecard, Verdict } from '../core/types';
import { strictReading } from '../core/validate';

/**
 * The design seed's quality gates over any set of runs, not only the reference
 * agents `validate` plays: where the naive and the full verifier disagree, and
 * where a world's strict reading says 0 while its full reward says "mostly right".
 */

/** What divergence reads from one run. A null field is unknown (a vf-eval row may carry no naive verdict). */
export interface RunVerdicts {
  naive: Verdict | null;
  full: Verdict | null;
  reward: number | null;
  /** The world's strict reading; null where the world has none (only ticket-queue reports one today). */
  strict: number | null;
}

export type DivergenceKind = 'naive-pass-full-fail' | 'naive-fail-full-pass' | 'strict-vs-dense';

export const DIVERGENCE_KINDS: readonly DivergenceKind[] = ['naive-pass-full-fail', 'naive-fail-full-pass', 'strict-vs-dense'];

/** The full reward at or above which a strict 0 counts as divergent (the seed's, and `validate`'s, 0.5). */
export const FULL_AT = 0.5;

export function verdictsOf(card: Scorecard | null | undefined): RunVerdicts | null {
  if (!card) return null;
  return { naive: card.verdict.naive, full: card.verdict.full, reward: card.reward, strict: strictReading(card) };
}

/** Whether a run can be judged for this kind at all: the denominator of its rate. */
function judgeable(v: RunVerdicts, kind: DivergenceKind): boolean {
  if (kind === 'strict-vs-dense') return v.strict !== null && v.reward !== null;
  return v.naive !== null && v.full !== null;
}

/** Whether one run diverges in this way; a run that cannot be judged does not. */
export function divergesAs(v: RunVerdicts | null, kind: DivergenceKind, fullAt = FULL_AT): boolean {
  if (!v || !judgeable(v, kind)) return false;
  if (kind === 'naive-pass-full-fail') return v.naive === 'PASS' && v.full === 'FAIL';
  if (kind === 'naive-fail-full-pass') return v.naive === 'FAIL' && v.full === 'PASS';
  return v.strict === 0 && v.reward !== null && v.reward >= fullAt;
}

/** Whether a run diverges in any of the three ways. */
export const diverges = (v: RunVerdicts | null, fullAt = FULL_AT): boolean => DIVERGENCE_KINDS.some((k) => divergesAs(v, k, fullAt));

export interface DivergenceCount {
  count: number;
  /** Runs this kind could be judged on (both verdicts known; for strict, a strict reading). */
  of: number;
  /** count / of; null when no run could be judged. */
  rate: number | null;
  /** Positions in the input of the runs that diverge this way. */
  indices: number[];
}

export interface Divergence {
  runs: number;
  /** The full reward at or above which a strict 0 diverged (the UI reads this name: kept until it moves too). */
  denseAt: number;
  kinds: Record<DivergenceKind, DivergenceCount>;
  /** Positions of runs that diverge in any way, in input order. */
  diverging: number[];
}

/** One pass over the runs (the library sums 10,000 rows with each batch an import lists). */
export function divergence(runs: readonly (RunVerdicts | null)[], fullAt = FULL_AT): Divergence {
  const kinds = {} as Record<DivergenceKind, DivergenceCount>;
  for (const kind of DIVERGENCE_KINDS) kinds[kind] = { count: 0, of: 0, rate: null, indices: [] };
  const diverging: number[] = [];
  runs.forEach((v, i) => {
    if (!v) return;
    let any = false;
    for (const kind of DIVERGENCE_KINDS) {
      if (!judgeable(v, kind)) continue;
      const c = kinds[kind];
      c.of++;
      if (divergesAs(v, kind, fullAt)) {
        c.indices.push(i);
        any = true;
      }
    }
    if (any) diverging.push(i);
  });
  for (const c of Object.values(kinds)) {
    c.count = c.indices.length;
    c.rate = c.of === 0 ? null : c.count / c.of;
  }
  return { runs: runs.length, denseAt: fullAt, kinds, diverging };
}

/** How each kind is named on screen and in the CLI's text. */
export function divergenceLabel(kind: DivergenceKind, fullAt = FULL_AT): string {
  if (kind === 'naive-pass-full-fail') return 'naive PASS · full FAIL';
  if (kind === 'naive-fail-full-pass') return 'naive FAIL · full PASS';
  return `strict 0 while full ≥ ${fullAt.toFixed(2)}`;
}
