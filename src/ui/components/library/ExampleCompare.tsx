import { compareByExample } from '../../lib/compareExamples';
import { payloadOf } from '../../lib/library';
import type { LibraryEntry } from '../../lib/librarySummary';
import { Clamp } from '../Clamp';
import { ExampleSide } from './ExampleSide';

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
                <td key={agents[i]}>{s ? <ExampleSide side={s} /> : <span className="muted">not run</span>}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
