import { flexRender, getCoreRowModel, useReactTable, type SortingState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { clampText, hoverText } from '../../lib/clamp';
import { takeColumnPrefs, writeColumnPrefs } from '../../lib/columnPrefs';
import { fixedBox } from '../../lib/virtualBox';
import type { SortKey } from '../../lib/libraryFilter';
import type { LibraryEntry } from '../../lib/librarySummary';
import type { Rescore } from '../../lib/rescore';
import { LIBRARY_COLUMNS } from './columns';
import { RescoreCell } from './RescoreCell';

export interface LibraryTableProps {
  rows: readonly LibraryEntry[];
  selected: ReadonlySet<string>;
  onToggle(id: string): void;
  onOpen(entry: LibraryEntry): void;
  /** Re-scores by entry id (a row without one shows its recorded score only). */
  rescored: Readonly<Record<string, Rescore>>;
  /** The sort the URL holds; `rows` come sorted by it. */
  sort: SortKey | null;
  desc: boolean;
  onSort(sort: SortKey | null, desc: boolean): void;
}

const ROW_H = 32;
/** The scroll box's height inside its borders (styles.css `.lib-table`): what the first render draws before the box is measured. */
const BOX_H = 458;

/**
 * The library, sortable and virtualized: only the rows on screen are in the DOM,
 * and only they become table rows. The sort runs over the plain entries (one
 * array sort) and react-table sees the visible slice: giving it all 10,000
 * entries cost a row object each, about half of the 200 ms render on import.
 */
export function LibraryTable({ rows: sorted, selected, onToggle, onOpen, rescored, sort, desc, onSort }: LibraryTableProps) {
  // The same array while the sort holds: react-table's memos (header groups, column sizes) key on the state's identity,
  // and a new array on every batch of an import rebuilt them all for each render.
  const sorting = useMemo<SortingState>(() => (sort ? [{ id: sort, desc }] : []), [sort, desc]);
  const [prefs, setPrefs] = useState(takeColumnPrefs);
  const update = (p: typeof prefs) => {
    setPrefs(p);
    writeColumnPrefs(p);
  };
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: sorted.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_H,
    // Six rows (192 px) drawn past each edge: a jump through the table draws every row anew, and with twelve a jump
    // was 14-18 tasks over 50 ms in 40 (up to 96 ms); with six, 3-5 (up to 70 ms).
    overscan: 6,
    ...fixedBox(BOX_H),
  });
  const items = virtual.getVirtualItems();
  const visible = useMemo(() => items.map((v) => sorted[v.index]!), [items, sorted]);
  const table = useReactTable({
    data: visible,
    columns: LIBRARY_COLUMNS,
    state: { sorting, columnVisibility: prefs.visible, columnSizing: prefs.sizes },
    onSortingChange: (next) => {
      const s = (typeof next === 'function' ? next(sorting) : next)[0];
      onSort(SORTABLE.find((k) => k === s?.id) ?? null, s?.desc ?? false);
    },
    onColumnVisibilityChange: (next) => update({ ...prefs, visible: typeof next === 'function' ? next(prefs.visible) : next }),
    onColumnSizingChange: (next) => update({ ...prefs, sizes: typeof next === 'function' ? next(prefs.sizes) : next }),
    enableColumnResizing: true,
    columnResizeMode: 'onChange',
    manualSorting: true,
    enableMultiSort: false,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (r) => r.id,
  });
  const model = table.getRowModel().rows;
  const width = table.getTotalSize() + 40;
  return (
    <>
      <details className="columns-chooser" data-testid="column-chooser">
        <summary>
          Columns ({table.getVisibleLeafColumns().length} of {table.getAllLeafColumns().length})
        </summary>
        {table.getAllLeafColumns().map((c) => (
          <label key={c.id} className="small">
            <input type="checkbox" checked={c.getIsVisible()} onChange={c.getToggleVisibilityHandler()} />{' '}
            {typeof c.columnDef.header === 'string' ? c.columnDef.header : c.id}
          </label>
        ))}
        <button type="button" className="link small" onClick={() => update({ visible: {}, sizes: {} })}>
          reset
        </button>
      </details>
      {/* A region, not a grid: its rows hold buttons and checkboxes reached by Tab, with none of a grid's arrow-key semantics. */}
      <div className="lib-table" ref={scroller} data-testid="library-table" role="region" aria-label={`traces (${sorted.length})`}>
        <div className="lib-head" style={{ width }}>
          <span className="lib-cell lib-check" />
          {table.getFlatHeaders().map((h) => (
            <span key={h.id} className="lib-th-wrap" style={{ width: h.getSize() }}>
              <button type="button" className="lib-cell lib-th" onClick={h.column.getToggleSortingHandler()} disabled={!h.column.getCanSort()}>
                {flexRender(h.column.columnDef.header, h.getContext())}
                {{ asc: ' ▲', desc: ' ▼' }[String(h.column.getIsSorted())] ?? ''}
              </button>
              <span
                className="lib-resizer"
                role="separator"
                aria-orientation="vertical"
                aria-label={`resize ${h.column.id}`}
                onMouseDown={h.getResizeHandler()}
                onTouchStart={h.getResizeHandler()}
                onDoubleClick={() => h.column.resetSize()}
              />
            </span>
          ))}
        </div>
        <div style={{ height: virtual.getTotalSize(), position: 'relative', width }}>
          {items.map((v, i) => {
            const row = model[i]!;
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
                  <input type="checkbox" checked={selected.has(e.id)} onChange={() => onToggle(e.id)} aria-label={`select ${clampText(e.task, 120)}`} />
                </span>
                {row.getVisibleCells().map((c) => (
                  <span key={c.id} className="lib-cell" style={{ width: c.column.getSize() }} title={hoverText(String(c.getValue() ?? ''))}>
                    {c.column.id === 'task' ? (
                      <button type="button" className="link" onClick={() => onOpen(e)}>
                        {clampText(e.task, 120)}
                      </button>
                    ) : c.column.id === 'rescored' ? (
                      <RescoreCell recorded={e.reward} rescore={rescored[e.id]} />
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
    </>
  );
}

const SORTABLE: readonly SortKey[] = ['world', 'task', 'agent', 'reward', 'naive', 'disagreement', 'steps', 'tokens', 'durationMs', 'source'];
