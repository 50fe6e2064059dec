import { describe, expect, it } from 'vitest';
import { mean, meanInterval, median, sampleSd, tCritical95, wilson } from './stats';

// Reference values from scipy 1.x: stats.t.ppf, stats.t.interval, binomtest(...).proportion_ci(method='wilson').
describe('tCritical95', () => {
  it('is the table up to 30 and the expansion after, within 1e-6 of scipy', () => {
    expect(tCritical95(1)).toBeCloseTo(12.706204736, 9);
    expect(tCritical95(4)).toBeCloseTo(2.776445105, 9);
    expect(tCritical95(30)).toBeCloseTo(2.042272456, 9);
    for (const [df, exact] of [
      [31, 2.039513446396408],
      [40, 2.021075390306273],
      [60, 2.0002978220142604],
      [120, 1.9799304050824402],
      [1000, 1.9623390808264083],
    ] as const)
      expect(Math.abs(tCritical95(df) - exact), `df ${df}`).toBeLessThan(1e-6);
  });
  it('refuses a degree of freedom that is not a whole number from 1', () => {
    expect(() => tCritical95(0)).toThrow('from 1');
    expect(() => tCritical95(2.5)).toThrow('whole number');
  });
});

describe('meanInterval', () => {
  it('gives the t-interval, cut to [0, 1] and saying so', () => {
    const r = meanInterval([0.2, 0.9, 0.5, 1.0, 0.4]);
    expect(r.mean).toBeCloseTo(0.6, 12);
    expect(r.lo).toBeCloseTo(0.17893125180077057, 9);
    expect(r.hi).toBe(1);
    expect(r.clipped).toBe(true);
    const inside = meanInterval([0.1, 0.2], { min: -1, max: 1 });
    expect(inside.lo).toBeCloseTo(-0.48531023680873475, 9);
    expect(inside.hi).toBeCloseTo(0.7853102368087348, 9);
    expect(inside.clipped).toBe(false);
  });
  it('has no interval below two values, and no mean of nothing', () => {
    expect(meanInterval([0.7])).toEqual({ n: 1, mean: 0.7, lo: null, hi: null, clipped: false });
    expect(meanInterval([])).toEqual({ n: 0, mean: null, lo: null, hi: null, clipped: false });
    expect(meanInterval([0.5, 0.5])).toMatchObject({ lo: 0.5, hi: 0.5 });
  });
  it('mean and sd', () => {
    expect(mean([1, 2, 3])).toBe(2);
    expect(sampleSd([1, 2, 3])).toBe(1);
    expect(sampleSd([1])).toBeNull();
  });
});

describe('wilson', () => {
  it('matches scipy, including at 0 and all', () => {
    const close = (p: ReturnType<typeof wilson>, lo: number, hi: number) => {
      expect(p.lo).toBeCloseTo(lo, 9);
      expect(p.hi).toBeCloseTo(hi, 9);
    };
    close(wilson(3, 5), 0.23072428127601297, 0.8823792257673521);
    close(wilson(0, 5), 0, 0.43448246478317476);
    close(wilson(5, 5), 0.5655175352168251, 1);
    close(wilson(1, 2), 0.09453120573423074, 0.9054687942657693);
    expect(wilson(3, 5).rate).toBe(0.6);
    expect(wilson(0, 0)).toEqual({ count: 0, of: 0, rate: null, lo: null, hi: null });
  });
});

describe('median', () => {
  it('takes the middle, or the mean of the two middles', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});
