import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { download } from '../../lib/download';
import type { StudySession } from '../../study/session';

/** The end: download the results file, then the thank-you page (with the scores, if the study shows them). */
export function StudyDone({ session, thanked }: { session: StudySession; thanked: boolean }) {
  const { study } = session;
  const progress = useStore(session.store, (s) => s.progress)!;
  const scores = useStore(session.store, (s) => s.scores);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);

  const save = async () => {
    setWorking(true);
    setError(null);
    try {
      const { text, name } = await session.results();
      download(text, name, 'application/x-ndjson');
      setFileName(name);
      session.downloaded();
    } catch (e) {
      setError(`The results file could not be made: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setWorking(false);
    }
  };
  // After a reload the thank-you page reads the runs again for the scores it shows.
  useEffect(() => {
    if (thanked && study.showScores && scores === null) void session.results().catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [thanked, study.showScores, scores, session]);

  if (!thanked)
    return (
      <section className="panel study-done" data-testid="study-done">
        <h1>All {study.tasks.length} tasks are done</h1>
        <p>
          Thank you, {progress.pseudonym}. Your runs are saved in this browser; nothing has left it. Download your results (one file) and send it to whoever
          gave you the link.
        </p>
        <button type="button" className="primary" disabled={working} onClick={() => void save()} data-testid="study-download">
          {working ? 'Preparing…' : 'Download your results'}
        </button>
        {error ? <p className="error">{error}</p> : null}
      </section>
    );
  return (
    <section className="panel study-done" data-testid="study-thanks">
      <h1>Thank you, {progress.pseudonym}</h1>
      <p>
        {fileName ? (
          <>
            Your results were saved as <code data-testid="study-file-name">{fileName}</code>.{' '}
          </>
        ) : (
          'Your results were downloaded. '
        )}
        Send that file to whoever gave you the link; that is all.
      </p>
      {study.showScores ? (
        scores ? (
          <div className="table-scroll" tabIndex={0} role="region" aria-label="your scores">
            <table className="data study-scores" data-testid="study-scores">
              <thead>
                <tr>
                  <th>task</th>
                  <th>full score</th>
                  <th>answer-only score</th>
                </tr>
              </thead>
              <tbody>
                {scores.map((s) => (
                  <tr key={s.position}>
                    <td>
                      {s.position + 1}. {s.title}
                      {s.timedOut ? ' (time ran out)' : ''}
                    </td>
                    <td data-testid="study-score-full">
                      {s.reward.toFixed(2)} {s.full}
                    </td>
                    <td>{s.naive.toFixed(2)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="muted">Reading your scores…</p>
        )
      ) : (
        <p className="muted">This study does not show scores.</p>
      )}
      {error ? <p className="error">{error}</p> : null}
      <div className="lib-toolbar">
        <button type="button" disabled={working} onClick={() => void save()} data-testid="study-download-again">
          Download your results again
        </button>
        <button type="button" onClick={() => session.leave()} data-testid="study-next-participant">
          Another participant on this computer
        </button>
      </div>
    </section>
  );
}
