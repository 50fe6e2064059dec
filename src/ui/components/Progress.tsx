/**
 * A progress bar counted in what the job is made of ("12 of 96 episodes"; `count` says it in other words, as
 * "24.0 MB of 72.2 MB" for a file read). `total` null: the job has not been counted yet, so no fraction is claimed.
 */
export function Progress({ done, total, label, unit, count: said }: { done: number; total: number | null; label: string; unit?: string; count?: string }) {
  const pct = total ? Math.round((100 * done) / total) : 0;
  const count = said ?? (total === null ? 'starting…' : `${done} of ${total}${unit ? ` ${unit}` : ''}`);
  return (
    <div className="progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-valuetext={count}>
      <div className="progress-bar" style={{ width: `${pct}%` }} />
      <span className="progress-label">
        {label}: {count}
      </span>
    </div>
  );
}
