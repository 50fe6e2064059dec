import type { SqlValue } from 'sql.js';
import { CLAMPS, DATE_FUNCTIONS, fittedBy, isZero } from './fitted';
import { literalValues, num, wordsToNumber, type Evaluate, type LiteralValue } from './literalValues';

export { EVALUATED_FUNCTIONS, wordsToNumber, type Evaluate, type LiteralValue } from './literalValues';

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
  /**
   * Per result column: the kind of record its values identify (`KEY_COLUMNS`: 'customer',
   * 'order'…) when every value it can hold is a key column read as stored (an id, a
   * customer_id), else null. What links facts shown in different results (`observed.ts`).
   */
  keys: (string | null)[];
  /**
   * Per result column: true when some value it can hold combines the data with a typed constant
   * that is not SQL's grammar (`count(*) - 64`, `sum(x) * 2`, `max(id) - 1000`, `max(count(*), 16)`):
   * arithmetic that fits a value, not one the data gave (`fittedBy`).
   */
  fitted: boolean[];
  /** The literals the program compares with the data (`status = 'placed'`, `id = 7`), with the kind of record the compared column identifies. */
  filters: Filter[];
}

/** A literal the program compares with the data; `key`: the kind of record the compared column identifies, or null. */
export type Filter = { value: LiteralValue; key: string | null };

/**
 * What a register (or a record's column) may hold: a value made from table data, one made from
 * literals alone, a value fitted by arithmetic with a typed constant, a date function of literals;
 * key reads (an id as stored) are data with their own bit per kind of record (`keyBit`).
 */
const DATA = 1;
const LIT = 2;
const FIT = 4;
const DATE = 8;
const FIRST_KEY = 16;
const hasData = (f: number) => (f & ~(LIT | FIT | DATE)) !== 0;
const literalOnly = (f: number) => (f & LIT) !== 0 && !hasData(f);
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

/**
 * The provenance of one statement's program. `decodeWide`: whether Real and
 * Int64 literals can be read from this engine's EXPLAIN (checked at start-up).
 */
