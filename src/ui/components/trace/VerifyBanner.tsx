import type { Trace } from '../../../core/types';
import type { ReplayReport } from '../../../traces/replay';

/** What replaying the recorded calls against a fresh world found, and the score now vs as recorded. */
export function VerifyBanner({ recorded, report, note }: { recorded: Trace; report: ReplayReport; note?: string }) {
  const was = recorded.scorecard?.reward;
  const now = report.trace.scorecard?.reward;
  return (
    <section className={`panel verify verify-${report.status}`} data-testid="verify-banner">
      <strong data-testid="verify-status">{report.status === 'match' ? 'Replay verified' : 'Replay mismatch'}</strong>{' '}
      {report.status === 'match'
        ? `— every recorded result (${recorded.steps.length} steps) is what the world returns today.`
        : `— ${report.diffs.length} differences: the file was edited, or the world changed since it was recorded.`}
      {note ? <span className="muted"> {note}</span> : null}
      <div className="small">
        Recorded reward {was === undefined ? '—' : was.toFixed(2)} · re-scored now{' '}
        <strong data-testid="rescored">{now === undefined ? '—' : now.toFixed(2)}</strong>
        {was !== undefined && now !== undefined && Math.abs(was - now) > 1e-6 ? <span className="bad"> (differs)</span> : null}
      </div>
      {report.diffs.length ? (
        <ul className="diffs" data-testid="verify-diffs">
          {report.diffs.slice(0, 20).map((d, i) => (
            <li key={i}>
              step {d.step + 1} · {d.field}: recorded <code>{d.recorded.slice(0, 160)}</code> → replayed <code>{d.replayed.slice(0, 160)}</code>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
