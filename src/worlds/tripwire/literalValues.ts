import type { SqlValue } from 'sql.js';

/**
 * The values literal-only registers of a compiled program can hold (`provenance.ts` reads where
 * values come from; this works out what the literal-only ones are): literals, then copies,
 * arithmetic, concatenation, the deterministic functions the engine works out, and through
 * records into scratch tables and back.
 */

/** A value a literal-only path holds. */
export type LiteralValue = string | number;
/**
 * Works out a deterministic scalar function on literal arguments (undefined: not worked out).
 * `factored`: the engine itself judged the call constant (it sits in a run-once block), so any
 * deterministic function may be worked out, not only the whitelist.
 */
export type Evaluate = (fn: string, args: readonly LiteralValue[], factored?: boolean) => LiteralValue | null | undefined;

export const num = (v: SqlValue | undefined) => Number(v ?? 0);

/** A Real or Int64 literal from the two 32-bit halves sql.js's EXPLAIN shows (p1 low, p3 high). */
export function wordsToNumber(op: 'Real' | 'Int64', low: number, high: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setInt32(0, low, true);
  view.setInt32(4, high, true);
  return op === 'Real' ? view.getFloat64(0, true) : Number(view.getBigInt64(0, true));
}

/** At most this many values per register: enough for a UNION of a few literals, bounded for a cross product. */
const MAX_VALUES = 16;
const ARITHMETIC: Record<string, (a: number, b: number) => number> = {
  Add: (a, b) => b + a,
  Subtract: (a, b) => b - a,
  Multiply: (a, b) => b * a,
  Divide: (a, b) => (Number.isInteger(a) && Number.isInteger(b) ? Math.trunc(b / a) : b / a),
  Remainder: (a, b) => b % a,
};
const asNumber = (v: LiteralValue): number | null => (typeof v === 'number' ? v : v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);
/** Aggregates whose result over one literal-only row is that row's value. */
const VALUE_KEEPING = /^(max|min|sum|total|avg|group_concat|string_agg|any_value)\(1\)$/i;
/** Deterministic scalar functions whose result on literals is the agent's typing in another form. */
export const EVALUATED_FUNCTIONS = new Set([
  'replace',
  'lower',
  'upper',
  'trim',
  'ltrim',
  'rtrim',
  'substr',
  'substring',
  'printf',
  'format',
  'char',
  'unhex',
  'hex',
  'abs',
  'round',
  'concat',
  'concat_ws',
  'reverse',
  'unicode',
  'cast',
  'quote',
]);

/** Cast's p2 for TEXT ('B'). */
const TEXT_AFFINITY = 66;

/**
 * The instructions (by index) the engine put in a run-once block (`Once` to its jump) or
 * the start-up section after `Halt`: where SQLite factors out an expression it judged
 * constant, a deterministic function of constant arguments.
 */
function onceFactored(ops: readonly SqlValue[][]): Set<number> {
  const out = new Set<number>();
  const index = new Map(ops.map((row, i) => [num(row[0]), i] as const));
  ops.forEach(([, op, , p2], i) => {
    if (op !== 'Once') return;
    const end = index.get(num(p2)) ?? i;
    for (let k = i + 1; k < end; k++) out.add(k);
  });
  const halt = ops.findIndex((row) => row[1] === 'Halt');
  if (halt >= 0) for (let k = halt + 1; k < ops.length; k++) out.add(k);
  return out;
}

/**
 * The values literal-only registers can hold: literals, then copies, arithmetic,
 * concatenation, the functions `evaluate` works out, and through records into
 * scratch tables and back. Registers whose values cannot be worked out hold none.
 */
