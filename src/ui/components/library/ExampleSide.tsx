import type { Side } from '../../lib/compareExamples';
import { hrefFor } from '../../lib/route';
import { Clamp } from '../Clamp';

const num = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toFixed(2));

/** One agent's row on an example: its scores, what caught it, each layer, its output and its tool calls with their results. */
export function ExampleSide({ side }: { side: Side }) {
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
