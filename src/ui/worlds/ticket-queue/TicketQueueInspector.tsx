import { isJsonObject, type JsonObject } from '../../../core/json';
import { DataTable } from '../../components/DataTable';
import type { InspectorProps } from '../types';

/** The board at the selected step: status changes against the start marked, notes counted. */
export function TicketQueueInspector({ state }: InspectorProps) {
  const records = Array.isArray(state.records) ? state.records.filter(isJsonObject) : [];
  const initial = isJsonObject(state.initial_status) ? state.initial_status : {};
  const writes = Array.isArray(state.writes) ? state.writes.filter(isJsonObject) : [];
  const columns = ['id', 'title', 'status', 'was', 'priority', 'assignee', 'tags', 'notes'];
  const rows = records.map((r) => {
    const was = initial[String(r.id)];
    return {
      ...r,
      was: was !== r.status ? (was ?? null) : '',
      notes: Array.isArray(r.notes) ? r.notes.length : 0,
    } as JsonObject;
  });
  return (
    <div className="inspector" data-testid="inspector-ticket-queue">
      <DataTable
        columns={columns}
        rows={rows.map((r) => columns.map((c) => r[c]))}
        rowClass={(i) => (rows[i]!.was !== '' || Number(rows[i]!.notes) > 0 ? 'row-changed' : undefined)}
        caption="The board (rows changed since the start are highlighted)"
      />
      {writes.length > 0 ? (
        <>
          <div className="label">writes, in order</div>
          <ol className="writes">
            {writes.map((w, i) => (
              <li key={i}>
                <code>{String(w.id)}</code> {String(w.field)} ← <code>{JSON.stringify(w.value)}</code>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </div>
  );
}