export function literalValues(ops: readonly SqlValue[][], decodeWide: boolean, evaluate?: Evaluate): Map<number, Set<LiteralValue>> {
  const regs = new Map<number, Set<LiteralValue>>();
  const records = new Map<number, Set<LiteralValue>[]>();
  const cursors = new Map<number, Set<LiteralValue>[]>();
  const pseudo = new Map<number, number>();
  const dups = new Map<number, number>();
  const root = (c: number) => dups.get(c) ?? c;
  let changed = true;
  const add = (into: Set<LiteralValue>, v: LiteralValue) => {
    if (into.size < MAX_VALUES && !into.has(v)) {
      into.add(v);
      changed = true;
    }
  };
  const at = (r: number) => {
    let set = regs.get(r);
    if (!set) regs.set(r, (set = new Set()));
    return set;
  };
  const column = (m: Map<number, Set<LiteralValue>[]>, k: number, i: number) => {
    let cols = m.get(k);
    if (!cols) m.set(k, (cols = []));
    return (cols[i] ??= new Set());
  };
  const factored = onceFactored(ops);
  while (changed) {
    changed = false;
    for (let pc = 0; pc < ops.length; pc++) {
      const [, opRaw, r1, r2, r3, p4] = ops[pc]!;
      const op = String(opRaw);
      const [p1, p2, p3] = [num(r1), num(r2), num(r3)];
      if (op === 'String8' || op === 'String' || op === 'Blob') add(at(p2), String(p4 ?? ''));
      else if (op === 'Integer') add(at(p2), p1);
      else if (decodeWide && (op === 'Real' || op === 'Int64')) add(at(p2), wordsToNumber(op, p1, p3));
      else if (op === 'SCopy' || op === 'IntCopy') for (const v of [...at(p1)]) add(at(p2), v);
      else if (op === 'Copy' || op === 'Move') {
        for (let i = 0; i < (op === 'Copy' ? p3 + 1 : Math.max(1, p3)); i++) for (const v of [...at(p1 + i)]) add(at(p2 + i), v);
      } else if (op in ARITHMETIC || op === 'Concat') {
        for (const a of [...at(p1)])
          for (const b of [...at(p2)]) {
            if (op === 'Concat') add(at(p3), `${String(b)}${String(a)}`);
            else {
              // SQLite reads '29000' as a number in arithmetic.
              const [x, y] = [asNumber(a), asNumber(b)];
              const v = x === null || y === null ? NaN : ARITHMETIC[op]!(x, y);
              if (Number.isFinite(v)) add(at(p3), v);
            }
          }
      } else if ((op === 'AggStep' || op === 'AggStep1') && VALUE_KEEPING.test(String(p4 ?? ''))) {
        // max('x'), min(29000 + 761), sum(…) over a literal-only arm: the result can be that value.
        for (const v of [...at(p2)]) add(at(p3), v);
      } else if (op === 'AggValue') for (const v of [...at(p1)]) add(at(p3), v);
      else if (op === 'Cast') for (const v of [...at(p1)]) add(at(p1), p2 === TEXT_AFFINITY ? String(v) : (asNumber(v) ?? v));
      else if ((op === 'Function' || op === 'PureFunc') && evaluate) {
        const m = /^(\w+)\((-?\d+)\)$/.exec(String(p4 ?? ''));
        // A call the engine runs once (its arguments all constant, the function deterministic) is worked out whatever it is.
        const once = factored.has(pc);
        if (!m || !(once || EVALUATED_FUNCTIONS.has(m[1]!.toLowerCase()))) continue;
        // A variadic call (char(-1)) states no count; p1 marks its constant arguments, all of them when every one is a literal.
        const n = Number(m[2]) >= 0 ? Number(m[2]) : p1 > 0 ? Math.floor(Math.log2(p1)) + 1 : 0;
        // Outside a run-once block the mask may stop short of data arguments (printf('%.2f', x) marks one): not worked out.
        if (Number(m[2]) < 0 && !once) continue;
        let combos: LiteralValue[][] = [[]];
        for (let i = 0; i < n; i++) combos = combos.flatMap((c) => [...at(p2 + i)].map((v) => [...c, v])).slice(0, MAX_VALUES);
        for (const args of combos) {
          if (args.length !== n) continue;
          const v = evaluate(m[1]!, args, once);
          if (v !== null && v !== undefined) add(at(p3), v);
        }
      } else if (op === 'MakeRecord') for (let i = 0; i < p2; i++) for (const v of [...at(p1 + i)]) add(column(records, p3, i), v);
      else if (op === 'Insert' || op === 'IdxInsert' || op === 'SorterInsert')
        (records.get(p2) ?? []).forEach((vals, i) => vals.forEach((v) => add(column(cursors, root(p1), i), v)));
      else if (op === 'SorterData' || op === 'RowData') (cursors.get(root(p1)) ?? []).forEach((vals, i) => vals.forEach((v) => add(column(records, p2, i), v)));
      else if (op === 'OpenPseudo') pseudo.set(p1, p2);
      else if (op === 'OpenDup') dups.set(p1, root(p2));
      else if (op === 'Column') {
        const reg = pseudo.get(p1);
        const from = reg !== undefined ? records.get(reg) : cursors.get(root(p1));
        for (const v of [...(from?.[p2] ?? [])]) add(at(p3), v);
      }
    }
  }
  return regs;
}
