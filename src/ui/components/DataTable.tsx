import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { Json } from '../../core/json';
import { clampText, hoverText } from '../lib/clamp';

export type Cell = Json | undefined;

// A cell is at most 320px wide (styles.css): a query's 200,000-character value shows its start, and all of it on hover.
const CELL_CHARS = 200;

export interface DataTableProps {
  columns: string[];
  rows: Cell[][];
  /** Per-row class names, e.g. to mark duplicates or changed rows. */
  rowClass?: (index: number) => string | undefined;
  /** Per-cell class names, e.g. to mark a mistyped amount. */
  cellClass?: (row: number, column: string, value: Cell) => string | undefined;
  caption?: string;
  testId?: string;
}

/** Values are shown as text, never HTML: strings bare, everything else as JSON. */
export function cellText(v: Cell): string {
  if (v === undefined) return '';
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}

/** A small read-only table over rows of values (@tanstack/react-table v8). */
export function DataTable({ columns, rows, rowClass, cellClass, caption, testId }: DataTableProps) {
  const defs = useMemo<ColumnDef<Cell[]>[]>(
    () =>
      columns.map((name, i) => ({
        id: `${i}:${name}`,
        header: name,
        accessorFn: (row: Cell[]) => row[i],
        cell: (info) => {
          const v = info.getValue<Cell>();
          const text = cellText(v);
          return (
            <span
              className={typeof v === 'string' ? 'str' : typeof v === 'number' ? 'num' : undefined}
              title={text.length > CELL_CHARS ? hoverText(text) : undefined}
            >
              {clampText(text, CELL_CHARS)}
            </span>
          );
        },
      })),
    [columns],
  );
  const table = useReactTable({ data: rows, columns: defs, getCoreRowModel: getCoreRowModel() });
  return (
    // A box that scrolls is a tab stop, so a keyboard can scroll it too.
    <div className="table-wrap" tabIndex={0} role="region" aria-label={caption ?? `table of ${rows.length} rows`}>
      <table className="data" data-testid={testId}>
        {caption ? <caption>{caption}</caption> : null}
        <thead>
          {table.getHeaderGroups().map((g) => (
            <tr key={g.id}>
              {g.headers.map((h) => (
                <th key={h.id} title={hoverText(columns[h.index] ?? '')}>
                  {clampText(columns[h.index] ?? '', CELL_CHARS)}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((r) => (
            <tr key={r.id} className={rowClass?.(r.index)}>
              {r.getVisibleCells().map((c, ci) => (
                <td key={c.id} className={cellClass?.(r.index, columns[ci]!, r.original[ci])}>
                  {flexRender(c.column.columnDef.cell, c.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
