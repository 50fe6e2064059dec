import { compareByExample, type Side } from '../../lib/compareExamples';
import { payloadOf } from '../../lib/library';
import type { LibraryEntry } from '../../lib/librarySummary';
import { hrefFor } from '../../lib/route';
import { Clamp } from '../Clamp';

const num = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toFixed(2));

/** Model A vs model B (and more) on the same examples: outputs, tool results, each layer, and what caught each side. */
export function ExampleCompare({ entries }: { entries: readonly LibraryEntry[] }) {
  const { agents, rows, unpaired } = compareByExample(entries, payloadOf);
  if (rows.length === 0)
    return <p className="error">None of the selected examples was run by two agents: select rows of two or more models on the same tasks.</p>;
  return (
    <section className="panel compare" data-testid="compare-examples">
      <p>
        <a href="#/traces">← Back to the library</a>
      </p>
      <h2>
        {agents.length} agents on {rows.length} shared example{rows.length === 1 ? '' : 's'}
      </h2>
      <p className="muted">
        {agents.map((a, i) => (
          <span key={a}>
            {i ? ' vs ' : ''}
            <strong>
              <Clamp text={a} />
            </strong>
          </span>
        ))}
        {unpaired ? ` · ${unpaired} selected example${unpaired === 1 ? '' : 's'} run by one agent only, not shown` : ''}
      </p>
      <table className="grid compare-table">
        <thead>
          <tr>
            <th>example</th>
            {agents.map((a) => (
              <th key={a}>
                <Clamp text={a} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.example} data-testid="example-row">
              <th>
                <Clamp text={r.example} />
              </th>
              {r.sides.map((s, i) => (
                <td key={agents[i]}>{s ? <SideCell side={s} /> : <span className="muted">not run</span>}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function SideCell({ side }: { side: Side }) {
  const e = side.entry;
  return (
    <div className="example-side" data-testid="example-side">
      <div>
        <a href={hrefFor(['trace', e.id])}>full {num(e.reward)}</a> · naive {num(e.naive)}
        {e.disagreement ? <span className="badge badge-bad">naive PASS · full FAIL</span> : null}
      </div>
      <div className={side.caughtBy ? 'bad small' : 'muted small'} data-testid="caught-by">
        {side.caughtBy ? `caught by ${side.caughtBy}` : 'caught by nothing'}
      </div>
      <div className="small">
        {Object.entries(e.layers).map(([k, v]) => (
          <span key={k} className={v < 1 ? 'bad' : ''}>
            {k} {v.toFixed(2)}{' '}
          </span>
        ))}
      </div>
      <div className="small">
        output: <Clamp text={side.output || '—'} max={200} />
      </div>
      {side.tools.length ? (
        <details className="small">
          <summary>
            {side.tools.length} tool call{side.tools.length === 1 ? '' : 's'}
          </summary>
          <ol>
            {side.tools.map((t, k) => (
              <li key={k} className={t.ok ? '' : 'bad'}>
                <code>
                  <Clamp text={t.call} max={120} />
                </code>{' '}
                → <Clamp text={t.result ?? 'no result'} max={200} />
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}
