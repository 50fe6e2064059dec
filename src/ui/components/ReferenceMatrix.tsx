import type { MatrixCell } from '../../core/matrix';
import { episodeHref } from '../lib/episodeRoute';

/** Tasks × reference agents: the full reward (naive beneath), each cell opening that episode. */
export function ReferenceMatrix({ cells, world, testId }: { cells: MatrixCell[]; world: string; testId: string }) {
  const agents = [...new Map(cells.map((c) => [c.agent, c.role])).entries()];
  const tasks = [...new Map(cells.map((c) => [c.task, c])).values()];
  const at = (task: string, agent: string) => cells.find((c) => c.task === task && c.agent === agent);
  return (
    <div className="table-wrap matrix-wrap">
      <table className="grid matrix" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">task</th>
            {agents.map(([a, role]) => (
              <th scope="col" key={a} className="num matrix-agent" title={role}>
                {/* Set upright, a name is as wide as its longest word: twenty-five agents would not fit a wide screen. */}
                <span className="matrix-agent-name">
                  <span>{a}</span>
                  <span className="published">{role}</span>
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {tasks.map((t) => (
            <tr key={t.task}>
              <th scope="row" title={t.taskTitle}>
                {/* The section names the world: its tasks are named without it. */}
                {t.task.startsWith(`${world}/`) ? t.task.slice(world.length + 1) : t.task}
              </th>
              {agents.map(([a]) => {
                const c = at(t.task, a);
                if (!c)
                  return (
                    <td key={a} className="num muted">
                      —
                    </td>
                  );
                return (
                  <td key={a} className="num" data-testid={`cell-${t.task}-${a}`} title={c.caughtBy ?? 'passes'}>
                    <a href={episodeHref({ world, task: c.spec, agent: a, step: 0 })} className={c.full === 'PASS' ? 'pass' : 'fail'}>
                      {c.reward.toFixed(2)}
                    </a>
                    <span className="published">
                      naive {c.naive.toFixed(2)}
                      {c.strict !== null ? ` · strict ${c.strict.toFixed(2)}` : ''}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
