import { useMemo } from 'react';
import { ReportGroupTable } from '../components/report/ReportGroupTable';
import { StudyBaselines } from '../components/study/StudyBaselines';
import { isStudyEntry } from '../study/baselineChecks';
import { download } from '../lib/download';
import { payloadOf, useLibrary } from '../lib/library';
import { libraryParams, listedRows, readLibraryQuery } from '../lib/libraryQuery';
import { buildReport, reportInput } from '../lib/report';
import { reportCsv, reportSvg } from '../lib/reportFiles';
import { hrefFor, type Route } from '../lib/route';
import { useSavedRuns } from '../lib/useSavedRuns';
import { PUBLISHED } from '../worlds/published';

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
  // A study's runs are reported (replay-verified) in its human baseline, not pooled here unverified.
  const groups = useMemo(() => buildReport(rows.filter((e) => !isStudyEntry(e)).map((e) => reportInput(e, payloadOf(e.id))), PUBLISHED), [rows]);
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
      {groups.length === 0 && !rows.some(isStudyEntry) ? <p className="muted">Nothing to report: select traces in the library, or list some.</p> : null}
      <StudyBaselines rows={rows} route={route} />
      {groups.map((g) => (
        <ReportGroupTable key={g.key} group={g} />
      ))}
    </section>
  );
}
