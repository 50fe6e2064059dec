/**
 * The few statistics a baseline table prints, each a pure function of its
 * numbers: means with a 95 % Student-t interval, proportions with a 95 %
 * Wilson interval (sensible at 0 of 5 and 5 of 5, where the normal one is
 * not), and medians.
 */

/** The normal distribution's 97.5th percentile. */
const Z = 1.959963984540054;

/** Student's t 97.5th percentile for 1–30 degrees of freedom (scipy.stats.t.ppf(0.975, df), to 9 places). */
const T_TABLE = [
  12.706204736, 4.30265273, 3.182446305, 2.776445105, 2.570581836, 2.446911851, 2.364624252, 2.306004135, 2.262157163, 2.228138852, 2.20098516, 2.17881283,
  2.160368656, 2.144786688, 2.131449546, 2.119905299, 2.109815578, 2.10092204, 2.093024054, 2.085963447, 2.079613845, 2.073873068, 2.06865761, 2.063898562,
  2.059538553, 2.055529439, 2.051830516, 2.048407142, 2.045229642, 2.042272456,
];

/**
 * t(0.975, df): the table up to 30, then the Cornish–Fisher expansion in 1/df
 * (Abramowitz & Stegun 26.7.5), within 1e-6 of the exact value from 31 on.
 */
export function tCritical95(df: number): number {
  if (!Number.isInteger(df) || df < 1) throw new RangeError(`degrees of freedom must be a whole number from 1, got ${df}`);
  if (df <= T_TABLE.length) return T_TABLE[df - 1]!;
  const z = Z;
  const g1 = (z ** 3 + z) / 4;
  const g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96;
  const g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384;
  const g4 = (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160;
  return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4;
}

export const mean = (xs: readonly number[]): number | null => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);

/** The sample standard deviation (n − 1); null below two values. */
export function sampleSd(xs: readonly number[]): number | null {
  const m = mean(xs);
  if (m === null || xs.length < 2) return null;
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
}

export interface MeanInterval {
  n: number;
  mean: number | null;
  /** The 95 % interval, within the scale's bounds; null below two values. */
  lo: number | null;
  hi: number | null;
  /** The t-interval reached past the bounds and was cut to them. */
  clipped: boolean;
}

/** The mean and its 95 % t-interval, cut to [min, max] (a reward cannot leave [0, 1]). */
export function meanInterval(xs: readonly number[], bounds: { min: number; max: number } = { min: 0, max: 1 }): MeanInterval {
  const m = mean(xs);
  const sd = sampleSd(xs);
  if (m === null || sd === null) return { n: xs.length, mean: m, lo: null, hi: null, clipped: false };
  const half = (tCritical95(xs.length - 1) * sd) / Math.sqrt(xs.length);
  const lo = m - half;
  const hi = m + half;
  return { n: xs.length, mean: m, lo: Math.max(bounds.min, lo), hi: Math.min(bounds.max, hi), clipped: lo < bounds.min || hi > bounds.max };
}

export interface Proportion {
  count: number;
  of: number;
  rate: number | null;
  /** The 95 % Wilson score interval; null when `of` is 0. */
  lo: number | null;
  hi: number | null;
}

export function wilson(count: number, of: number): Proportion {
  if (of === 0) return { count, of, rate: null, lo: null, hi: null };
  const p = count / of;
  const z2 = Z * Z;
  const denom = 1 + z2 / of;
  const centre = (p + z2 / (2 * of)) / denom;
  const half = (Z / denom) * Math.sqrt((p * (1 - p)) / of + z2 / (4 * of * of));
  return { count, of, rate: p, lo: Math.max(0, centre - half), hi: Math.min(1, centre + half) };
}

export function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
