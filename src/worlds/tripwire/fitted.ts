import type { LiteralValue } from './literalValues';

/**
 * Fitted arithmetic: a result value made by combining the data with a constant the agent typed
 * shows the typing, not the data (`count(*) - 64` turns 80 into the 16 it knew, `sum(x) * 2`,
 * `max(id) - 1000`). SQL's own grammar is not fitting: the constants an honest query combines with
 * data to change units or scale — cents and dollars (`/ 100`, `/ 100.0`, `* 0.01`), percentages
 * (`* 100.0`), `* 1.0` to make a real, thousands, time units (24, 60, 3600, 86400, 7), a sign
 * (`- x`, `* -1`), a coercion (`+ 0`), a rounding half (`+ 0.5`), a cents remainder (`% 100`) —
 * and a date function of literals (`julianday('2025-03-01') - julianday(placed_on)`). Casts,
 * `round(x, 2)` and other functions are not arithmetic; a ratio of two data values has no
 * constant. What the rule cannot see: a constant fitted through a WHERE (`id <= 1016`) or a value
 * the data really holds.
 */

/** Factors that change a unit or a scale, either side of `*`, or as a divisor. */
const SCALES = [1, -1, 100, 0.01, 1000, 0.001, 24, 60, 3600, 86400, 7];
/** Grammar constants per operator and side (`lhs` op `rhs`); an operator not listed fits with any constant but 0. */
const GRAMMAR: Record<string, { lhs: readonly number[]; rhs: readonly number[] }> = {
  Add: { lhs: [0, 0.5, -0.5], rhs: [0, 0.5, -0.5] },
  Subtract: { lhs: [0], rhs: [0, 0.5] },
  Multiply: { lhs: SCALES, rhs: SCALES },
  Divide: { lhs: [1, 100], rhs: SCALES },
  Remainder: { lhs: [], rhs: [100] },
};
/** Building text is not arithmetic: `name || ' '`, `'#' || id`. */
const NOT_ARITHMETIC = new Set(['Concat']);

/** Date and time functions: of literals alone they name a date, and a difference of dates is grammar. */
export const DATE_FUNCTIONS = new Set(['julianday', 'unixepoch', 'strftime', 'date', 'datetime', 'time', 'timediff']);
/** Scalar functions that pick one of their arguments: given the data and a typed constant, they can return the constant. */
export const CLAMPS = new Set(['max', 'min']);

const asNumber = (v: LiteralValue): number | null => (typeof v === 'number' ? v : v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);
const near = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

export const isZero = (values: ReadonlySet<LiteralValue> | undefined) => values !== undefined && values.size > 0 && [...values].every((v) => asNumber(v) === 0);

/**
 * Whether `op` combining the data with a literal-only operand on `side` fits a value. `values`: what the
 * literal operand can hold (none known: fitted when the engine's literals can be read at all, `decodeWide`,
 * so a constant spelled where it cannot be worked out is not grammar by default); `date`: the operand is a
 * date function of literals.
 */
export function fittedBy(op: string, side: 'lhs' | 'rhs', values: ReadonlySet<LiteralValue> | undefined, date: boolean, decodeWide: boolean): boolean {
  if (NOT_ARITHMETIC.has(op) || date) return false;
  if (!values || values.size === 0) return decodeWide;
  const grammar = GRAMMAR[op]?.[side] ?? [0];
  return [...values].some((v) => {
    const n = asNumber(v);
    return n === null || !grammar.some((g) => near(n, g));
  });
}
