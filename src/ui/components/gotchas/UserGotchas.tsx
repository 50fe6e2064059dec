import { useEffect, useState } from 'react';
import { download } from '../../lib/download';
import { rescoreKey, useRescored } from '../../lib/useRescored';
import { exportSuiteText, importSuiteText, reloadGotchas, removeGotcha, useUserGotchas } from '../../lib/userGotchas';
import { FilePick } from '../FilePick';
import { UserGotchaRow } from './UserGotchaRow';

type Message = { ok: boolean; text: string };

/**
 * The home page's "your gotchas": the person's own suite, every entry replayed
 * into the worlds as this build has them, a changed verdict flagged. Loaded
 * on its own (after the built-in tables), so the home page's first paint
 * does not wait for IndexedDB or for these replays.
 */
export default function UserGotchas() {
  const { status, items, error } = useUserGotchas();
  const results = useRescored(items);
  const [message, setMessage] = useState<Message | null>(null);
  useEffect(() => {
    void reloadGotchas();
  }, []);

  const flagged = items.filter((g) => {
    const r = results.get(rescoreKey(g));
    return r?.status === 'error' || (r?.status === 'done' && r.value.status !== 'unchanged');
  }).length;
  const done = items.filter((g) => results.get(rescoreKey(g))?.status === 'done').length;

  const onImport = async (file: File | undefined) => {
    if (!file) return;
    try {
      const n = await importSuiteText(await file.text());
      setMessage({ ok: true, text: `${file.name}: ${n} gotcha${n === 1 ? '' : 's'} imported.` });
    } catch (e) {
      setMessage({ ok: false, text: `${file.name}: nothing was imported (${e instanceof Error ? e.message : String(e)}).` });
    }
  };
  const remove = async (id: string) => {
    try {
      await removeGotcha(id);
    } catch (e) {
      setMessage({ ok: false, text: `Could not remove it: ${e instanceof Error ? e.message : String(e)}` });
    }
  };

  return (
    <section className="panel" data-testid="user-gotchas">
      <h2>Your gotchas</h2>
      <p className="muted small">
        Every cheat you catch becomes a regression eval: open any finished episode or trace and click “Add to gotchas”. Each entry keeps its calls and the
        verdicts they got; here they are replayed into the worlds as this build has them, and a verdict that moved is flagged.
      </p>
      {flagged ? (
        <p className="gotcha-alarm" role="alert" data-testid="gotchas-flagged">
          {flagged} of your {items.length} gotchas no longer get the verdicts they were recorded with.
        </p>
      ) : null}
      <div className="lib-toolbar">
        <span className="muted small" data-testid="user-gotcha-count">
          {status === 'ready' ? `${items.length} gotcha${items.length === 1 ? '' : 's'}${items.length ? `, ${done} re-scored` : ''}` : 'Reading…'}
        </span>
        <button type="button" disabled={!items.length} onClick={() => download(exportSuiteText(items), 'my-gotchas.json')} data-testid="export-gotchas">
          Export suite
        </button>
        <FilePick accept=".json,application/json" onFiles={(files) => void onImport(files[0])} testId="import-gotchas">
          Import suite…
        </FilePick>
      </div>
      {message ? (
        <p className={message.ok ? 'small' : 'error small'} role="status" data-testid="gotcha-message">
          {message.text}
        </p>
      ) : null}
      {error ? <p className="error">{error}</p> : null}
      {status === 'ready' && items.length === 0 ? <p className="muted">No gotchas of your own yet.</p> : null}
      {items.length ? (
        // Its own scroll box, fixed columns: a file's labels and notes never widen the home page (on a phone, each row is a card).
        <div className="table-wrap" tabIndex={0} role="region" aria-label="your gotchas">
        <table className="grid user-gotchas stack" data-testid="user-gotcha-table">
          <thead>
            <tr>
              <th scope="col">gotcha</th>
              <th scope="col">world · task</th>
              <th scope="col">recorded</th>
              <th scope="col">now</th>
              <th scope="col">
                <span className="sr-only">actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((g) => (
              <UserGotchaRow key={rescoreKey(g)} g={g} result={results.get(rescoreKey(g))} onRemove={() => void remove(g.id)} />
            ))}
          </tbody>
        </table>
        </div>
      ) : null}
    </section>
  );
}