export function provenance(
  program: readonly SqlValue[][],
  decodeWide: boolean,
  evaluate?: Evaluate,
  keyOps: ReadonlyMap<number, string> = new Map(),
): Provenance {
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

  const values = literalValues(ops, decodeWide, evaluate);
  const kinds = [...new Set(keyOps.values())].sort();
  const keyBit = (kind: string) => FIRST_KEY << kinds.indexOf(kind);
  const kindOf = (f: number) => {
    const bits = kinds.filter((k) => f & keyBit(k));
    return bits.length === 1 && (f & (DATA | LIT | FIT)) === 0 ? bits[0]! : null;
  };
  const regs = new Map<number, number>();
  const records = new Map<number, number[]>();
  const cursors = new Map<number, Cols>();
  const pseudo = new Map<number, number>();
  // OpenDup cursors share their original's table: what one inserts, the other reads.
  const dups = new Map<number, number>();
  const root = (c: number) => dups.get(c) ?? c;
  let changed = true;
  const flags = (r: number) => regs.get(r) ?? 0;
  // What each instruction itself writes to each register, recorded in one pass once the flags are settled: the
  // engine reuses registers, and a key column is judged on the write nearest its ResultRow (`keyAt`), not on
  // everything the register ever held.
  const writers = new Map<number, { pc: number; f: number }[]>();
  let recording = false;
  let at = 0;
  const set = (r: number, f: number) => {
    if (recording) {
      let list = writers.get(r);
      if (!list) writers.set(r, (list = []));
      const last = list.at(-1);
      if (last?.pc === at) last.f |= f;
      else list.push({ pc: at, f });
    }
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
    if (reg !== undefined) return records.get(reg)?.[i] ?? (hasData(flags(reg)) ? DATA : 0);
    // A cursor the main program never opened (a sub-program's): assume data.
    const cols = cursors.get(c) ?? 'table';
    return cols === 'table' ? DATA : (cols[i] ?? 0);
  };
  const rowOf = (cursor: number): number[] | 'table' => {
    const c = root(cursor);
    const reg = pseudo.get(c);
    if (reg !== undefined) return records.get(reg) ?? (hasData(flags(reg)) ? 'table' : []);
    return cursors.get(c) ?? 'table';
  };
  const recordOf = (r: number): Cols => records.get(r) ?? (hasData(flags(r)) ? 'table' : []);
  // Literal-only survives an operation only if every input can be literal-only (or was never written: NULL). A value
  // computed from a key is no key; one computed from a fitted value is fitted.
  const combine = (inputs: number[]) =>
    (inputs.some(hasData) ? DATA : 0) |
    (inputs.some((f) => f & LIT) && inputs.every((f) => f === 0 || f & LIT) ? LIT : 0) |
    (inputs.some((f) => f & FIT) ? FIT : 0);
  // Arithmetic of the data with a typed constant outside SQL's grammar (`fitted.ts`).
  const fits = (op: string, lhs: number, rhs: number) => {
    const [l, r] = [flags(lhs), flags(rhs)];
    if (hasData(l) && literalOnly(r)) return fittedBy(op, 'rhs', values.get(rhs), (r & DATE) !== 0, decodeWide);
    if (hasData(r) && literalOnly(l)) return fittedBy(op, 'lhs', values.get(lhs), (l & DATE) !== 0, decodeWide);
    return false;
  };
  const copy = (from: number, to: number) => {
    set(to, flags(from));
    const rec = records.get(from);
    if (rec) setRecord(to, rec);
  };

  while (changed || !recording) {
    // The pass after the last change records what each instruction writes.
    if (!changed) recording = true;
    changed = false;
    for (let pc = 0; pc < ops.length; pc++) {
      at = pc;
      const [, opRaw, r1, r2, r3, p4, r5] = ops[pc]!;
      const op = String(opRaw);
      const [p1, p2, p3] = [num(r1), num(r2), num(r3)];
      const key = keyOps.get(pc);
      if (LITERALS.has(op)) set(p2, LIT);
      else if (OPENS_TABLE.has(op)) setCursor(p1, 'table');
      else if (OPENS_EMPTY.has(op)) setCursor(p1, []);
      else if (op === 'OpenDup') {
        if (!dups.has(p1)) {
          dups.set(p1, root(p2));
          changed = true;
        }
      } else if (op === 'OpenPseudo') pseudo.set(p1, p2);
      else if (op === 'Column') set(p3, key !== undefined ? keyBit(key) : columnOf(p1, p2));
      else if (op === 'VColumn') set(p3, DATA);
      else if (FROM_ROWS.has(op)) set(p2, key !== undefined ? keyBit(key) : DATA);
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
      else if (BINARY.has(op)) set(p3, combine([flags(p1), flags(p2)]) | (fits(op, p2, p1) ? FIT : 0));
      else if (op === 'MemMax') set(p1, combine([flags(p1), flags(p2)]));
      else if (op === 'Function' || op === 'PureFunc') {
        const m = /^(\w+)\((-?\d+)\)$/.exec(String(p4 ?? ''));
        const n = Number(m?.[2] ?? -1);
        const args = Array.from({ length: Math.max(0, n) }, (_, i) => p2 + i);
        const fn = (m?.[1] ?? '').toLowerCase();
        // No arguments (random(), changes()) or a count the program does not state (json_object(-1)): assume data.
        let f = n > 0 ? combine(args.map(flags)) : DATA;
        if (DATE_FUNCTIONS.has(fn) && literalOnly(f)) f |= DATE;
        // max(count(*), 16): a scalar max or min of the data and a typed constant picks the constant as readily as the data.
        // Both are variadic, so the arguments are the ones p1 marks constant (a literal-only register each).
        const constants = Array.from({ length: 31 }, (_, i) => i).filter((i) => (p1 >> i) & 1);
        if (CLAMPS.has(fn) && constants.some((i) => literalOnly(flags(p2 + i)) && !isZero(values.get(p2 + i)))) f |= FIT;
        set(p3, f);
      } else if (op === 'AggStep' || op === 'AggStep1' || op === 'AggInverse') {
        // An aggregate of fitted values is fitted: sum(amount_cents + 100).
        const n = num(r5);
        set(p3, DATA | (Array.from({ length: n }, (_, i) => flags(p2 + i)).some((f) => f & FIT) ? FIT : 0));
      } else if (op === 'AggValue') set(p3, DATA | (flags(p1) & FIT));
      else if (op === 'AggFinal') set(p1, DATA);
      else if (!INERT.has(op)) for (const r of [p1, p2, p3]) set(r, DATA);
    }
  }

  const results = ops.filter((row) => row[1] === 'ResultRow').map((row) => [num(row[2]), num(row[3])] as const);
  const resultsAt = ops.flatMap((row, pc) => (row[1] === 'ResultRow' ? [[pc, num(row[2]), num(row[3])] as const] : []));
  // The flags of the write to `r` nearest before `pc` in program order (the whole register's when none is found).
  const keyAt = (pc: number, r: number) => {
    const before = (writers.get(r) ?? []).filter((w) => w.pc < pc);
    return before.length ? before.at(-1)!.f : flags(r);
  };
  const width = Math.max(0, ...results.map(([, n]) => n));
  const column = (i: number) => results.filter(([, n]) => i < n).map(([start]) => flags(start + i));
  // Constant needs a literal seen and no data: a register the model never saw written (a gap in it) is read as data.
  const constant = Array.from({ length: width }, (_, i) => column(i).every(literalOnly));
  const literal = Array.from({ length: width }, (_, i) => column(i).some((f) => (f & LIT) !== 0));
  // A key column needs the register's value as its ResultRow reads it to be a key read, and no literal ever reaching it.
  const keys = Array.from({ length: width }, (_, i) => {
    const k = [...new Set(resultsAt.filter(([, , n]) => i < n).map(([pc, start]) => (flags(start + i) & (LIT | FIT) ? null : kindOf(keyAt(pc, start + i)))))];
    return k.length === 1 ? k[0]! : null;
  });
  const fitted = Array.from({ length: width }, (_, i) => column(i).some((f) => (f & FIT) !== 0));
  const filters = filtersOf(ops, flags, values, keyOps, kindOf);
  const computed = Array.from({ length: width }, (_, i) => [
    ...new Set(results.filter(([, n]) => i < n).flatMap(([start]) => [...(values.get(start + i) ?? [])])),
  ]);
  const derived = [...new Set([...values.values()].flatMap((vs) => [...vs]))];
  return { constant, literal, texts, numbers, computed, derived, keys, fitted, filters };
}

