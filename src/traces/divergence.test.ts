import { describe, expect, it } from 'vitest';
import type { Scorecard } from '../core/types';
import { divergence, divergesAs, verdictsOf, type RunVerdicts } from './divergence';

/** A scorecard written out by hand: only what divergence reads is filled in. */
const card = (naive: 'PASS' | 'FAIL', full: 'PASS' | 'FAIL', reward: number, strict?: number): Scorecard => ({
  layers: [],
  reward,
  naive: naive === 'PASS' ? 1 : 0,
  readings: strict === undefined ? undefined : { strict },
  verdict: { naive, full, caughtBy: full === 'FAIL' ? 'somewhere' : null },
  final: true,
});

describe('divergence over a set of runs', () => {
  // 0: a cheat the naive verifier passes; 1: honest and right; 2: right by the verifier, wrong by the answer checker;
  // 3: strict 0 with a dense 0.9 (ticket-queue style); 4: strict 0, dense 0.3 (not divergent);
  // 5: unscored; 6: a cheat with a strict reading as well (counts twice, listed once).
  const runs = [
    verdictsOf(card('PASS', 'FAIL', 0.73)),
    verdictsOf(card('PASS', 'PASS', 1)),
    verdictsOf(card('FAIL', 'PASS', 1)),
    verdictsOf(card('FAIL', 'FAIL', 0.9, 0)),
    verdictsOf(card('FAIL', 'FAIL', 0.3, 0)),
    verdictsOf(null),
    verdictsOf(card('PASS', 'FAIL', 0.5, 0)),
  ];

  it('counts each kind over the runs it can judge, with rates and the positions that diverge', () => {
    const d = divergence(runs);
    expect(d.runs).toBe(7);
    expect(d.kinds['naive-pass-full-fail']).toEqual({ count: 2, of: 6, rate: 2 / 6, indices: [0, 6] });
    expect(d.kinds['naive-fail-full-pass']).toEqual({ count: 1, of: 6, rate: 1 / 6, indices: [2] });
    // Only three runs have a strict reading; 0.5 is "at least the threshold".
    expect(d.kinds['strict-vs-dense']).toEqual({ count: 2, of: 3, rate: 2 / 3, indices: [3, 6] });
    expect(d.diverging).toEqual([0, 2, 3, 6]);
  });

  it('a higher threshold drops the dense runs below it', () => {
    const d = divergence(runs, 0.95);
    expect(d.kinds['strict-vs-dense'].indices).toEqual([]);
    expect(d.denseAt).toBe(0.95);
  });

  it('has no rate where nothing can be judged: no strict reading, or no runs', () => {
    const noStrict = divergence([verdictsOf(card('PASS', 'FAIL', 0.8))]);
    expect(noStrict.kinds['strict-vs-dense']).toEqual({ count: 0, of: 0, rate: null, indices: [] });
    expect(divergence([]).kinds['naive-pass-full-fail'].rate).toBeNull();
  });

  it('does not judge a run whose naive verdict is unknown', () => {
    const partial: RunVerdicts = { naive: null, full: 'FAIL', reward: 0.2, strict: null };
    expect(divergesAs(partial, 'naive-pass-full-fail')).toBe(false);
    expect(divergence([partial]).kinds['naive-pass-full-fail'].of).toBe(0);
  });

  it('reads the strict reading only where the world reports one (no fallback to the full verdict)', () => {
    expect(verdictsOf(card('PASS', 'FAIL', 0.73))).toEqual({ naive: 'PASS', full: 'FAIL', reward: 0.73, strict: null });
    expect(verdictsOf(card('FAIL', 'FAIL', 0.9, 0))?.strict).toBe(0);
  });
});
