import { sharesOf } from '../../core/shares';
import type { Scorecard } from '../../core/types';
import { episodeHref } from '../lib/episodeRoute';
import { checkNoteId, type HomeWorldState } from '../lib/home/check';
import { HomeCheckNote } from './HomeCheckNote';

/** What each counted layer added to the full reward, from the verifier's composition: "final_answer +1.00 · policy_gate ×1.00". */
function sharesLine(card: Scorecard): string {
  return sharesOf(card)
    .rows.filter((r) => r.role !== 'not counted')
    .map((r) => {
      const v = r.layer.value.toFixed(2);
      if (r.role === 'unknown') return `${r.layer.id} ${v}`;
      const parts = [r.role === 'adds' ? null : `×${v}`, r.adds === null ? null : `+${r.adds}`];
      return [r.layer.id, ...parts.filter((p) => p !== null)].join(' ');
    })
    .join(' · ');
}

const verdictCell = (value: number, verdict: 'PASS' | 'FAIL') => (
  <span className={verdict === 'PASS' ? 'pass' : 'fail'}>
    {value.toFixed(2)} {verdict}
  </span>
);

/**
 * Reference trajectories with both verdicts; each row opens its episode where its verdicts are: at the first step
 * where naive and full part, when they do, else at the end (step 0 is the Home key away).
 * Rendered by the build too (scripts/prerenderHome.tsx): index.html carries this
 * markup, and the app's first render must produce the same, or the page jumps.
 */
export function HomeTable({
  world,
  title,
  state,
  note,
  expectedRows,
}: {
  world: string;
  title: string;
  state: HomeWorldState;
  note: string;
  /** Placeholder rows while computing, as many and about as tall as the real ones: the page does not jump when they arrive. */
  expectedRows: number;
}) {
  return (
    <div className="home-world">
      <h2>{title}</h2>
      <p className="muted small">{note}</p>
      <HomeCheckNote world={world} state={state} />
      <div className="table-scroll">
        <table className="grid home-table stack" data-testid={`home-${world}`} aria-describedby={checkNoteId(world)}>
          <thead>
            <tr>
              <th scope="col">trajectory</th>
              <th scope="col">task</th>
              <th scope="col" className="num">
                naive
              </th>
              <th scope="col" className="num">
                full
              </th>
              <th scope="col">caught by</th>
            </tr>
          </thead>
          <tbody>
            {state.rows
              ? state.rows.map((r) => (
                  <tr key={`${r.agent}|${JSON.stringify(r.task)}`} data-testid={`row-${r.agent}`}>
                    <th scope="row" className="stack-wide">
                      <a
                        href={episodeHref({
                          world: r.world,
                          task: r.task,
                          agent: r.agent,
                          step: r.card.verdict.naive === r.card.verdict.full ? null : 'disagreement',
                        })}
                      >
                        {r.label}
                      </a>
                    </th>
                    <td className="task-cell stack-wide" title={r.taskTitle} data-label="task">
                      {r.taskTitle}
                    </td>
                    <td className="num" data-testid="naive" data-label="naive">
                      {verdictCell(r.card.naive, r.card.verdict.naive)}
                    </td>
                    <td className="num" data-testid="full" data-label="full">
                      {verdictCell(r.card.reward, r.card.verdict.full)}
                      {r.card.verdict.naive === 'PASS' && r.card.verdict.full === 'FAIL' ? (
                        <span className="badge badge-bad">naive PASS · full FAIL</span>
                      ) : null}
                      {r.card.readings?.strict !== undefined ? (
                        <span className="published">extra reading, strict {r.card.readings.strict.toFixed(2)}</span>
                      ) : null}
                      <span className="published" data-testid="shares">
                        {sharesLine(r.card)}
                      </span>
                    </td>
                    <td className="stack-wide" data-testid="caught-by" data-label="caught by">
                      {r.card.verdict.caughtBy ?? '—'}
                    </td>
                  </tr>
                ))
              : Array.from({ length: expectedRows }, (_, i) => (
                  <tr key={i} className="placeholder-row">
                    <td colSpan={5} />
                  </tr>
                ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
