import type { SqlValue } from 'sql.js';

/**
 * Where a statement's result values come from, read off its compiled program
 * (EXPLAIN), never its text: which result columns can only hold values built
 * from the statement's own literals, and which literals the program loads. What
 * the contract's "only observed facts count" rule is judged on (`observed.ts`).
 *
 * A register holds *data* when some instruction writes it from a table cursor
 * (Column, Rowid, Count…), an aggregate, or another data register; a result
 * column is *constant* when every ResultRow's register for it holds no data:
 * `SELECT 'ada@example.com'`, `SELECT 10000 + 103 FROM orders`, a CASE that
 * picks between literals. The analysis errs towards data: an instruction it
 * does not model marks every register it names as data, so an honest query is
 * never read as typed-in.
 */
export interface Provenance {
  /** Per result column: true when every value it can hold is built from the statement's literals alone. */
  constant: boolean[];
  /** The literals the program loads: text and numbers the agent typed. */
  texts: string[];
  numbers: number[];
}

type Cols = boolean[] | 'all';

/** Writes nothing a result can show (control flow, comparisons, cursor moves, constant loads, in-place casts). */
const INERT = new Set([
  'Init', 'Goto', 'Gosub', 'Return', 'Yield', 'InitCoroutine', 'EndCoroutine', 'Halt', 'HaltIfNull', 'Transaction', 'TableLock',
  'Rewind', 'Next', 'Prev', 'Last', 'SorterSort', 'SorterNext', 'Sort', 'Eq', 'Ne', 'Lt', 'Le', 'Gt', 'Ge', 'If', 'IfNot', 'IfPos',
  'IfNotZero', 'DecrJumpZero', 'IsNull', 'NotNull', 'Once', 'Jump', 'Compare', 'Permutation', 'SeekRowid', 'SeekGE', 'SeekGT',
  'SeekLE', 'SeekLT', 'IdxGE', 'IdxGT', 'IdxLE', 'IdxLT', 'Found', 'NotFound', 'NoConflict', 'NotExists', 'IfNoHope', 'Close',
  'ResultRow', 'Noop', 'Explain', 'CollSeq', 'Trace', 'ReleaseReg', 'Delete', 'NullRow', 'DeferredSeek', 'FinishSeek', 'SeekEnd',
  'SeekHit', 'SeekScan', 'IsType', 'ElseEq', 'ClrSubtype', 'TypeCheck', 'Filter', 'FilterAdd', 'VFilter', 'VNext', 'CursorHint',
  'CursorLock', 'CursorUnlock', 'Clear', 'ResetSorter', 'ResetCount', 'IfSmaller', 'IfNullRow', 'FkCheck', 'FkCounter', 'FkIfZero',
  'Cast', 'RealAffinity', 'Affinity', 'MustBeInt', 'AddImm', 'Integer', 'Int64', 'Real', 'String8', 'String', 'Blob', 'Null',
  'SoftNull', 'Variable', 'BeginSubrtn', 'ZeroOrNull', 'OffsetLimit', 'HaltIfNull', 'IdxDelete', 'SorterCompare', 'MaxPgcnt',
  'Abortable', 'ReadCookie', 'Expire', 'IntegrityCk', 'RowSetAdd', 'RowSetTest', 'Savepoint', 'AutoCommit', 'VerifyCookie',
]);
const BINARY = new Set(['Add', 'Subtract', 'Multiply', 'Divide', 'Remainder', 'Concat', 'BitAnd', 'BitOr', 'ShiftLeft', 'ShiftRight']);
const UNARY = new Set(['Not', 'BitNot', 'IsTrue', 'SCopy', 'IntCopy']);
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
export function provenance(program: readonly SqlValue[][], decodeWide: boolean): Provenance {
  // Trigger and FK sub-programs restart at address 0; results come from the main program only.
  const end = program.findIndex((row, i) => i > 0 && num(row[0]) === 0);
  const ops = end < 0 ? program : program.slice(0, end);
  const data = new Set<number>();
  const records = new Map<number, boolean[]>();
  const cursors = new Map<number, Cols>();
  const pseudo = new Map<number, number>();
  const texts: string[] = [];
  const numbers: number[] = [];

  for (const [, op, p1, , p3, p4] of ops) {
    if (op === 'String8' || op === 'String') texts.push(String(p4 ?? ''));
    else if (op === 'Integer') numbers.push(num(p1));
    else if (decodeWide && (op === 'Real' || op === 'Int64')) numbers.push(wordsToNumber(op, num(p1), num(p3)));
  }

  let changed = true;
  const mark = (r: number) => {
    if (!data.has(r)) {
      data.add(r);
      changed = true;
    }
  };
  const recordOf = (r: number): Cols => records.get(r) ?? (data.has(r) ? 'all' : []);
  const merge = (cursor: number, cols: Cols) => {
    const had = cursors.get(cursor) ?? [];
    if (had === 'all') return;
    if (cols === 'all') {
      cursors.set(cursor, 'all');
      changed = true;
      return;
    }
    const next = had.slice();
    cols.forEach((c, i) => {
      if (c && !next[i]) {
        next[i] = true;
        changed = true;
      }
    });
    cursors.set(cursor, next);
  };
  const colsOf = (cursor: number): Cols => {
    const reg = pseudo.get(cursor);
    if (reg !== undefined) return recordOf(reg);
    // A cursor the main program never opened (a sub-program's): assume data.
    return cursors.get(cursor) ?? 'all';
  };
  const anyData = (cols: Cols) => cols === 'all' || cols.some(Boolean);
  const copyRecord = (from: number, to: number) => {
    const rec = records.get(from);
    if (rec && !records.has(to)) {
      records.set(to, rec.slice());
      changed = true;
    }
  };

  while (changed) {
    changed = false;
    for (const [, opRaw, r1, r2, r3, p4] of ops) {
      const op = String(opRaw);
      const [p1, p2, p3] = [num(r1), num(r2), num(r3)];
      if (OPENS_TABLE.has(op)) merge(p1, 'all');
      else if (OPENS_EMPTY.has(op)) {
        if (!cursors.has(p1)) cursors.set(p1, []);
      } else if (op === 'OpenDup') merge(p1, colsOf(p2));
      else if (op === 'OpenPseudo') pseudo.set(p1, p2);
      else if (op === 'Column' || op === 'VColumn') {
        const cols = colsOf(p1);
        if (cols === 'all' || cols[p2]) mark(p3);
      } else if (FROM_ROWS.has(op)) mark(p2);
      else if (op === 'SorterData' || op === 'RowData') {
        const cols = colsOf(p1);
        if (anyData(cols)) {
          mark(p2);
          const prev = records.get(p2);
          const next = cols === 'all' ? null : cols.map((c, i) => c || (prev?.[i] ?? false));
          if (next && JSON.stringify(next) !== JSON.stringify(prev)) {
            records.set(p2, next);
            changed = true;
          } else if (!next && prev) {
            records.delete(p2);
            changed = true;
          }
        }
      } else if (op === 'MakeRecord') {
        const cols = Array.from({ length: p2 }, (_, i) => data.has(p1 + i));
        const prev = records.get(p3);
        const next = cols.map((c, i) => c || (prev?.[i] ?? false));
        if (JSON.stringify(next) !== JSON.stringify(prev)) {
          records.set(p3, next);
          changed = true;
        }
        if (next.some(Boolean)) mark(p3);
      } else if (op === 'Insert' || op === 'IdxInsert' || op === 'SorterInsert') merge(p1, recordOf(p2));
      else if (op === 'Copy' || op === 'Move') {
        const n = op === 'Copy' ? p3 + 1 : Math.max(1, p3);
        for (let i = 0; i < n; i++) {
          if (data.has(p1 + i)) mark(p2 + i);
          copyRecord(p1 + i, p2 + i);
        }
      } else if (UNARY.has(op)) {
        if (data.has(p1)) mark(p2);
        copyRecord(p1, p2);
      } else if (BINARY.has(op) || op === 'MemMax') {
        const target = op === 'MemMax' ? p1 : p3;
        if (data.has(p1) || data.has(p2)) mark(target);
      } else if (op === 'Function' || op === 'PureFunc') {
        const n = /\((-?\d+)\)$/.exec(String(p4 ?? ''))?.[1];
        const args = n === undefined ? -1 : Number(n);
        // An argument count the program does not state (json_object(-1)): assume the result is data.
        if (args < 0 || Array.from({ length: args }, (_, i) => p2 + i).some((r) => data.has(r))) mark(p3);
      } else if (op === 'AggStep' || op === 'AggStep1' || op === 'AggInverse' || op === 'AggValue') mark(p3);
      else if (op === 'AggFinal') mark(p1);
      else if (!INERT.has(op)) for (const r of [p1, p2, p3]) mark(r);
    }
  }

  const results = ops.filter((row) => row[1] === 'ResultRow').map((row) => [num(row[2]), num(row[3])] as const);
  const width = Math.max(0, ...results.map(([, n]) => n));
  const constant = Array.from({ length: width }, (_, i) => results.every(([start, n]) => i >= n || !data.has(start + i)));
  return { constant, texts, numbers };
}
