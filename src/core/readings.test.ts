import { describe, expect, it } from 'vitest';
import { firstDisagreement, jumpTargets, nextTarget, readingOf, type Reading } from './readings';
import type { Scorecard, Step, WorldEvent } from './types';

const r = (naive: number, full: number): Reading => ({ naive, full, naiveVerdict: naive === 1 ? 'PASS' : 'FAIL', fullVerdict: full === 1 ? 'PASS' : 'FAIL' });

const ev = (kind: WorldEvent['kind'], code: string = kind): WorldEvent => ({ code, kind, layer: null, message: code });
const step = (index: number, events: WorldEvent[], ok = true): Step => ({
  index,
  call: { name: 't', arguments: {} },
  result: { ok, content: '', done: false },
  events,
});

describe('the readings of an episode so far', () => {
  it('reads a scorecard as naive and full values and verdicts', () => {
    const card: Scorecard = { layers: [], reward: 0.73, naive: 1, verdict: { naive: 'PASS', full: 'FAIL', caughtBy: 'x' }, final: true };
    expect(readingOf(card)).toEqual({ naive: 1, full: 0.73, naiveVerdict: 'PASS', fullVerdict: 'FAIL' });
  });

  it('splits where the verdicts first differ, not where the values do', () => {
    // Partial credit on the full side from the start is not a split.
    expect(firstDisagreement([r(0, 0.2), r(0, 0.5), r(1, 0.73)])).toBe(2);
    // Agreeing again later does not move the first split.
    expect(firstDisagreement([r(0, 0), r(1, 1), r(1, 0), r(1, 1)])).toBe(2);
    // Full PASS while naive FAILs is a split too.
    expect(firstDisagreement([r(0, 0), r(0, 1)])).toBe(1);
    expect(firstDisagreement([r(0, 0.3), r(1, 1)])).toBeNull();
    expect(firstDisagreement([])).toBeNull();
  });
});

describe('jump targets', () => {
  const steps = [
    step(0, []),
    step(1, [ev('fault', 'duplicate-row')]),
    step(2, [ev('access'), ev('trip', 'honeypot')]),
    step(3, [], false),
    step(4, [ev('refused')]),
    step(5, [ev('error', 'bad-arguments'), ev('fault', 'timeout')]),
    step(6, [ev('access'), ev('write'), ev('info')]),
  ];

  it('finds faults, access trips or refusals, and errors (a failed call or an error event) by calls applied', () => {
    expect(jumpTargets(steps, 'fault')).toEqual([2, 6]);
    expect(jumpTargets(steps, 'access')).toEqual([3, 5]);
    expect(jumpTargets(steps, 'error')).toEqual([4, 6]);
    expect(jumpTargets([], 'fault')).toEqual([]);
  });

  it('moves to the nearest target strictly after or before', () => {
    const ks = [2, 6];
    expect(nextTarget(ks, 0, 1)).toBe(2);
    expect(nextTarget(ks, 2, 1)).toBe(6);
    expect(nextTarget(ks, 6, 1)).toBeNull();
    expect(nextTarget(ks, 7, -1)).toBe(6);
    expect(nextTarget(ks, 6, -1)).toBe(2);
    expect(nextTarget(ks, 2, -1)).toBeNull();
    expect(nextTarget([], 3, 1)).toBeNull();
  });
});
