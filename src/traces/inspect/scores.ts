import { isJsonObject, type Json } from '../../core/json';
import { ShapeError } from '../validate';
import type { InspectScore } from './types';

const GRADES: Record<string, number> = { C: 1, I: 0, P: 0.5, N: 0 };

/**
 * A score value as a number, as Inspect's `value_to_float` reads it: numbers
 * and booleans as they are, the letter grades C/I/P/N, yes/no, true/false and
 * numeric strings. Where Inspect would warn and count 0, this says "no number"
 * (null): a made-up zero would pull a mean down.
 */
export function scoreToNumber(v: Json): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v !== 'string') return null;
  if (v in GRADES) return GRADES[v]!;
  const lower = v.trim().toLowerCase();
  if (lower === 'yes' || lower === 'true') return 1;
  if (lower === 'no' || lower === 'false') return 0;
  const n = lower === '' ? NaN : Number(lower);
  return Number.isFinite(n) ? n : null;
}

export function readScore(v: Json, path: string): InspectScore {
  if (!isJsonObject(v)) throw new ShapeError(path, 'expected a score object');
  if (!('value' in v)) throw new ShapeError(`${path}.value`, 'a score without a value');
  const value = v.value ?? null;
  return {
    value,
    numeric: scoreToNumber(value),
    answer: typeof v.answer === 'string' ? v.answer : null,
    explanation: typeof v.explanation === 'string' ? v.explanation : null,
    metadata: isJsonObject(v.metadata) ? v.metadata : null,
  };
}

/** The parts of a dict or list score, each as a number where Inspect reads one: [key, number] in the order written. */
export function scoreParts(value: Json): [string, number | null][] {
  if (isJsonObject(value)) return Object.entries(value).map(([k, x]) => [k, scoreToNumber(x)]);
  if (Array.isArray(value)) return value.map((x, i) => [String(i), scoreToNumber(x)]);
  return [];
}

/** The column a part of a score is listed under: "scorer/key", as Inspect's viewer names them. */
export const partColumn = (scorer: string, key: string) => `${scorer}/${key}`;

/**
 * Metric columns of one sample: a scalar score under its scorer's name, a dict
 * or list score as one column per numeric part ("scorer/key", "scorer/0").
 * A scalar primary scorer is the reward and not repeated as a metric; every
 * part of a dict or list is a column, the one read as the reward too.
 */
export function scoreMetrics(scores: Record<string, InspectScore>, primary: string | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, s] of Object.entries(scores)) {
    if (isJsonObject(s.value) || Array.isArray(s.value)) {
      for (const [k, n] of scoreParts(s.value)) if (n !== null) out[partColumn(name, k)] = n;
    } else if (name !== primary && s.numeric !== null) out[name] = s.numeric;
  }
  return out;
}

/**
 * How a sample's reward was read: `scorer` the primary scorer's own value; for a dict or list,
 * `metric` the part named like the log's metrics for that scorer, in the order its results list
 * them (a dict of metrics lists each key as a score of its own, the first being the headline;
 * a metric over the whole dict is listed as "<metric>_<key>", as Inspect expands it), else
 * `first-numeric` the first part Inspect reads as a number.
 */
export type RewardRule = 'scorer' | 'metric' | 'first-numeric';

export interface RewardRead {
  reward: number | null;
  /** The metric column the reward is (the scorer's name, or "scorer/key"); null when nothing was read. */
  column: string | null;
  rule: RewardRule | null;
}

/** The reward of one sample by the rules above. `metricNames`: the log's result score names for `primary`, then their metrics' names, in order. */
export function readReward(scores: Record<string, InspectScore>, primary: string | null, metricNames: readonly string[]): RewardRead {
  const s = primary === null ? undefined : scores[primary];
  if (!s || primary === null) return { reward: null, column: null, rule: null };
  if (!isJsonObject(s.value) && !Array.isArray(s.value))
    return { reward: s.numeric, column: s.numeric === null ? null : primary, rule: s.numeric === null ? null : 'scorer' };
  const parts = scoreParts(s.value);
  for (const name of metricNames) {
    // A dict of metrics names a score by its key; a metric whose value is a dict is expanded as "<metric>_<key>".
    const part = parts.find(([k, n]) => n !== null && (k === name || name.endsWith(`_${k}`)));
    if (part) return { reward: part[1], column: partColumn(primary, part[0]), rule: 'metric' };
  }
  const first = parts.find(([, n]) => n !== null);
  return first ? { reward: first[1], column: partColumn(primary, first[0]), rule: 'first-numeric' } : { reward: null, column: null, rule: null };
}
