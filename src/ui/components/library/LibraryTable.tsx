import { flexRender, getCoreRowModel, getSortedRowModel, useReactTable, type SortingState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState } from 'react';
import type { LibraryEntry } from '../../lib/librarySummary';
import { LIBRARY_COLUMNS } from './columns';

export interface LibraryTableProps {
  rows: LibraryEntry[];
  selected: ReadonlySet<string>;
  onToggle(id: string): void;
  onOpen(entry: LibraryEntry): void;
}

const ROW_H = 32;

/** The library, sortable and virtualized: only the rows on screen are in the DOM. */
export function LibraryTable({ rows, selected, onToggle, onOpen }: LibraryTableProps) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const table = useReactTable({
    data: rows,
    columns: LIBRARY_COLUMNS,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (r) => r.id,
  });
  const model = table.getRowModel().rows;
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count: model.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_H, overscan: 12 });
  const width = table.getTotalSize() + 40;
  return (
    <div className="lib-table" ref={scroller} data-testid="library-table" role="grid" aria-rowcount={model.length}>
      <div className="lib-head" style={{ width }}>
        <span className="lib-cell lib-check" />
        {table.getFlatHeaders().map((h) => (
          <button
            key={h.id}
            type="button"
            className="lib-cell lib-th"
            style={{ width: h.getSize() }}
            onClick={h.column.getToggleSortingHandler()}
            disabled={!h.column.getCanSort()}
          >
            {flexRender(h.column.columnDef.header, h.getContext())}
            {{ asc: ' ▲', desc: ' ▼' }[h.column.getIsSorted() as string] ?? ''}
          </button>
        ))}
      </div>
      <div style={{ height: virtual.getTotalSize(), position: 'relative', width }}>
        {virtual.getVirtualItems().map((v) => {
          const row = model[v.index]!;
          const e = row.original;
          return (
            <div
              key={row.id}
              className={`lib-row${e.disagreement ? ' lib-row-alarm' : ''}${selected.has(e.id) ? ' lib-row-selected' : ''}`}
              style={{ transform: `translateY(${v.start}px)`, height: ROW_H }}
              data-testid="library-row"
              onDoubleClick={() => onOpen(e)}
            >
              <span className="lib-cell lib-check">
                <input type="checkbox" checked={selected.has(e.id)} onChange={() => onToggle(e.id)} aria-label={`select ${e.task}`} />
              </span>
              {row.getVisibleCells().map((c) => (
                <span key={c.id} className="lib-cell" style={{ width: c.column.getSize() }} title={String(c.getValue() ?? '')}>
                  {c.column.id === 'task' ? (
                    <button type="button" className="link" onClick={() => onOpen(e)}>
                      {e.task}
                    </button>
                  ) : (
                    flexRender(c.column.columnDef.cell, c.getContext())
                  )}
                </span>
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}
