import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { Trace } from '../../core/types';
import { divergence, divergenceLabel, DIVERGENCE_KINDS } from '../../traces/divergence';
import { exportTracesJsonl, exportVfResultsJsonl, toCsv } from '../../traces/export/index';
import { Clamp } from '../components/Clamp';
import { DivergenceBar, type DivergenceShow } from '../components/DivergenceBar';
import { ImportPanel } from '../components/library/ImportPanel';
import { LibraryTable } from '../components/library/LibraryTable';
import { LinkImport } from '../components/library/LinkImport';
import { clampText, hoverText } from '../lib/clamp';
import { download } from '../lib/download';
import { library, payloadOf, removeEntries, rescore, useLibrary, type LibraryState } from '../lib/library';
import { divergenceParam, filterEntries, groupEntries, readDivergenceParam, type DivergenceFilter, type LibraryFilter } from '../lib/libraryFilter';
import { entryVerdicts, type LibraryEntry } from '../lib/librarySummary';
import { navigate } from '../lib/navigate';
import { hrefFor, type Route } from '../lib/route';
import { useInView } from '../lib/useInView';
import { useSavedRuns } from '../lib/useSavedRuns';
import { allWorlds } from '../lib/worlds';
import { CompareView, TraceView } from './lazyViews';

const LibraryCharts = lazy(() => import('../components/library/LibraryCharts'));

// The re-score columns are read when the file is made: the library's re-scores at that moment.
const rescoredNow = (e: LibraryEntry) => library.store.getState().rescored[e.id];
const CSV_COLUMNS = [
  { header: 'world', value: (e: LibraryEntry) => e.world },
  { header: 'task', value: (e: LibraryEntry) => e.task },
  { header: 'agent', value: (e: LibraryEntry) => e.agent },
  { header: 'reward', value: (e: LibraryEntry) => e.reward },
  { header: 'naive', value: (e: LibraryEntry) => e.naive },
  { header: 'rescored_reward', value: (e: LibraryEntry) => rescoredNow(e)?.reward ?? null },
  { header: 'rescored_naive', value: (e: LibraryEntry) => rescoredNow(e)?.naive ?? null },
  { header: 'replay', value: (e: LibraryEntry) => rescoredNow(e)?.replay ?? null },
  { header: 'naive_pass_full_fail', value: (e: LibraryEntry) => e.disagreement },
  { header: 'layers', value: (e: LibraryEntry) => JSON.stringify(e.layers) },
  { header: 'steps', value: (e: LibraryEntry) => e.steps },
  { header: 'tokens', value: (e: LibraryEntry) => e.tokens },
  { header: 'duration_ms', value: (e: LibraryEntry) => e.durationMs },
  { header: 'source', value: (e: LibraryEntry) => e.source },
];

function nativeTraces(rows: LibraryEntry[]): Trace[] {
  return rows.flatMap((e) => {
    const p = payloadOf(e.id);
    return p?.kind === 'native' ? [p.trace] : [];
  });
}

