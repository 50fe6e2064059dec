import { useMemo } from 'react';
import { Clamp } from '../components/Clamp';
import { download } from '../lib/download';
import { payloadOf, useLibrary } from '../lib/library';
import { libraryParams, listedRows, readLibraryQuery } from '../lib/libraryQuery';
import { buildReport, reportInput, type ReportGroup, type ReportRow } from '../lib/report';
import { reportCsv, reportSvg } from '../lib/reportFiles';
import { hrefFor, type Route } from '../lib/route';
import { useSavedRuns } from '../lib/useSavedRuns';
import { PUBLISHED } from '../worlds/published';

const f = (v: number | null, digits = 2) => (v === null ? '—' : v.toFixed(digits));
const pct = (v: number | null) => (v === null ? '—' : `${Math.round(v * 100)}%`);

/** The per-model report over a selection (`ids`) or over what the library lists (its query), with the seeds' published rows beside. */
export default function ReportView({ route }: { route: Route }) {
  const saved = useSavedRuns();
  const entries = useLibrary((s) => s.entries);
  const ids = route.query.get('ids');
  const search = route.query.toString();
  const rows = useMemo(() => {
    if (ids !== null) {
      const chosen = new Set(ids.split(',').filter(Boolean));
      return entries.filter((e) => chosen.has(e.id));
    }
    return listedRows(entries, readLibraryQuery(new URLSearchParams(search)));
  }, [entries, ids, search]);
  const groups = useMemo(() => buildReport(rows.map((e) => reportInput(e, payloadOf(e.id))), PUBLISHED), [rows]);
  if (!saved.ready) return <p className="muted">Opening the library…</p>;
  return (
    <section className="panel report" data-testid="report">
      <p>
        <a href={hrefFor(['traces'], ids === null ? libraryParams(readLibraryQuery(route.query)) : {})}>← Back to the library</a>
      </p>
      <h2>Report per model: {rows.length} traces</h2>
      <p className="muted small">
        Means over the traces {ids === null ? 'the library lists' : 'selected'}, per world and profile (or task kind). Rows marked <em>published</em> are the
        seeds’ own figures for real models, shown for reference and never pooled with yours.
      </p>
      <div className="lib-toolbar">
        <button type="button" disabled={!groups.length} onClick={() => download(reportCsv(groups), 'report.csv', 'text/csv')} data-testid="report-csv">
          Export CSV
        </button>
        <button type="button" disabled={!groups.length} onClick={() => download(reportSvg(groups), 'report.svg', 'image/svg+xml')} data-testid="report-svg">
          Export chart (SVG)
        </button>
      </div>
      {groups.length === 0 ? <p className="muted">Nothing to report: select traces in the library, or list some.</p> : null}
      {groups.map((g) => (
        <Group key={g.key} group={g} />
      ))}
    </section>
  );
}

function Group({ group: g }: { group: ReportGroup }) {
  return (
    <div className="report-group" data-testid="report-group">
      <h3>
        <Clamp text={g.key} />
      </h3>
      {g.gap ? (
        <p className="small" data-testid="report-gap">
          Gap: <strong>{g.gap.best}</strong> leads <strong>{g.gap.worst}</strong> by {g.gap.by.toFixed(2)} mean full reward.
        </p>
      ) : null}
      <div className="report-scroll">
        <table className="grid">
          <thead>
            <tr>
              <th>model / person</th>
              <th className="num">traces</th>
              <th className="num">mean full</th>
              <th className="num">pass rate</th>
              <th className="num">naive ≠ full</th>
              {g.layerIds.map((l) => (
                <th key={l} className="num">
                  {l}
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
              <Line key={r.agent} row={r} layerIds={g.layerIds} />
            ))}
            {g.published.map((r) => (
              <Line key={`p-${r.agent}`} row={r} layerIds={g.layerIds} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Line({ row: r, layerIds }: { row: ReportRow; layerIds: string[] }) {
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
