import { DataTable } from '../../components/DataTable';
import type { InspectorProps, SeenProps } from '../types';
import { collected } from './collected';
import { readQuota } from './quota';

const COLUMNS = ['page_step', 'id', 'amount', 'currency', 'customer', 'created'];

/** The records collected so far and the requests spent, with what the verifier checks marked: duplicates, mistyped amounts, the quota. */
export function FaultApiInspector({ state, steps }: InspectorProps) {
  const { rows, seen } = collected(steps);
  const { requests, quota, rateLimited } = readQuota(state);
  const duplicates = rows.length - seen.size;
  const mistyped = rows.filter((r) => typeof r.amount !== 'number').length;
  return (
    <div className="inspector" data-testid="inspector-fault-api">
      <div className="stats">
        <span>
          <strong>{rows.length}</strong> rows collected
        </span>
        <span>
          <strong>{seen.size}</strong> unique records seen
        </span>
        <span className={duplicates ? 'warn' : undefined}>
          <strong>{duplicates}</strong> duplicate rows
        </span>
        <span className={mistyped ? 'warn' : undefined}>
          <strong>{mistyped}</strong> amounts not integers
        </span>
        <span>
          <strong>{requests}</strong> requests{quota === null ? '' : ` of a hidden quota of ${quota}`}
        </span>
        {rateLimited > 0 ? (
          <span className="bad">
            <strong>{rateLimited}</strong> × 429
          </span>
        ) : null}
      </div>
      {quota !== null ? (
        <div className="meter" role="meter" aria-label="quota used" aria-valuemin={0} aria-valuemax={quota} aria-valuenow={Math.min(requests, quota)}>
          <div className={`meter-fill${requests > quota ? ' meter-over' : ''}`} style={{ width: `${Math.min(100, (100 * requests) / quota)}%` }} />
        </div>
      ) : null}
      {rows.length > 0 ? (
        <DataTable
          columns={COLUMNS}
          rows={rows.map((r) => COLUMNS.map((c) => r[c]))}
          rowClass={(i) => ((seen.get(String(rows[i]!.id)) ?? 0) > 1 ? 'row-duplicate' : undefined)}
          cellClass={(_r, col, v) => (col === 'amount' && typeof v !== 'number' ? 'mistyped' : undefined)}
          caption="Records collected so far (duplicates shaded, mistyped amounts marked)"
        />
      ) : (
        <p className="muted">No records collected yet.</p>
      )}
    </div>
  );
}

/** A person playing blind: the rows as the API sent them, unmarked; duplicates, mistyped amounts and the quota are theirs to find. */
export function FaultApiSeen({ steps }: SeenProps) {
  const { rows } = collected(steps);
  return (
    <div className="inspector" data-testid="seen-fault-api">
      <p className="stats">
        <span>
          <strong>{rows.length}</strong> rows collected
        </span>
      </p>
      {rows.length > 0 ? (
        <DataTable columns={COLUMNS} rows={rows.map((r) => COLUMNS.map((c) => r[c]))} caption="Records collected so far, as the API sent them" />
      ) : (
        <p className="muted">No records collected yet.</p>
      )}
    </div>
  );
}