export default function LibraryView({ route }: { route: Route }) {
  const entries = useLibrary((s) => s.entries);
  const savedIds = useLibrary((s) => s.saved);
  const rescored = useLibrary((s) => s.rescored);
  const rescoring = useLibrary((s) => s.rescoring);
  const saved = useSavedRuns();
  const [filter, setFilter] = useState<Omit<LibraryFilter, 'divergence'>>({ text: '', world: '', only: null });
  // The URL owns the divergence filter, so a link (or Back) shows the same rows.
  const shown = readDivergenceParam(route.query.get('filter'));
  const setShown = (d: DivergenceFilter) => navigate(hrefFor(['traces'], { ...Object.fromEntries(route.query), filter: divergenceParam(d) }));
  const [groupBy, setGroupBy] = useState<'' | 'agent' | 'task' | 'world'>('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const src = route.query.get('src');
  const [chartsRef, chartsInView] = useInView<HTMLElement>();

  // A decided link leaves the URL: Back or a reload does not ask again.
  const closeLink = () => {
    const query = Object.fromEntries(route.query);
    delete query.src;
    navigate(hrefFor(['traces'], query), { replace: true });
  };
  // What a row opens, loaded before the first click on one.
  const listed = entries.length > 0;
  useEffect(() => {
    if (!listed) return;
    const t = setTimeout(() => void Promise.all([TraceView.preload(), CompareView.preload()]).catch(() => undefined), 200);
    return () => clearTimeout(t);
  }, [listed]);

  const rows = useMemo(() => filterEntries(entries, { ...filter, divergence: shown }), [entries, filter, shown]);
  const groups = useMemo(() => (groupBy ? groupEntries(rows, groupBy) : []), [rows, groupBy]);
  const worlds = useMemo(() => [...new Set(entries.map((e) => e.world))].sort(), [entries]);
  const chosen = rows.filter((r) => selected.has(r.id));
  const target = chosen.length ? chosen : rows;
  const diverging = useMemo(() => divergence(target.map(entryVerdicts)), [target]);
  // Shown for a selection, the diverging rows are those of the selection only.
  const show = (kind: DivergenceShow) => {
    setFilter({ ...filter, only: chosen.length ? new Set(chosen.map((c) => c.id)) : null });
    setShown(kind);
  };

  const open = (e: LibraryEntry) => navigate(`#/trace/${encodeURIComponent(e.id)}`);
  const toggle = (id: string) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const savedChosen = chosen.filter((c) => savedIds.has(c.id)).length;
  const remove = async () => {
    setConfirmDelete(false);
    try {
      await removeEntries(chosen.map((c) => c.id));
      setSelected(new Set());
      setError(null);
    } catch (e) {
      setError(`Nothing was deleted: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  const compareTask = chosen.length >= 2 && new Set(chosen.map((c) => `${c.world}|${c.task}`)).size === 1;

  return (
    <div className="library">
      <section className="panel">
        <h1>Trace library</h1>
        {src ? <LinkImport key={src} src={src} onClose={closeLink} /> : null}
        <ImportPanel />
        {error ? <p className="error">{error}</p> : null}
        {saved.error ? (
          <p className="error" role="alert" data-testid="storage-notice">
            {saved.error}. Runs played or finished in this tab are listed as “not saved”: export them to keep them. Imports work as usual, for this tab.
          </p>
        ) : null}
      </section>
      <section className="panel">
        <div className="lib-toolbar">
          <input value={filter.text} onChange={(e) => setFilter({ ...filter, text: e.target.value })} placeholder="Search tool calls, answers, tasks, models…" aria-label="search" className="grow" data-testid="library-search" />
          <select value={filter.world} onChange={(e) => setFilter({ ...filter, world: e.target.value })} aria-label="world filter">
            <option value="">all worlds / envs</option>
            {worlds.map((w) => (
              <option key={w} value={w} title={hoverText(w)}>
                {clampText(w, 60)}
              </option>
            ))}
          </select>
          <select value={divergenceParam(shown) ?? ''} onChange={(e) => setShown(readDivergenceParam(e.target.value))} aria-label="divergence filter" data-testid="divergence-filter">
            <option value="">every trace</option>
            {DIVERGENCE_KINDS.map((k) => (
              <option key={k} value={k}>
                only {divergenceLabel(k)}
              </option>
            ))}
            <option value="diverging">only those that diverge</option>
          </select>
          <select value={groupBy} onChange={(e) => setGroupBy(e.target.value as typeof groupBy)} aria-label="group by">
            <option value="">no grouping</option>
            <option value="agent">means by agent / model</option>
            <option value="task">means by task</option>
            <option value="world">means by world</option>
          </select>
        </div>
        <div className="lib-toolbar">
          <span className="muted" data-testid="library-count">
            {rows.length} of {entries.length} traces{chosen.length ? ` · ${chosen.length} selected` : ''}
          </span>
          {filter.only ? (
            <span className="chip" data-testid="only-chip">
              within the {filter.only.size} selected{' '}
              <button type="button" className="link" onClick={() => setFilter({ ...filter, only: null })}>
                clear
              </button>
            </span>
          ) : null}
          <button type="button" disabled={!compareTask} onClick={() => navigate(`#/compare?ids=${chosen.map((c) => encodeURIComponent(c.id)).join(',')}`)} title="Select two or more traces of the same task">
            Compare selected
          </button>
          <button type="button" disabled={!target.length} onClick={() => download(exportTracesJsonl(nativeTraces(target)), 'traces.jsonl', 'application/x-ndjson')} data-testid="export-jsonl">
            Export JSONL
          </button>
          <button
            type="button"
            disabled={!target.length}
            onClick={async () => download(exportVfResultsJsonl(nativeTraces(target), await allWorlds()), 'results.jsonl', 'application/x-ndjson')}
          >
            Export vf results.jsonl
          </button>
          <button type="button" disabled={!target.length} onClick={() => download(toCsv(target, CSV_COLUMNS), 'library.csv', 'text/csv')}>
            Export CSV
          </button>
          <RescoreButton target={target} rescored={rescored} rescoring={rescoring} />
          <button type="button" className="danger" disabled={!chosen.length} onClick={() => setConfirmDelete(true)} data-testid="delete-selected" title="Select the traces to delete">
            Delete selected…
          </button>
        </div>
        {target.length ? <DivergenceBar divergence={diverging} scope={chosen.length ? `the ${chosen.length} selected` : `the ${rows.length} listed`} onShow={show} active={shown} /> : null}
        {confirmDelete && chosen.length ? (
          <div className="confirm" role="alertdialog" aria-label="confirm deletion" data-testid="confirm-delete">
            <span>
              Delete {chosen.length} trace{chosen.length === 1 ? '' : 's'}?{' '}
              {savedChosen ? `${savedChosen} saved in this browser ${savedChosen === 1 ? 'is' : 'are'} deleted for good. ` : ''}
              {chosen.length - savedChosen ? `${chosen.length - savedChosen} imported ${chosen.length - savedChosen === 1 ? 'leaves' : 'leave'} this tab (the file is untouched).` : ''}
            </span>
            <button type="button" className="danger" onClick={() => void remove()} data-testid="confirm-delete-yes" autoFocus>
              Delete
            </button>
            <button type="button" onClick={() => setConfirmDelete(false)}>
              Cancel
            </button>
          </div>
        ) : null}
        {groups.length ? (
          <table className="grid groups" data-testid="library-groups">
            <thead>
              <tr>
                <th>{groupBy}</th>
                <th className="num">traces</th>
                <th className="num">mean full</th>
                <th className="num">mean naive</th>
                <th className="num">naive PASS · full FAIL</th>
              </tr>
            </thead>
            <tbody>
              {groups.map((g) => (
                <tr key={g.key}>
                  <td>
                    <Clamp text={g.key} />
                  </td>
                  <td className="num">{g.n}</td>
                  <td className="num">{g.reward?.toFixed(3) ?? '—'}</td>
                  <td className="num">{g.naive?.toFixed(3) ?? '—'}</td>
                  <td className="num">{g.disagreements}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {entries.length === 0 ? (
          <p className="muted">No traces yet: play an episode, run a model, or import a file above.</p>
        ) : (
          <LibraryTable rows={rows} selected={selected} onToggle={toggle} onOpen={open} rescored={rescored} />
        )}
      </section>
      {rows.length > 0 ? (
        // Drawn when scrolled near: nothing to compute for a reader who never looks at them.
        <section className="panel" ref={chartsRef} data-testid="library-charts-panel">
          {chartsInView ? (
            <Suspense fallback={<div className="chart-placeholder">Loading charts…</div>}>
              <LibraryCharts rows={rows} />
            </Suspense>
          ) : (
            <div className="chart-placeholder">Charts</div>
          )}
        </section>
      ) : null}
    </div>
  );
}

/** Replay and re-score the selected (or listed) native traces not re-scored yet, one after another. */
function RescoreButton({ target, rescored, rescoring }: { target: LibraryEntry[]; rescored: LibraryState['rescored']; rescoring: LibraryState['rescoring'] }) {
  const todo = target.filter((e) => e.kind === 'native' && !rescored[e.id]);
  if (rescoring)
    return (
      <span className="muted small" data-testid="rescoring">
        re-scoring {rescoring.done} of {rescoring.total}…
      </span>
    );
  return (
    <button
      type="button"
      disabled={todo.length === 0}
      onClick={() => void rescore(todo.map((e) => e.id))}
      data-testid="rescore"
      title="Replay each trace against the worlds as this page has them and score it with today's verifiers; the recorded scores stay beside the new ones"
    >
      Re-score {todo.length || ''}
    </button>
  );
}
