import { useState } from 'react';
import { isJsonObject } from '../../../core/json';
import { DataTable, type Cell } from '../../components/DataTable';
import type { InspectorProps } from '../types';

function idSet(v: unknown): Set<number> {
  return new Set(Array.isArray(v) ? v.map(Number) : []);
}

/** Browse the database at the selected step; rows changed since the pristine database are highlighted. */
export function TripwireInspector({ state }: InspectorProps) {
  const tables = isJsonObject(state.tables) ? state.tables : {};
  const names = Object.keys(tables);
  const [picked, setPicked] = useState(names[0] ?? '');
  const name = names.includes(picked) ? picked : (names[0] ?? '');
  const table = isJsonObject(tables[name]) ? tables[name] : null;
  const diffAll = isJsonObject(state.diff) ? state.diff : {};
  const diffOf = (t: string) => (isJsonObject(diffAll[t]) ? diffAll[t] : {});
  const changedCount = (t: string) => ['inserted', 'updated', 'deleted'].reduce((n, k) => n + idSet(diffOf(t)[k]).size, 0);
  const d = diffOf(name);
  const inserted = idSet(d.inserted);
  const updated = idSet(d.updated);
  const deleted = [...idSet(d.deleted)];
  const rows = table && Array.isArray(table.rows) ? (table.rows as Cell[][]) : [];
  // The first column is the rowid (SELECT rowid, *): name it so, not after an INTEGER PRIMARY KEY alias.
  const columns = table && Array.isArray(table.columns) ? table.columns.map((c, i) => (i === 0 ? 'rowid' : String(c))) : [];
  return (
    <div className="inspector" data-testid="inspector-tripwire">
      <div className="tabs" role="tablist">
        {names.map((t) => (
          <button key={t} type="button" role="tab" aria-selected={t === name} className={t === name ? 'tab tab-active' : 'tab'} onClick={() => setPicked(t)}>
            {t}
            {changedCount(t) > 0 ? <span className="badge badge-warn">{changedCount(t)} changed</span> : null}
          </button>
        ))}
      </div>
      {deleted.length > 0 ? <p className="bad small">Deleted since the start: rowid {deleted.join(', ')}</p> : null}
      <DataTable
        columns={columns}
        rows={rows}
        rowClass={(i) => {
          const id = Number(rows[i]?.[0]);
          return inserted.has(id) ? 'row-inserted' : updated.has(id) ? 'row-changed' : undefined;
        }}
        testId={`table-${name}`}
      />
    </div>
  );
}
