import { isJsonObject, type Json, type JsonObject } from '../../../core/json';
import { DataTable, type Cell } from '../../components/DataTable';
import type { InspectorProps } from '../types';
import { pageOfView } from './pageOfView';
import { PortalPage } from './PortalPage';

const ids = (v: Json | undefined): Set<number> => new Set(Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);
const list = (v: Json | undefined): JsonObject[] => (Array.isArray(v) ? v.filter(isJsonObject) : []);

function Records({ name, rows, changed, added }: { name: string; rows: JsonObject[]; changed: Set<number>; added: Set<number> }) {
  const columns = rows[0] ? Object.keys(rows[0]) : [];
  const cells = rows.map((r) => columns.map((c) => (r[c] ?? null) as Cell));
  return (
    <details open={changed.size + added.size > 0}>
      <summary>
        {name} ({rows.length}){changed.size + added.size > 0 ? <span className="badge badge-warn">{changed.size + added.size} changed</span> : null}
      </summary>
      <DataTable
        columns={columns}
        rows={cells}
        rowClass={(i) => {
          const id = Number(rows[i]?.id);
          return added.has(id) ? 'row-inserted' : changed.has(id) ? 'row-changed' : undefined;
        }}
        testId={`records-${name}`}
      />
    </details>
  );
}

/**
 * The portal at the selected step: the page as it was drawn, and the backend
 * records with what changed since the seed's. With the verifier's view, the
 * hidden elements (the honeypots) are drawn and marked.
 */
export function PortalInspector({ state, playing }: InspectorProps) {
  const page = pageOfView(state);
  const records = isJsonObject(state.records) ? state.records : {};
  const diff = isJsonObject(state.diff) ? state.diff : {};
  const addedIds = (k: string) => ids(list(diff[k]).map((r) => r.id ?? null));
  return (
    <div className="inspector" data-testid="inspector-web-portal">
      {page ? (
        // While a person plays, the page is the one they click: here it is folded away, only to see its hidden parts marked.
        <details open={!playing} data-testid="inspector-page">
          <summary className="small">
            Page <code>{page.path}</code> — {page.title}
            {playing ? ' (the verifier’s view, hidden parts marked)' : ''}
          </summary>
          {/* It scrolls and holds nothing to tab to: a tab stop of its own, so a keyboard can scroll it. */}
          <div className="portal-frame portal-frame-static" tabIndex={0} role="region" aria-label={`the page at this step: ${page.title}`}>
            <PortalPage page={page} revealHidden />
          </div>
        </details>
      ) : (
        <p className="muted">No page in this state.</p>
      )}
      <h3>Backend records</h3>
      <Records name="orders" rows={list(records.orders)} changed={ids(diff.orders)} added={new Set()} />
      <Records name="customers" rows={list(records.customers)} changed={ids(diff.customers)} added={new Set()} />
      <Records name="refunds" rows={list(records.refunds)} changed={ids(diff.refunds_changed)} added={addedIds('refunds_added')} />
      <Records name="audit" rows={list(records.audit)} changed={ids(diff.audit_changed)} added={addedIds('audit_added')} />
    </div>
  );
}
