import type { HomeRow } from '../lib/homeRows';
import { episodeHref } from '../lib/episodeRoute';
import type { AsyncState } from '../lib/useAsync';

const verdictCell = (value: number, verdict: 'PASS' | 'FAIL') => (
  <span className={verdict === 'PASS' ? 'pass' : 'fail'}>
    {value.toFixed(2)} {verdict}
  </span>
);

/** Reference trajectories with both verdicts; each row opens its episode at step 0. */
export function HomeTable({
  title,
  rows,
  fullLabel,
  testId,
  note,
  expectedRows,
}: {
  title: string;
  rows: AsyncState<HomeRow[]>;
  fullLabel: string;
  testId: string;
  note: string;
  /** Placeholder rows while computing, as many and about as tall as the real ones: the page does not jump when they arrive. */
  expectedRows: number;
}) {
  return (
    <div className="home-world">
      <h3>{title}</h3>
      <p className="muted small">{note}</p>
      {rows.status === 'error' ? <p className="error">{rows.message}</p> : null}
      <table className="grid home-table" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">trajectory</th>
            <th scope="col">task</th>
            <th scope="col" className="num">
              naive
            </th>
            <th scope="col" className="num">
              {fullLabel}
            </th>
            <th scope="col">caught by</th>
          </tr>
        </thead>
        <tbody>
          {rows.status === 'done'
            ? rows.value.map((r) => (
                <tr key={`${r.agent}|${JSON.stringify(r.task)}`} data-testid={`row-${r.agent}`}>
                  <th scope="row">
                    <a href={episodeHref({ world: r.world, task: r.task, agent: r.agent, step: 0 })}>{r.label}</a>
                  </th>
                  <td className="task-cell" title={r.taskTitle}>
                    {r.taskTitle}
                  </td>
                  <td className="num" data-testid="naive">
                    {verdictCell(r.card.naive, r.card.verdict.naive)}
                  </td>
                  <td className="num" data-testid="full">
                    {verdictCell(r.card.reward, r.card.verdict.full)}
                    {r.card.readings?.strict !== undefined ? <span className="published">strict {r.card.readings.strict.toFixed(2)}</span> : null}
                    <span className="published">{r.card.layers.filter((l) => l.weight > 0 || l.gate).map((l) => `${l.id} ${l.value.toFixed(2)}`).join(' · ')}</span>
                  </td>
                  <td data-testid="caught-by">{r.card.verdict.caughtBy ?? '—'}</td>
                </tr>
              ))
            : Array.from({ length: expectedRows }, (_, i) => (
                <tr key={i} className="placeholder-row">
                  <td colSpan={5}>{rows.status === 'loading' ? 'computing in your browser…' : ''}</td>
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}
