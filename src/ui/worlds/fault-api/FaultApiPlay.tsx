import { useMemo, useState } from 'react';
import { isJsonObject, tryParseJson, type Json, type JsonObject } from '../../../core/json';
import type { PlayPanelProps } from '../types';
import { collected, lastCursor } from './collected';

const pretty = (rows: Json[]) => JSON.stringify(rows, null, 1);

/** Fetch pages by cursor and build the submission by hand: add what was seen, dedupe, fix types, submit. */
export function FaultApiPlay({ steps, onCall, busy }: PlayPanelProps) {
  const { cursor: suggested, ended } = lastCursor(steps);
  const [cursor, setCursor] = useState<string | null>(null);
  const [draft, setDraft] = useState('[]');
  const [error, setError] = useState<string | null>(null);
  const seen = useMemo(() => collected(steps).rows, [steps]);
  const cursorValue = cursor ?? suggested;

  const rows = (): JsonObject[] | null => {
    const parsed = tryParseJson(draft);
    if (!parsed.ok || !Array.isArray(parsed.value)) {
      setError('The submission must be a JSON list of {"id", "amount"} objects.');
      return null;
    }
    setError(null);
    return parsed.value.filter(isJsonObject);
  };
  const edit = (fn: (r: JsonObject[]) => JsonObject[]) => {
    const r = rows();
    if (r) setDraft(pretty(fn(r)));
  };

  return (
    <div className="play-panel" data-testid="play-fault-api">
      <div className="play-row">
        <label className="field grow">
          <span>cursor (empty = first page)</span>
          <input value={cursorValue} onChange={(e) => setCursor(e.target.value)} data-testid="cursor-input" />
        </label>
        <button
          type="button"
          disabled={busy}
          onClick={() => {
            onCall({ name: 'fetch_page', arguments: { cursor: cursorValue === '' ? null : cursorValue } });
            setCursor(null);
          }}
        >
          Fetch page
        </button>
      </div>
      {ended && cursor === null ? (
        <p className="small note" data-testid="listing-ended">
          The last page said <code>next_cursor: null</code>: the listing has ended. An empty cursor starts again from page 1, and every request counts
          against the budget.
        </p>
      ) : null}
      <div className="label">submission</div>
      <div className="play-row">
        <button type="button" onClick={() => edit((r) => [...r, ...seen.map((s) => ({ id: s.id ?? null, amount: s.amount ?? null }))])}>
          Add every record seen ({seen.length})
        </button>
        <button type="button" onClick={() => edit((r) => r.filter((x, i) => r.findIndex((y) => y.id === x.id) === i))}>
          Dedupe by id
        </button>
        <button
          type="button"
          onClick={() => edit((r) => r.map((x) => (typeof x.amount === 'string' && /^-?\d+$/.test(x.amount.trim()) ? { ...x, amount: Number(x.amount) } : x)))}
        >
          Amounts to integers
        </button>
        <button type="button" onClick={() => setDraft('[]')}>
          Clear
        </button>
      </div>
      <textarea className="code" rows={8} value={draft} onChange={(e) => setDraft(e.target.value)} aria-label="Submission (JSON)" data-testid="submission" />
      {error ? <p className="error small">{error}</p> : null}
      <button
        type="button"
        className="primary"
        disabled={busy}
        onClick={() => {
          const r = rows();
          if (r) onCall({ name: 'submit_records', arguments: { records: r.map((x) => ({ id: x.id ?? null, amount: x.amount ?? null })) } });
        }}
      >
        Submit records (ends the episode)
      </button>
    </div>
  );
}
