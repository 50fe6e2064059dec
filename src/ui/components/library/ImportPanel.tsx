import { useState, type DragEvent } from 'react';
import { describeSize, DEFAULT_LIMITS } from '../../../traces/import/index';
import { cancelImport, importFiles, importUrl, useLibrary } from '../../lib/library';
import { Progress } from '../Progress';

/** Drop, pick or link a file; progress with cancel; malformed lines listed with their numbers. */
export function ImportPanel() {
  const job = useLibrary((s) => s.job);
  const [over, setOver] = useState(false);
  const [url, setUrl] = useState('');
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    importFiles([...e.dataTransfer.files]);
  };
  return (
    <div className="import-panel">
      <div
        className={`dropzone${over ? ' dropzone-over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="dropzone"
      >
        <p>
          Drop a native trace (.json / .jsonl) or a vf-eval <code>results.jsonl</code> (with its <code>metadata.json</code>) here, or{' '}
          <label className="link">
            choose files
            <input
              type="file"
              multiple
              accept=".json,.jsonl,application/json"
              hidden
              onChange={(e) => importFiles([...(e.target.files ?? [])])}
              data-testid="file-input"
            />
          </label>
          .
        </p>
        <p className="muted small">
          Parsed in a background worker, line by line. Files up to {describeSize(DEFAULT_LIMITS.maxTotalChars)}, lines up to{' '}
          {describeSize(DEFAULT_LIMITS.maxLineChars)}. Imported files stay for this tab; traces you play or run are saved in this browser. A failed import changes nothing.
        </p>
        <form
          className="play-row"
          onSubmit={(e) => {
            e.preventDefault();
            if (url.trim()) importUrl(url.trim());
          }}
        >
          <input className="grow" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://raw.githubusercontent.com/…/results.jsonl" aria-label="URL to import" />
          <button type="submit">Import URL</button>
        </form>
      </div>
      {job ? (
        <div className="job" data-testid="import-status" role="status">
          {job.status === 'running' ? (
            <div className="play-row">
              <Progress done={job.done} total={job.total ?? Math.max(job.done, 1)} label={`Importing ${job.source}`} />
              <button type="button" onClick={cancelImport}>
                Cancel
              </button>
            </div>
          ) : (
            <p className={job.status === 'done' ? '' : 'error'}>
              {job.status === 'done'
                ? `${job.source}: ${job.imported} imported (${job.summary?.format ?? ''})${job.issues.length ? `, ${job.issues.filter((i) => i.severity === 'error').length} lines skipped` : ''}.`
                : `${job.source}: ${job.message ?? job.status}. Nothing was added; the library is unchanged.`}
            </p>
          )}
          {job.issues.length > 0 ? (
            <details open={job.status !== 'done'}>
              <summary>{job.issues.length} issues</summary>
              <ul className="issues" data-testid="import-issues">
                {job.issues.slice(0, 50).map((i, k) => (
                  <li key={k} className={i.severity === 'error' ? 'bad' : 'warn'}>
                    line {i.line}: {i.reason}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
