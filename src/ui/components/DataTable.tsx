import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import type { Json } from '../../core/json';
import { clampText, hoverText } from '../lib/clamp';
import { fixedBox } from '../lib/virtualBox';

export type Cell = Json | undefined;

// A cell is at most 320px wide (styles.css): a query's 200,000-character value shows its start, and all of it on hover.
const CELL_CHARS = 200;

/**
 * Past this many rows only those in the table's scroll box are drawn: a 5,000-call fault-api
 * episode collects 10,000 rows, whose table was seconds of layout on every step shown.
 */
export const DRAWN_ROWS = 100;
/**
 * One line of 0.8rem text with its padding and border: cells never wrap, so every row is this tall and none
 * is measured (measuring drawn rows re-walked all 10,000 estimates for each one: 160 ms a step).
 */
const ROW_H = 23;
/** The scroll box's height (styles.css `.table-wrap`): what the first render draws before the box is measured. */
const BOX_H = 340;

/** A row as the table draws it: its values and where it is in `rows`. */
interface Drawn {
  index: number;
  cells: Cell[];
}

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

/** A read-only table over rows of values (@tanstack/react-table v8); a long one draws only the rows on screen. */
export function DataTable({ columns, rows, rowClass, cellClass, caption, testId }: DataTableProps) {
  const box = useRef<HTMLDivElement>(null);
  const windowed = rows.length > DRAWN_ROWS;
  const virtual = useVirtualizer({
    count: windowed ? rows.length : 0,
    // A short table (every step's result in the step list) is not watched at all.
    getScrollElement: () => (windowed ? box.current : null),
    estimateSize: () => ROW_H,
    overscan: 12,
    ...fixedBox(BOX_H),
  });
  const items = windowed ? virtual.getVirtualItems() : null;
  const drawn = useMemo<Drawn[]>(
    () => (items ? items.map((v) => ({ index: v.index, cells: rows[v.index]! })) : rows.map((cells, index) => ({ index, cells }))),
    [items, rows],
  );
  const defs = useMemo<ColumnDef<Drawn>[]>(
    () =>
      columns.map((name, i) => ({
        id: `${i}:${name}`,
        header: name,
        accessorFn: (row: Drawn) => row.cells[i],
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
  const table = useReactTable({ data: drawn, columns: defs, getCoreRowModel: getCoreRowModel() });
  // Spacers stand for the rows not drawn, so the scroll box keeps the whole table's height.
  const before = items?.[0]?.start ?? 0;
  const after = items?.length ? virtual.getTotalSize() - items.at(-1)!.end : 0;
  return (
    // A box that scrolls is a tab stop, so a keyboard can scroll it too.
    <div className="table-wrap" ref={box} tabIndex={0} role="region" aria-label={caption ?? `table of ${rows.length} rows`}>
      <table className="data" data-testid={testId} aria-rowcount={windowed ? rows.length + 1 : undefined}>
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
          {before > 0 ? <Spacer height={before} span={columns.length} /> : null}
          {table.getRowModel().rows.map((r) => {
            const index = r.original.index;
            return (
              <tr key={index} className={rowClass?.(index)} aria-rowindex={windowed ? index + 2 : undefined}>
                {r.getVisibleCells().map((c, ci) => (
                  <td key={c.id} className={cellClass?.(index, columns[ci]!, r.original.cells[ci])}>
                    {flexRender(c.column.columnDef.cell, c.getContext())}
                  </td>
                ))}
              </tr>
            );
          })}
          {after > 0 ? <Spacer height={after} span={columns.length} /> : null}
        </tbody>
      </table>
    </div>
  );
}

function Spacer({ height, span }: { height: number; span: number }) {
  return (
    <tr className="data-spacer" aria-hidden="true" style={{ height }}>
      <td colSpan={span} />
    </tr>
  );
}
