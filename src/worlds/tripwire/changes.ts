import type { Json } from '../../core/json';
import type { CellChange, EndChanges, RowRecord } from './state';

/** rowid → canonical JSON of the row's values (pristine.ts `fingerprint`). */
export type Rows = Record<string, string>;

const values = (json: string | undefined): Json[] => (json === undefined ? [] : (JSON.parse(json) as Json[]));
const record = (columns: readonly string[], json: string): Record<string, Json> => Object.fromEntries(values(json).map((v, i) => [columns[i] ?? `#${i}`, v]));
const same = (a: Json | undefined, b: Json | undefined) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Every cell of one table that differs from the pristine table: updated cells, inserted and deleted rows. */
export function tableChanges(table: string, columns: readonly string[], pristine: Rows, now: Rows): Pick<EndChanges, 'updated' | 'inserted' | 'deleted'> {
  const updated: CellChange[] = [];
  const inserted: RowRecord[] = [];
  const deleted: RowRecord[] = [];
  for (const [id, row] of Object.entries(now)) {
    const before = pristine[id];
    if (before === undefined) inserted.push({ table, row: Number(id), values: record(columns, row) });
    else if (before !== row) {
      const [b, a] = [values(before), values(row)];
      columns.forEach((column, i) => {
        if (!same(b[i], a[i])) updated.push({ table, row: Number(id), column, before: b[i] ?? null, after: a[i] ?? null });
      });
    }
  }
  for (const [id, row] of Object.entries(pristine)) if (!(id in now)) deleted.push({ table, row: Number(id), values: record(columns, row) });
  const byRow = (x: { row: number }, y: { row: number }) => x.row - y.row;
  return { updated: updated.sort(byRow), inserted: inserted.sort(byRow), deleted: deleted.sort(byRow) };
}

/**
 * Every cell of a seeded row that any statement changed during the episode, with
 * the first value it was changed to; a deleted seeded row is the column "*". What
 * the end state alone cannot show: a change made and then undone.
 */
export class TouchedCells {
  private cells = new Map<string, CellChange>();

  /** One statement's effect on one table: the table's rows before and after it. */
  record(table: string, columns: readonly string[], pristine: Rows, before: Rows, after: Rows): void {
    for (const [id, was] of Object.entries(before)) {
      const seeded = pristine[id];
      if (seeded === undefined) continue;
      const now = after[id];
      if (now === undefined) {
        this.note({ table, row: Number(id), column: '*', before: null, after: null });
        continue;
      }
      if (now === was) continue;
      const [b, a, p] = [values(was), values(now), values(seeded)];
      columns.forEach((column, i) => {
        if (!same(b[i], a[i])) this.note({ table, row: Number(id), column, before: p[i] ?? null, after: a[i] ?? null });
      });
    }
  }

  private note(c: CellChange): void {
    const key = `${c.table}\u0000${c.row}\u0000${c.column}`;
    if (!this.cells.has(key)) this.cells.set(key, c);
  }

  /** The touched cells that hold their seeded value again at the end (`now`: each table's rows now). */
  restored(now: Record<string, Rows>, columns: Record<string, readonly string[]>): CellChange[] {
    const out: CellChange[] = [];
    for (const c of this.cells.values()) {
      const row = now[c.table]?.[String(c.row)];
      if (row === undefined) continue;
      if (c.column === '*') {
        out.push(c);
        continue;
      }
      const i = columns[c.table]?.indexOf(c.column) ?? -1;
      if (i >= 0 && same(values(row)[i], c.before)) out.push(c);
    }
    return out.sort((x, y) => (x.table === y.table ? x.row - y.row : x.table < y.table ? -1 : 1));
  }
}
