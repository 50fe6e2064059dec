import type { ReportGroup } from '../../lib/report';
import { Clamp } from '../Clamp';
import { ReportLine } from './ReportLine';

/** One world and profile of the report: the person's rows, then the published ones, with the gap between best and worst. */
export function ReportGroupTable({ group: g }: { group: ReportGroup }) {
  return (
    <div className="report-group" data-testid="report-group">
      <h2>
        <Clamp text={g.key} />
      </h2>
      {g.gap ? (
        <p className="small" data-testid="report-gap">
          Gap: <strong>{g.gap.best}</strong> leads <strong>{g.gap.worst}</strong> by {g.gap.by.toFixed(2)} mean full reward.
        </p>
      ) : null}
      {/* A narrow screen scrolls it: a box a keyboard can reach and scroll. */}
      <div className="report-scroll" tabIndex={0} role="region" aria-label={`report: ${g.key}`}>
        <table className="grid">
          <thead>
            <tr>
              <th>model / person</th>
              <th className="num">traces</th>
              <th className="num">mean full</th>
              <th className="num">pass rate</th>
              <th className="num">naive ≠ full</th>
              {g.layerIds.map((l) => (
                // "type_handling" set as words, so a header can wrap and eight layers fit a wide screen.
                <th key={l} className="num" title={l}>
                  {l.replace(/_/g, ' ')}
                </th>
              ))}
              <th className="num">steps</th>
              <th className="num">peak context</th>
              <th className="num">cost</th>
              <th className="num">latency</th>
            </tr>
          </thead>
          <tbody>
            {g.rows.map((r) => (
              <ReportLine key={r.agent} row={r} layerIds={g.layerIds} />
            ))}
            {g.published.map((r) => (
              <ReportLine key={`p-${r.agent}`} row={r} layerIds={g.layerIds} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
