import type { SqlValue } from 'sql.js';

/**
 * Where a statement's result values come from, read off its compiled program
 * (EXPLAIN), never its text: which result columns can only hold values built
 * from the statement's own literals, and which literals the program loads. What
 * the contract's "only observed facts count" rule is judged on (`observed.ts`).
 *
 * A register holds *data* when some instruction writes it from a table cursor
 * (Column, Rowid, Count…), an aggregate, or another data register; a result
 * column is *constant* when every ResultRow's register for it holds a literal-made
 * value and never data:
 * `SELECT 'ada@example.com'`, `SELECT 10000 + 103 FROM orders`, a CASE that
 * picks between literals. The analysis errs towards data: an instruction it
 * does not model marks every register it names as data, so an honest query is
 * never read as typed-in.
 */
export interface Provenance {
  /** Per result column: true when every value it can hold is built from the statement's literals alone. */
  constant: boolean[];
  /** Per result column: true when some value it can hold is built from literals alone (a UNION arm, a CASE branch, a coalesce default). */
  literal: boolean[];
  /** The literals the program loads: text and numbers the agent typed. */
  texts: string[];
  numbers: number[];
  /**
   * Per result column: the values its literal-only paths compute, where they can be
   * worked out (arithmetic, concatenation, a few deterministic functions): what
   * `replace('a#b', '#', '.')` or `29000 + 761` in a UNION arm beside the data makes.
   */
  computed: (string | number)[][];
  /**
   * Every value a literal-only path of the program computes, wherever it goes: `char(49, 54)`,
   * `unhex('3136')`, `x'3136'`, `CAST(16 AS TEXT)`, `max(3164, 0) + 0.38`, a
   * `json_extract` of a typed text. Typed values in another spelling: a cell holding
   * one (`char(49, 54) || substr(name, 1, 0)`) shows the agent's typing, not the data.
   */
  derived: (string | number)[];
}

/** A value a literal-only path holds. */
export type LiteralValue = string | number;
/**
 * Works out a deterministic scalar function on literal arguments (undefined: not worked out).
 * `factored`: the engine itself judged the call constant (it sits in a run-once block), so any
 * deterministic function may be worked out, not only the whitelist.
 */
export type Evaluate = (fn: string, args: readonly LiteralValue[], factored?: boolean) => LiteralValue | null | undefined;

/** What a register (or a record's column) may hold: a value made from table data, one made from literals alone. */
const DATA = 1;
const LIT = 2;
/** A cursor's columns: 'table' for a real b-tree (every column data), else per column. */
type Cols = number[] | 'table';

/** Writes nothing a result can show (control flow, comparisons, cursor moves, constant loads, in-place casts). */
const INERT = new Set([
  'Init',
  'Goto',
  'Gosub',
  'Return',
  'Yield',
  'InitCoroutine',
  'EndCoroutine',
  'Halt',
  'HaltIfNull',
  'Transaction',
  'TableLock',
  'Rewind',
  'Next',
  'Prev',
  'Last',
  'SorterSort',
  'SorterNext',
  'Sort',
  'Eq',
  'Ne',
  'Lt',
  'Le',
  'Gt',
  'Ge',
  'If',
  'IfNot',
  'IfPos',
  'IfNotZero',
  'DecrJumpZero',
  'IsNull',
  'NotNull',
  'Once',
  'Jump',
  'Compare',
  'Permutation',
  'SeekRowid',
  'SeekGE',
  'SeekGT',
  'SeekLE',
  'SeekLT',
  'IdxGE',
  'IdxGT',
  'IdxLE',
  'IdxLT',
  'Found',
  'NotFound',
  'NoConflict',
  'NotExists',
  'IfNoHope',
  'Close',
  'ResultRow',
  'Noop',
  'Explain',
  'CollSeq',
  'Trace',
  'ReleaseReg',
  'Delete',
  'NullRow',
  'DeferredSeek',
  'FinishSeek',
  'SeekEnd',
  'SeekHit',
  'SeekScan',
  'IsType',
  'ElseEq',
  'ClrSubtype',
  'TypeCheck',
  'Filter',
  'FilterAdd',
  'VFilter',
  'VNext',
  'CursorHint',
  'CursorLock',
  'CursorUnlock',
  'Clear',
  'ResetSorter',
  'ResetCount',
  'IfSmaller',
  'IfNullRow',
  'FkCheck',
  'FkCounter',
  'FkIfZero',
  'Cast',
  'RealAffinity',
  'Affinity',
  'MustBeInt',
  'AddImm',
  'Null',
  'SoftNull',
  'Variable',
  'BeginSubrtn',
  'ZeroOrNull',
  'OffsetLimit',
  'HaltIfNull',
  'IdxDelete',
  'SorterCompare',
  'MaxPgcnt',
  'Abortable',
  'ReadCookie',
  'Expire',
  'IntegrityCk',
  'RowSetAdd',
  'RowSetTest',
  'Savepoint',
  'AutoCommit',
  'VerifyCookie',
]);
const BINARY = new Set(['Add', 'Subtract', 'Multiply', 'Divide', 'Remainder', 'Concat', 'BitAnd', 'BitOr', 'ShiftLeft', 'ShiftRight']);
const UNARY = new Set(['Not', 'BitNot', 'IsTrue', 'SCopy', 'IntCopy']);
const LITERALS = new Set(['Integer', 'Int64', 'Real', 'String8', 'String', 'Blob']);
/** Values the engine makes from the rows themselves. */
const FROM_ROWS = new Set(['Rowid', 'IdxRowid', 'Count', 'Sequence', 'NewRowid', 'RowSetRead']);
const OPENS_TABLE = new Set(['OpenRead', 'OpenWrite', 'ReopenIdx', 'VOpen']);
const OPENS_EMPTY = new Set(['OpenEphemeral', 'OpenAutoindex', 'SorterOpen']);