const COMPARISONS = new Set(['Eq', 'Ne', 'Lt', 'Le', 'Gt', 'Ge']);
const SEEKS = new Set(['SeekGE', 'SeekGT', 'SeekLE', 'SeekLT', 'IdxGE', 'IdxGT', 'IdxLE', 'IdxLT']);

/**
 * The literals the program compares with the data: an operand of a comparison whose other operand holds
 * data, or a seek key (`id = 7` on the rowid, `customer_id = 7` on its index). A literal compared only
 * with another literal (`'placed' <> ''`) filters nothing.
 */
function filtersOf(
  ops: readonly SqlValue[][],
  flags: (r: number) => number,
  values: ReadonlyMap<number, ReadonlySet<LiteralValue>>,
  keyOps: ReadonlyMap<number, string>,
  kindOf: (f: number) => string | null,
): Filter[] {
  const out = new Map<string, Filter>();
  const add = (reg: number, key: string | null) => {
    if (!literalOnly(flags(reg))) return;
    for (const value of values.get(reg) ?? []) out.set(`${typeof value}:${value}:${key}`, { value, key });
  };
  ops.forEach(([, opRaw, r1, , r3, p4], pc) => {
    const op = String(opRaw);
    const [p1, p3] = [num(r1), num(r3)];
    if (COMPARISONS.has(op)) {
      if (hasData(flags(p3))) add(p1, kindOf(flags(p3)));
      if (hasData(flags(p1))) add(p3, kindOf(flags(p1)));
    } else if (op === 'SeekRowid' || op === 'NotExists') add(p3, keyOps.get(pc) ?? null);
    else if (SEEKS.has(op)) for (let i = 0; i < Math.min(num(p4), 8); i++) add(p3 + i, i === 0 ? (keyOps.get(pc) ?? null) : null);
  });
  return [...out.values()];
}
