import { useMemo } from 'react';
import { ReportGroupTable } from '../components/report/ReportGroupTable';
import { StudyBaselines } from '../components/study/StudyBaselines';
import { isStudyEntry } from '../study/baselineChecks';
import { download } from '../lib/download';
import { payloadOf, useLibrary } from '../lib/library';
import { longPendingText } from '../lib/libraryPending';
import { libraryParams, listedRows, readLibraryQuery } from '../lib/libraryQuery';
import { HINTS_MARK } from '../lib/librarySummary';
import { navigate } from '../lib/navigate';
import { buildReport, contentKey, reportInput, reportRows, type PublishedRow } from '../lib/report';
import { reportCsv, reportSvg } from '../lib/reportFiles';
import { hrefFor, type Route } from '../lib/route';
import { useAsync } from '../lib/useAsync';
import { useSavedRuns } from '../lib/useSavedRuns';
import { publishedRows } from '../worlds/registry';

const NO_FIGURES: readonly PublishedRow[] = [];

/** The per-model report over a selection (`ids`) or over what the library lists (its query), with the seeds' published rows beside. */
export default function ReportView({ route }: { route: Route }) {
  const saved = useSavedRuns();
  const entries = useLibrary((s) => s.entries);
  // A report of what the library lists counts every run it knows of, or waits: one over part of it would not say so.
  // A selection (`ids`) is whole as it is.
  const pending = useLibrary(longPendingText);
  const ids = route.query.get('ids');
  const waiting = ids === null ? pending : null;
  const search = route.query.toString();
  const includeHinted = route.query.get('hints') === 'include';
  const chosen = useMemo(() => {
    if (ids !== null) {
      const picked = new Set(ids.split(',').filter(Boolean));
      return entries.filter((e) => picked.has(e.id));
    }
    return listedRows(entries, readLibraryQuery(new URLSearchParams(search)));
  }, [entries, ids, search]);
  const {
    counted: rows,
    hinted,
    unfinished,
    duplicates,
  } = useMemo(() => reportRows(chosen, includeHinted, (e) => contentKey(e, payloadOf(e.id))), [chosen, includeHinted]);
  // A study's runs are reported (replay-verified, with their own rules for what counts) in its human baseline, not pooled here unverified.
  // The worlds' published figures load with the report; if they fail to load, the reference rows are left out, not the report.
  const published = useAsync(publishedRows, []);
  const figures = published.status === 'done' ? published.value : NO_FIGURES;
  const groups = useMemo(
    () =>
      buildReport(
        rows.filter((e) => !isStudyEntry(e)).map((e) => reportInput(e, payloadOf(e.id))),
        figures,
      ),
    [rows, figures],
  );
  const setIncludeHinted = (on: boolean) => {
    const q = new URLSearchParams(route.query);
    if (on) q.set('hints', 'include');
    else q.delete('hints');
    navigate(hrefFor(['report'], Object.fromEntries(q)), { replace: true });
  };
  const back = hrefFor(['traces'], ids === null ? libraryParams(readLibraryQuery(route.query)) : {});
  if (waiting)
    return (
      <section className="panel report">
        <p>
          <a href={back}>← Back to the library</a>
        </p>
        <h1>Report per model</h1>
        <p className="warn-box" role="status" data-testid="report-waiting">
          The report waits for the library to finish reading: {waiting}. It then counts every run.
        </p>
      </section>
    );
  if (!saved.ready || published.status === 'loading') return <p className="muted">Opening the library…</p>;
  return (
    <section className="panel report" data-testid="report">
      <p>
        <a href={back}>← Back to the library</a>
      </p>
      <h1>
        Report per model: {rows.length} {rows.length === 1 ? 'trace' : 'traces'}
      </h1>
      <p className="muted small">
        Means over the traces {ids === null ? 'the library lists' : 'selected'}, per world, and per group where a world groups its tasks (a profile). Rows
        marked <em>published</em> are the seeds’ own figures for real models, shown for reference and never pooled with yours.
      </p>
      {unfinished > 0 ? (
        <p className="muted small" data-testid="report-unfinished">
          {unfinished} {unfinished === 1 ? 'run is' : 'runs are'} still in progress: left out until {unfinished === 1 ? 'it ends' : 'they end'}.
        </p>
      ) : null}
      {duplicates > 0 ? (
        <p className="warn-box small" role="status" data-testid="report-duplicates">
          {duplicates} {duplicates === 1 ? 'trace is a copy' : 'traces are copies'} of another in this selection (the same run imported twice, an export read
          back in): each run is counted once.
        </p>
      ) : null}
      {hinted > 0 ? (
        <p className="small" data-testid="report-hinted">
          <label className="check">
            <input type="checkbox" checked={includeHinted} onChange={(e) => setIncludeHinted(e.target.checked)} data-testid="include-hinted" />
            Include {hinted} {hinted === 1 ? 'run' : 'runs'} {HINTS_MARK}
          </label>{' '}
          <span className="muted">
            {includeHinted
              ? `— counted below as “human (${HINTS_MARK})”, apart from the human baseline.`
              : '— left out: a person who saw the verifier’s view is no human baseline.'}
          </span>
        </p>
      ) : null}
      <div className="lib-toolbar">
        <button type="button" disabled={!groups.length} onClick={() => download(reportCsv(groups), 'report.csv', 'text/csv')} data-testid="report-csv">
          Export CSV
        </button>
        <button type="button" disabled={!groups.length} onClick={() => download(reportSvg(groups), 'report.svg', 'image/svg+xml')} data-testid="report-svg">
          Export chart (SVG)
        </button>
      </div>
      {groups.length === 0 && !chosen.some(isStudyEntry) ? <p className="muted">Nothing to report: select traces in the library, or list some.</p> : null}
      <StudyBaselines rows={chosen} route={route} />
      {groups.map((g) => (
        <ReportGroupTable key={g.key} group={g} />
      ))}
    </section>
  );
}
