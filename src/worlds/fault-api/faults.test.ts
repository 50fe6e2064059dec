import { describe, expect, it } from 'vitest';
import { faultsFor } from './faults';
import { FAULT_RATES, PROFILES, pagesNeeded, quotaFor } from './params';
import { params } from './testing';

describe('fault-api faults', () => {
  it('are a pure function of (seed, request index): same inputs, same faults', () => {
    for (let i = 0; i < 30; i++) expect(faultsFor(params('hostile', 9), i)).toEqual(faultsFor(params('hostile', 9), i));
  });

  it('never fire on clean, and there is no quota', () => {
    for (let seed = 1; seed <= 60; seed++)
      for (let i = 0; i < 30; i++)
        expect(faultsFor(params('clean', seed), i)).toEqual({ timeout: false, cursorRepeat: false, typeDrift: false, inflatedTotal: null });
    expect(quotaFor(params('clean', 1))).toBeNull();
  });

  it('size the quota from the pages needed: 2.0× realistic, 2.2× hostile', () => {
    expect(pagesNeeded(params('hostile', 1))).toBe(10);
    expect(quotaFor(params('realistic', 1))).toBe(20);
    expect(quotaFor(params('hostile', 1))).toBe(22);
    expect(quotaFor({ ...params('hostile', 1), numRecords: 80 })).toBe(44);
  });

  it('never strike (timeout or cursor repeat) two requests in a row', () => {
    for (const profile of PROFILES)
      for (let seed = 1; seed <= 300; seed++) {
        let previous = false;
        for (let i = 0; i < 40; i++) {
          const f = faultsFor(params(profile, seed), i);
          const strike = f.timeout || f.cursorRepeat;
          expect(strike && previous, `${profile} seed ${seed} request ${i}`).toBe(false);
          previous = strike;
        }
      }
  });

  it('schedule a timeout within the first pages on every hostile seed', () => {
    expect(FAULT_RATES.hostile.scheduledTimeout).toBe(true);
    for (let seed = 1; seed <= 200; seed++) {
      const p = params('hostile', seed);
      const hits = Array.from({ length: pagesNeeded(p) }, (_, i) => faultsFor(p, i).timeout).filter(Boolean);
      expect(hits.length, `seed ${seed}`).toBeGreaterThan(0);
    }
  });

  it('inflate the total above the real count when they fire', () => {
    for (let seed = 1; seed <= 30; seed++)
      for (let i = 0; i < 10; i++) {
        const t = faultsFor(params('hostile', seed), i).inflatedTotal;
        if (t !== null) expect(t).toBeGreaterThan(40);
      }
  });
});
