import { clampText } from '../../lib/clamp';
import { importProgress } from '../../lib/importRuns';
import { cancelImport, decideDuplicate, useLibrary, type ImportJob } from '../../lib/library';
import { Clamp } from '../Clamp';
import { Progress } from '../Progress';

/** The last import, one line per file: what it added, or why nothing of it was; malformed lines listed with their numbers. */
export function ImportStatus() {
  const jobs = useLibrary((s) => s.jobs);
  const notes = useLibrary((s) => s.notes);
  if (jobs.length === 0) return null;
  const busy = jobs.some((j) => j.status === 'running' || j.status === 'waiting');
  return (
    <div className="job" data-testid="import-status" role="status" aria-busy={busy}>
      {notes.map((n) => (
        <p key={n} className="warn small">
          {n}
        </p>
      ))}
      <ul className="jobs">
        {jobs.map((job, i) => (
          <JobLine key={i} job={job} index={i} />
        ))}
      </ul>
    </div>
  );
}

function JobLine({ job, index }: { job: ImportJob; index: number }) {
  const skipped = job.issues.filter((i) => i.severity === 'error').length;
  return (
    <li data-testid="import-job" className={`job-line job-${job.status}`}>
      {job.status === 'duplicate' ? (
        <div className="play-row" role="group" aria-label="the same file again">
          <span>
            <Clamp text={job.source} max={160} className="job-source" />: the same file as the run “{job.duplicateOf}” ({job.imported} rows, listed for now).
          </span>
          <button type="button" onClick={() => decideDuplicate(index, false)} data-testid="duplicate-skip">
            Skip
          </button>
          <button type="button" onClick={() => decideDuplicate(index, true)} data-testid="duplicate-add">
            Add again
          </button>
        </div>
      ) : job.status === 'running' ? (
        <div className="play-row">
          <Progress {...importProgress(job)} label={`Importing ${clampText(job.source, 160)}`} />
          <button type="button" onClick={cancelImport}>
            Cancel
          </button>
        </div>
      ) : (
        <p className={job.status === 'done' ? '' : job.status === 'waiting' || job.status === 'skipped' ? 'muted' : 'error'}>
          <Clamp text={job.source} max={160} className="job-source" />
          {job.status === 'done'
            ? `: ${job.imported} imported (${job.summary?.format ?? ''})${skipped ? `, ${skipped} lines skipped` : ''}.`
            : job.status === 'waiting'
              ? ': waiting for the file before it.'
              : `: ${job.message ?? job.status}. Nothing from this file was added.`}
          {job.status === 'done' && job.message ? <span className="warn"> {job.message}.</span> : null}
        </p>
      )}
      {job.status !== 'failed' && job.summary?.inferred.length ? (
        // Read between the lines, and said: a tolerant reader is not a silent one.
        <ul className="issues muted small" data-testid="import-inferred">
          {job.summary.inferred.map((i) => (
            <li key={i}>inferred: {i}</li>
          ))}
        </ul>
      ) : null}
      {job.issues.length > 0 ? (
        <details open={job.status !== 'done'}>
          <summary>
            {job.issues.length} issue{job.issues.length === 1 ? '' : 's'}
          </summary>
          <ul className="issues" data-testid="import-issues">
            {job.issues.slice(0, 50).map((i, k) => (
              <li key={k} className={i.severity === 'error' ? 'bad' : 'warn'}>
                line {i.line}: {i.reason}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </li>
  );
}