const num = (v: SqlValue | undefined) => Number(v ?? 0);

/** A Real or Int64 literal from the two 32-bit halves sql.js's EXPLAIN shows (p1 low, p3 high). */
export function wordsToNumber(op: 'Real' | 'Int64', low: number, high: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setInt32(0, low, true);
  view.setInt32(4, high, true);
  return op === 'Real' ? view.getFloat64(0, true) : Number(view.getBigInt64(0, true));
}

/**
 * The provenance of one statement's program. `decodeWide`: whether Real and
 * Int64 literals can be read from this engine's EXPLAIN (checked at start-up).
 */
export function provenance(program: readonly SqlValue[][], decodeWide: boolean, evaluate?: Evaluate): Provenance {
  // Trigger and FK sub-programs restart at address 0; results come from the main program only.
  const end = program.findIndex((row, i) => i > 0 && num(row[0]) === 0);
  const ops = end < 0 ? program : program.slice(0, end);
  const texts: string[] = [];
  const numbers: number[] = [];
  for (const [, op, p1, , p3, p4] of ops) {
    if (op === 'String8' || op === 'String' || op === 'Blob') texts.push(String(p4 ?? ''));
    else if (op === 'Integer') numbers.push(num(p1));
    else if (decodeWide && (op === 'Real' || op === 'Int64')) numbers.push(wordsToNumber(op, num(p1), num(p3)));
  }

  const regs = new Map<number, number>();
  const records = new Map<number, number[]>();
  const cursors = new Map<number, Cols>();
  const pseudo = new Map<number, number>();
  // OpenDup cursors share their original's table: what one inserts, the other reads.
  const dups = new Map<number, number>();
  const root = (c: number) => dups.get(c) ?? c;
  let changed = true;
  const flags = (r: number) => regs.get(r) ?? 0;
  const set = (r: number, f: number) => {
    const had = flags(r);
    if ((had | f) !== had) {
      regs.set(r, had | f);
      changed = true;
    }
  };
  const orInto = (into: number[], cols: readonly number[]) => {
    cols.forEach((f, i) => {
      if (((into[i] ?? 0) | f) !== (into[i] ?? 0)) {
        into[i] = (into[i] ?? 0) | f;
        changed = true;
      }
    });
  };
  const setRecord = (r: number, cols: readonly number[]) => {
    let rec = records.get(r);
    if (!rec) records.set(r, (rec = []));
    orInto(rec, cols);
  };
  const setCursor = (cursor: number, cols: Cols) => {
    const c = root(cursor);
    const had = cursors.get(c);
    if (had === 'table') return;
    if (cols === 'table') {
      cursors.set(c, 'table');
      changed = true;
      return;
    }
    if (!had) cursors.set(c, []);
    orInto(cursors.get(c) as number[], cols);
  };
  const columnOf = (cursor: number, i: number): number => {
    const c = root(cursor);
    const reg = pseudo.get(c);
    if (reg !== undefined) return records.get(reg)?.[i] ?? flags(reg) & DATA;
    // A cursor the main program never opened (a sub-program's): assume data.
    const cols = cursors.get(c) ?? 'table';
    return cols === 'table' ? DATA : (cols[i] ?? 0);
  };
  const rowOf = (cursor: number): number[] | 'table' => {
    const c = root(cursor);
    const reg = pseudo.get(c);
    if (reg !== undefined) return records.get(reg) ?? (flags(reg) & DATA ? 'table' : []);
    return cursors.get(c) ?? 'table';
  };
  const recordOf = (r: number): Cols => records.get(r) ?? (flags(r) & DATA ? 'table' : []);
  // Literal-only survives an operation only if every input can be literal-only (or was never written: NULL).
  const combine = (inputs: number[]) =>
    (inputs.some((f) => f & DATA) ? DATA : 0) | (inputs.some((f) => f & LIT) && inputs.every((f) => f === 0 || f & LIT) ? LIT : 0);
  const copy = (from: number, to: number) => {
    set(to, flags(from));
    const rec = records.get(from);
    if (rec) setRecord(to, rec);
  };

  while (changed) {
    changed = false;
    for (const [, opRaw, r1, r2, r3, p4] of ops) {
      const op = String(opRaw);
      const [p1, p2, p3] = [num(r1), num(r2), num(r3)];
      if (LITERALS.has(op)) set(p2, LIT);
      else if (OPENS_TABLE.has(op)) setCursor(p1, 'table');
      else if (OPENS_EMPTY.has(op)) setCursor(p1, []);
      else if (op === 'OpenDup') {
        if (!dups.has(p1)) {
          dups.set(p1, root(p2));
          changed = true;
        }
      } else if (op === 'OpenPseudo') pseudo.set(p1, p2);
      else if (op === 'Column') set(p3, columnOf(p1, p2));
      else if (op === 'VColumn') set(p3, DATA);
      else if (FROM_ROWS.has(op)) set(p2, DATA);
      else if (op === 'SorterData' || op === 'RowData') {
        const cols = rowOf(p1);
        if (cols === 'table') set(p2, DATA);
        else {
          setRecord(p2, cols);
          set(
            p2,
            cols.reduce((a, f) => a | f, 0),
          );
        }
      } else if (op === 'MakeRecord') {
        const cols = Array.from({ length: p2 }, (_, i) => flags(p1 + i));
        setRecord(p3, cols);
        set(
          p3,
          cols.reduce((a, f) => a | f, 0),
        );
      } else if (op === 'Insert' || op === 'IdxInsert' || op === 'SorterInsert') setCursor(p1, recordOf(p2));
      else if (op === 'Copy' || op === 'Move') for (let i = 0; i < (op === 'Copy' ? p3 + 1 : Math.max(1, p3)); i++) copy(p1 + i, p2 + i);
      else if (UNARY.has(op)) copy(p1, p2);
      else if (BINARY.has(op)) set(p3, combine([flags(p1), flags(p2)]));
      else if (op === 'MemMax') set(p1, combine([flags(p1), flags(p2)]));
      else if (op === 'Function' || op === 'PureFunc') {
        const n = Number(/\((-?\d+)\)$/.exec(String(p4 ?? ''))?.[1] ?? -1);
        // No arguments (random(), changes()) or a count the program does not state (json_object(-1)): assume data.
        set(p3, n > 0 ? combine(Array.from({ length: n }, (_, i) => flags(p2 + i))) : DATA);
      } else if (op === 'AggStep' || op === 'AggStep1' || op === 'AggInverse' || op === 'AggValue') set(p3, DATA);
      else if (op === 'AggFinal') set(p1, DATA);
      else if (!INERT.has(op)) for (const r of [p1, p2, p3]) set(r, DATA);
    }
  }

  const results = ops.filter((row) => row[1] === 'ResultRow').map((row) => [num(row[2]), num(row[3])] as const);
  const width = Math.max(0, ...results.map(([, n]) => n));
  const column = (i: number) => results.filter(([, n]) => i < n).map(([start]) => flags(start + i));
  // Constant needs a literal seen and no data: a register the model never saw written (a gap in it) is read as data.
  const constant = Array.from({ length: width }, (_, i) => column(i).every((f) => f === LIT));
  const literal = Array.from({ length: width }, (_, i) => column(i).some((f) => (f & LIT) !== 0));
  const values = literalValues(ops, decodeWide, evaluate);
  const computed = Array.from({ length: width }, (_, i) => [
    ...new Set(results.filter(([, n]) => i < n).flatMap(([start]) => [...(values.get(start + i) ?? [])])),
  ]);
  const derived = [...new Set([...values.values()].flatMap((vs) => [...vs]))];
  return { constant, literal, texts, numbers, computed, derived };
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
function literalValues(ops: readonly SqlValue[][], decodeWide: boolean, evaluate?: Evaluate): Map<number, Set<LiteralValue>> {
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
