import { isJsonObject, tryParseJson, type JsonObject } from '../../../core/json';
import { toolOf } from '../../../core/lenient';
import type { Step } from '../../../core/types';
import { DataTable } from '../DataTable';

/** Every record the agent has seen so far, in order, with how often it was seen. */
export function collected(steps: readonly Step[]): { rows: JsonObject[]; seen: Map<string, number> } {
  const rows: JsonObject[] = [];
  const seen = new Map<string, number>();
  for (const s of steps) {
    if (toolOf(s) !== 'fetch_page' || !s.result.ok) continue;
    const body = tryParseJson(s.result.content);
    if (!body.ok || !isJsonObject(body.value) || !Array.isArray(body.value.records)) continue;
    for (const r of body.value.records) {
      if (!isJsonObject(r)) continue;
      rows.push({ page_step: s.index + 1, ...r });
      const id = String(r.id);
      seen.set(id, (seen.get(id) ?? 0) + 1);
    }
  }
  return { rows, seen };
}

export function FaultApiInspector({ state, steps, hideVerifier }: { state: JsonObject; steps: readonly Step[]; hideVerifier: boolean }) {
  const { rows, seen } = collected(steps);
  const requests = Number(state.requests ?? 0);
  const quota = typeof state.quota === 'number' ? state.quota : null;
  const duplicates = rows.length - seen.size;
  const mistyped = rows.filter((r) => typeof r.amount !== 'number').length;
  const columns = ['page_step', 'id', 'amount', 'currency', 'customer', 'created'];
  return (
    <div className="inspector" data-testid="inspector-fault-api">
      <div className="stats">
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
          <strong>{requests}</strong> requests{hideVerifier || quota === null ? '' : ` of a hidden quota of ${quota}`}
        </span>
        {!hideVerifier && Number(state.rate_limited ?? 0) > 0 ? (
          <span className="bad">
            <strong>{String(state.rate_limited)}</strong> × 429
          </span>
        ) : null}
      </div>
      {!hideVerifier && quota !== null ? (
        <div className="meter" aria-label="quota used">
          <div className={`meter-fill${requests > quota ? ' meter-over' : ''}`} style={{ width: `${Math.min(100, (100 * requests) / quota)}%` }} />
        </div>
      ) : null}
      {rows.length > 0 ? (
        <DataTable
          columns={columns}
          rows={rows.map((r) => columns.map((c) => r[c]))}
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
