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

/**
 * Metric columns of one sample: a scalar score under its scorer's name, a dict
 * score as one column per numeric key ("scorer/key", as Inspect's viewer lists
 * them). The primary scorer is the reward and not repeated as a metric.
 */
export function scoreMetrics(scores: Record<string, InspectScore>, primary: string | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, s] of Object.entries(scores)) {
    if (isJsonObject(s.value)) {
      for (const [k, x] of Object.entries(s.value)) {
        const n = scoreToNumber(x);
        if (n !== null) out[`${name}/${k}`] = n;
      }
    } else if (name !== primary && s.numeric !== null) out[name] = s.numeric;
  }
  return out;
}
