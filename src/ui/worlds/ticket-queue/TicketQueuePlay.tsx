import { useState } from 'react';
import { tryParseJson } from '../../../core/json';
import type { PlayPanelProps } from '../types';
import { STATUSES } from '../../../worlds/ticket-queue/data';

/** List and read tickets, write a structured note, change a status, finish. */
export function TicketQueuePlay({ onCall, busy }: PlayPanelProps) {
  const [id, setId] = useState('');
  const [note, setNote] = useState('{\n  "type": ""\n}');
  const [status, setStatus] = useState<string>(STATUSES[2]);
  const [summary, setSummary] = useState('');
  const [error, setError] = useState<string | null>(null);
  const needId = id.trim() === '';
  return (
    <div className="play-panel" data-testid="play-ticket-queue">
      <div className="play-row">
        <button type="button" disabled={busy} onClick={() => onCall({ name: 'list_records', arguments: {} })}>
          List tickets
        </button>
        <label className="field grow">
          <span>ticket id</span>
          <input value={id} onChange={(e) => setId(e.target.value)} placeholder="e.g. TQ-101" data-testid="ticket-id" />
        </label>
        <button type="button" disabled={busy || needId} onClick={() => onCall({ name: 'read_record', arguments: { id: id.trim() } })}>
          Read
        </button>
      </div>
      <label className="field">
        <span>note (a JSON object with the keys the task asks for)</span>
        <textarea className="code" rows={5} value={note} onChange={(e) => setNote(e.target.value)} data-testid="note-input" />
      </label>
      {error ? <p className="error small">{error}</p> : null}
      <div className="play-row">
        <button
          type="button"
          disabled={busy || needId}
          onClick={() => {
            const parsed = tryParseJson(note);
            if (!parsed.ok) return setError(`The note is not JSON: ${parsed.error}`);
            setError(null);
            onCall({ name: 'write_note', arguments: { id: id.trim(), note: parsed.value } });
          }}
        >
          Write note
        </button>
        <select value={status} onChange={(e) => setStatus(e.target.value)} aria-label="status" data-testid="status-select">
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <button type="button" disabled={busy || needId} onClick={() => onCall({ name: 'update_status', arguments: { id: id.trim(), status } })}>
          Set status
        </button>
      </div>
      <div className="play-row">
        <label className="field grow">
          <span>summary</span>
          <input value={summary} onChange={(e) => setSummary(e.target.value)} data-testid="finish-summary" />
        </label>
        <button type="button" className="primary" disabled={busy} onClick={() => onCall({ name: 'finish', arguments: { summary } })}>
          Finish (ends the episode)
        </button>
      </div>
    </div>
  );
}
