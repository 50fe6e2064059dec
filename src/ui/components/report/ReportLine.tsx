import type { ReportRow } from '../../lib/report';
import { Clamp } from '../Clamp';

const f = (v: number | null, digits = 2) => (v === null ? '—' : v.toFixed(digits));
const pct = (v: number | null) => (v === null ? '—' : `${Math.round(v * 100)}%`);

/** One model's (or person's) line; a published one says so and where it comes from. */
export function ReportLine({ row: r, layerIds }: { row: ReportRow; layerIds: string[] }) {
  const published = r.source !== 'yours';
  return (
    <tr className={published ? 'published' : undefined} data-testid={published ? 'report-published' : 'report-row'}>
      <td>
        <Clamp text={r.agent} />
        {published ? (
          <span className="muted small" title={r.source}>
            {' '}
            published · {r.source}
          </span>
        ) : null}
      </td>
      <td className="num">{r.n ?? '—'}</td>
      <td className="num">{r.reward === null && published ? 'not run' : f(r.reward)}</td>
      <td className="num">{pct(r.passRate)}</td>
      <td className="num">{pct(r.disagreementRate)}</td>
      {layerIds.map((l) => (
        <td key={l} className="num">
          {f(r.layers[l] ?? null)}
        </td>
      ))}
      <td className="num">{f(r.steps, 1)}</td>
      <td className="num">{r.peakContext === null ? '—' : Math.round(r.peakContext).toLocaleString()}</td>
      <td className="num">{r.costUsd === null ? '—' : `$${r.costUsd.toFixed(4)}`}</td>
      <td className="num">{r.latencyMs === null ? '—' : `${(r.latencyMs / 1000).toFixed(1)} s`}</td>
    </tr>
  );
}
