import { useMemo, useState } from 'react';
import { isJsonObject, tryParseJson, type Json, type JsonObject } from '../../../core/json';
import type { PlayPanelProps } from '../types';
import { collected, lastCursor } from './collected';
import { addSeen, amountsToIntegers, dedupe, type Edit } from './submission';

const pretty = (rows: Json[]) => JSON.stringify(rows, null, 1);

/** Fetch pages by cursor and build the submission by hand: add what was seen, dedupe, fix types, submit. */
export function FaultApiPlay({ steps, onCall, busy }: PlayPanelProps) {
  const { cursor: suggested, ended } = lastCursor(steps);
  const [cursor, setCursor] = useState<string | null>(null);
  const [draft, setDraft] = useState('[]');
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
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
  const edit = (fn: (r: JsonObject[]) => Edit) => {
    const r = rows();
    if (!r) return setNote(null);
    const done = fn(r);
    setDraft(pretty(done.rows));
    setNote(done.note);
  };
  // At the end of the listing the box keeps the last page's cursor: fetching again is that page again, never page 1 by surprise.
  const atEnd = ended && cursor === null;

  return (
    <div className="play-panel" data-testid="play-fault-api">
      <div className="play-row">
        <label className="field grow">
          <span>cursor (empty = first page){atEnd ? ' — last page reached' : ''}</span>
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
          {atEnd ? 'Fetch the last page again' : 'Fetch page'}
        </button>
      </div>
      {atEnd ? (
        <p className="small note" role="status" data-testid="listing-ended">
          Last page reached: it said <code>next_cursor: null</code>, so the listing has ended. The cursor above is that page’s own; emptying it starts again
          from page 1. Every request counts against the budget.
        </p>
      ) : null}
      <div className="label">submission</div>
      <div className="play-row">
        <button type="button" onClick={() => edit((r) => addSeen(r, seen))}>
          Add every record seen ({seen.length})
        </button>
        <button type="button" onClick={() => edit(dedupe)}>
          Dedupe by id
        </button>
        <button type="button" onClick={() => edit(amountsToIntegers)}>
          Amounts to integers
        </button>
        <button
          type="button"
          onClick={() => {
            setDraft('[]');
            setNote('Cleared: the submission is empty.');
          }}
        >
          Clear
        </button>
      </div>
      {note ? (
        <p className="small" role="status" data-testid="submission-note">
          {note}
        </p>
      ) : null}
      <textarea
        className="code"
        rows={8}
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value);
          setNote(null);
        }}
        aria-label="Submission (JSON)"
        data-testid="submission"
      />
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
