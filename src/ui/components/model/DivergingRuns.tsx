import type { Trace } from '../../../core/types';
import { hrefFor } from '../../lib/route';
import { Clamp } from '../Clamp';
import type { BatchRun } from '../../live/batch';

const verdict = (v: 'PASS' | 'FAIL', x: number) => <span className={v === 'PASS' ? 'pass' : 'fail'}>{`${x.toFixed(2)} ${v}`}</span>;

/** The rollouts a divergence figure counts, each opening its saved trace (replayed and re-scored). */
export function DivergingRuns({ runs, cellOf }: { runs: readonly BatchRun[]; cellOf(trace: Trace): string }) {
  return (
    <table className="grid diverging-runs" data-testid="diverging-runs">
      <thead>
        <tr>
          <th>cell</th>
          <th className="num">naive</th>
          <th className="num">full</th>
          <th className="num">strict</th>
          <th>caught by</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {runs.map(({ id, trace }) => {
          const card = trace.scorecard!;
          return (
            <tr key={id} data-testid="diverging-run">
              <td>
                <Clamp text={cellOf(trace)} />
              </td>
              <td className="num">{verdict(card.verdict.naive, card.naive)}</td>
              <td className="num">{verdict(card.verdict.full, card.reward)}</td>
              <td className="num">{card.readings?.strict?.toFixed(2) ?? '—'}</td>
              <td>{card.verdict.caughtBy ?? '—'}</td>
              <td>
                <a href={hrefFor(['trace', id])}>open</a>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
