import { DataTable } from '../../components/DataTable';
import type { InspectorProps } from '../types';
import { collected } from './collected';
import { readQuota } from './quota';

/**
 * The records collected so far and the requests spent. Duplicates, mistyped amounts and the quota are what the
 * verifier checks: with hints off, the person sees the rows as the API sent them and finds those out alone.
 */
export function FaultApiInspector({ state, steps, hideVerifier }: InspectorProps) {
  const { rows, seen } = collected(steps);
  const { requests, quota, rateLimited } = readQuota(state);
  const duplicates = rows.length - seen.size;
  const mistyped = rows.filter((r) => typeof r.amount !== 'number').length;
  const columns = ['page_step', 'id', 'amount', 'currency', 'customer', 'created'];
  return (
    <div className="inspector" data-testid="inspector-fault-api">
      <div className="stats">
        <span>
          <strong>{rows.length}</strong> rows collected
        </span>
        {hideVerifier ? null : (
          <>
            <span>
              <strong>{seen.size}</strong> unique records seen
            </span>
            <span className={duplicates ? 'warn' : undefined}>
              <strong>{duplicates}</strong> duplicate rows
            </span>
            <span className={mistyped ? 'warn' : undefined}>
              <strong>{mistyped}</strong> amounts not integers
            </span>
          </>
        )}
        <span>
          <strong>{requests}</strong> requests{hideVerifier || quota === null ? '' : ` of a hidden quota of ${quota}`}
        </span>
        {!hideVerifier && rateLimited > 0 ? (
          <span className="bad">
            <strong>{rateLimited}</strong> × 429
          </span>
        ) : null}
      </div>
      {!hideVerifier && quota !== null ? (
        <div className="meter" role="meter" aria-label="quota used" aria-valuemin={0} aria-valuemax={quota} aria-valuenow={Math.min(requests, quota)}>
          <div className={`meter-fill${requests > quota ? ' meter-over' : ''}`} style={{ width: `${Math.min(100, (100 * requests) / quota)}%` }} />
        </div>
      ) : null}
      {rows.length > 0 ? (
        <DataTable
          columns={columns}
          rows={rows.map((r) => columns.map((c) => r[c]))}
          rowClass={hideVerifier ? undefined : (i) => ((seen.get(String(rows[i]!.id)) ?? 0) > 1 ? 'row-duplicate' : undefined)}
          cellClass={hideVerifier ? undefined : (_r, col, v) => (col === 'amount' && typeof v !== 'number' ? 'mistyped' : undefined)}
          caption={hideVerifier ? 'Records collected so far, as the API sent them' : 'Records collected so far (duplicates shaded, mistyped amounts marked)'}
        />
      ) : (
        <p className="muted">No records collected yet.</p>
      )}
    </div>
  );
}
