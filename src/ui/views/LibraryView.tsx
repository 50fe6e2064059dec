import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { divergence, divergenceLabel, DIVERGENCE_KINDS } from '../../traces/divergence';
import { toCsv } from '../../traces/export/index';
import { DivergenceBar, type DivergenceShow } from '../components/DivergenceBar';
import { ExportButtons } from '../components/library/ExportButtons';
import { GroupTable } from '../components/library/GroupTable';
import { ImportPanel } from '../components/library/ImportPanel';
import { LibraryTable } from '../components/library/LibraryTable';
import { LinkImport } from '../components/library/LinkImport';
import { FilterChip } from '../components/library/FilterChip';
import { RescoreButton } from '../components/library/RescoreButton';
import { RunsPanel } from '../components/library/RunsPanel';
import { SearchBox } from '../components/library/SearchBox';
import { clampText, hoverText } from '../lib/clamp';
import { metricColumns } from '../lib/libraryCsv';
import { warmColumnPrefs } from '../lib/columnPrefs';
import { warmImportWorker } from '../lib/importWorkers';
import { library, removeEntries, useLibrary } from '../lib/library';
import { divergenceParam, groupEntries, readDivergenceParam, type SortKey } from '../lib/libraryFilter';
import { libraryParams, listedRows, readLibraryQuery, REWARD_PARAM, type GroupBy, type LibraryQuery } from '../lib/libraryQuery';
import { longPendingText, pendingText } from '../lib/libraryPending';
import { entryVerdicts, type LibraryEntry } from '../lib/librarySummary';
import { navigate } from '../lib/navigate';
import { ROW_STATUSES, type RowStatus } from '../lib/rowKind';
import { hrefFor, type Route } from '../lib/route';
import { useInView } from '../lib/useInView';
import { useSavedRuns } from '../lib/useSavedRuns';
import { CompareView, TraceView } from './lazyViews';

const LibraryCharts = lazy(() => import('../components/library/LibraryCharts'));

// The re-score columns are read when the file is made: the library's re-scores at that moment.
const rescoredNow = (e: LibraryEntry) => library.store.getState().rescored[e.id];
const runLabelNow = (e: LibraryEntry) => (e.run ? (library.store.getState().runs[e.run]?.label ?? null) : null);
const CSV_COLUMNS = [
  { header: 'run', value: runLabelNow },
  { header: 'world', value: (e: LibraryEntry) => e.world },
  { header: 'task', value: (e: LibraryEntry) => e.task },
  { header: 'agent', value: (e: LibraryEntry) => e.agent },
  { header: 'example', value: (e: LibraryEntry) => e.example },
  { header: 'reward', value: (e: LibraryEntry) => e.reward },
  // What the reward is: a vf-eval row's own, an Inspect scorer, a part of a dict score, or the column chosen for its run.
  { header: 'reward_from', value: (e: LibraryEntry) => e.rewardFrom ?? null },
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
  { header: 'row', value: (e: LibraryEntry) => (e.place ? `${e.what} ${e.place}` : e.what) },
  { header: 'status', value: (e: LibraryEntry) => e.status },
  { header: 'status_note', value: (e: LibraryEntry) => e.statusNote },
];

const STATUS_LABELS: Record<RowStatus, string> = { error: 'errored', unfinished: 'unfinished', limit: 'stopped by a limit', ok: 'ended without error' };

const GROUP_LABELS: Record<Exclude<GroupBy, ''>, string> = { agent: 'agent / model', task: 'task', world: 'world / env', run: 'import run' };

export default function LibraryView({ route }: { route: Route }) {
  const entries = useLibrary((s) => s.entries);
  const savedIds = useLibrary((s) => s.saved);
  const rescored = useLibrary((s) => s.rescored);
  const rescoring = useLibrary((s) => s.rescoring);
  const runs = useLibrary((s) => s.runs);
  // Runs still being read: the report and the exports may be asked for before a row is listed (they wait for them).
  const reading = useLibrary(pendingText) !== null;
  const readingLong = useLibrary(longPendingText);
  const saved = useSavedRuns();
  // The URL owns what is listed and how (search, filters, grouping, sort): a link, Back, or "back to library" shows the same rows.
  const q = readLibraryQuery(route.query);
  // Every reward choice is written anew from the query (one removed leaves no parameter behind).
  const setQuery = (patch: Partial<LibraryQuery>) =>
    navigate(
      hrefFor(['traces'], {
        ...Object.fromEntries([...route.query].filter(([k]) => !k.startsWith(REWARD_PARAM))),
        ...libraryParams({ ...q, ...patch }),
      }),
      { replace: true },
    );
  const setReward = (run: string, column: string | null) => {
    const rewards = { ...q.rewards };
    if (column === null) delete rewards[run];
    else rewards[run] = column;
    setQuery({ rewards });
  };
  /** The selection a divergence was shown for: not in the URL (ids of a tab's imports mean nothing elsewhere). */
  const [only, setOnly] = useState<ReadonlySet<string> | null>(null);
  const shown = q.divergence;
  const setShown = (d: typeof shown) => navigate(hrefFor(['traces'], { ...Object.fromEntries(route.query), filter: divergenceParam(d) }));
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
  // What a row or the compare buttons open, loaded when the pointer or focus comes to them (by the click it is usually in):
  // not while a big file is being listed, when its compile would compete with the listing, nor for a reader who only imports.
  // A file is usually picked seconds after the page opens: its worker starts meanwhile, when the page is idle, and the
  // table's column layout is read from localStorage then, not in the render that draws the first rows.
  useEffect(() => {
    const warm = () => {
      warmImportWorker();
      warmColumnPrefs();
    };
    if (typeof requestIdleCallback !== 'function') return warm();
    const id = requestIdleCallback(warm, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }, []);
  const preloadTrace = () => void TraceView.preload().catch(() => undefined);
  const preloadCompare = () => void CompareView.preload().catch(() => undefined);

  const search = route.query.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `q` is read from `search`
  const rows = useMemo(() => listedRows(entries, q, only), [entries, search, only]);
  const group = q.group;
  const groups = useMemo(() => (group ? groupEntries(rows, (e) => (group === 'run' ? (e.run ?? '') : e[group])) : []), [rows, group]);
  const runName = (key: string) => (key === '' ? 'played or saved here' : (runs[key]?.label ?? key));
  const drill = (key: string) => setQuery({ group: '', ...(group === 'run' ? { run: key } : group === 'task' ? { text: key } : { [group]: key }) });
  const worlds = useMemo(() => [...new Set(entries.map((e) => e.world))].sort(), [entries]);
  const chosen = useMemo(() => rows.filter((r) => selected.has(r.id)), [rows, selected]);
  const target = chosen.length ? chosen : rows;
  /** What an export writes, from the entries as they are when it starts writing (it may wait for rows still being read). */
  const exportTarget = (all: readonly LibraryEntry[]) => {
    const listed = listedRows(all, q, only);
    const picked = listed.filter((r) => selected.has(r.id));
    return picked.length ? { rows: picked, scope: `the ${picked.length} selected` } : { rows: listed, scope: `the ${listed.length} listed` };
  };
  const diverging = useMemo(() => divergence(target.map(entryVerdicts)), [target]);
  // Shown for a selection, the diverging rows are those of the selection only.
  const show = (kind: DivergenceShow) => {
    setOnly(chosen.length ? new Set(chosen.map((c) => c.id)) : null);
    setShown(kind);
  };

  // The trace view keeps the library's query: its next / previous step through these rows, and "back" returns here.
  const open = (e: LibraryEntry) => navigate(hrefFor(['trace', e.id], libraryParams(q)));
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
  const compareExamples = new Set(chosen.map((c) => c.agent)).size >= 2;
  const compareTask = chosen.length >= 2 && new Set(chosen.map((c) => `${c.world}|${c.task}`)).size === 1;

  return (
    <div className="library">
      <section className="panel">
        <h1>Trace library</h1>
        {src ? <LinkImport key={src} src={src} onClose={closeLink} /> : null}
        <ImportPanel />
        <RunsPanel shown={q.run} onShow={(run) => setQuery({ run })} rewards={q.rewards} onReward={setReward} />
        {error ? <p className="error">{error}</p> : null}
        {saved.error ? (
          <p className="error" role="alert" data-testid="storage-notice">
            {saved.error}. Runs played or finished in this tab are listed as “not saved”: export them to keep them. Imports work as usual, for this tab.
          </p>
        ) : null}
      </section>
      <section className="panel">
        <div className="lib-toolbar">
          <SearchBox value={q.text} onChange={(text) => setQuery({ text })} />
          <select value={q.world} onChange={(e) => setQuery({ world: e.target.value })} aria-label="world filter">
            <option value="">all worlds / envs</option>
            {worlds.map((w) => (
              <option key={w} value={w} title={hoverText(w)}>
                {clampText(w, 60)}
              </option>
            ))}
          </select>
          <select
            value={divergenceParam(shown) ?? ''}
            onChange={(e) => setShown(readDivergenceParam(e.target.value))}
            aria-label="divergence filter"
            data-testid="divergence-filter"
          >
            <option value="">every trace</option>
            {DIVERGENCE_KINDS.map((k) => (
              <option key={k} value={k}>
                only {divergenceLabel(k)}
              </option>
            ))}
            <option value="diverging">only those that diverge</option>
          </select>
          <select
            value={q.status}
            onChange={(e) => setQuery({ status: ROW_STATUSES.find((st) => st === e.target.value) ?? '' })}
            aria-label="status filter"
            data-testid="status-filter"
          >
            <option value="">any status</option>
            {ROW_STATUSES.map((st) => (
              <option key={st} value={st}>
                only {STATUS_LABELS[st]}
              </option>
            ))}
          </select>
          <select value={group} onChange={(e) => setQuery({ group: GROUPS.find((g) => g === e.target.value) ?? '' })} aria-label="group by">
            <option value="">no grouping</option>
            {GROUPS.map((g) => (
              <option key={g} value={g}>
                means by {GROUP_LABELS[g]}
              </option>
            ))}
          </select>
        </div>
        {q.agent || q.run ? (
          <div className="lib-toolbar">
            {q.agent ? <FilterChip text={`agent / model: ${q.agent}`} onClear={() => setQuery({ agent: '' })} testId="agent-chip" /> : null}
            {q.run ? <FilterChip text={`run: ${runName(q.run)}`} onClear={() => setQuery({ run: '' })} testId="run-chip" /> : null}
          </div>
        ) : null}
        <div className="lib-toolbar">
          <span className="muted" data-testid="library-count">
            {rows.length} of {entries.length} traces{readingLong ? ', more being read' : ''}
            {chosen.length ? ` · ${chosen.length} selected` : ''}
          </span>
          {only ? (
            <span className="chip" data-testid="only-chip">
              within the {only.size} selected{' '}
              <button type="button" className="link" onClick={() => setOnly(null)}>
                clear
              </button>
            </span>
          ) : null}
          <button
            type="button"
            disabled={!compareTask}
            onClick={() => navigate(`#/compare?ids=${chosen.map((c) => encodeURIComponent(c.id)).join(',')}`)}
            onPointerEnter={preloadCompare}
            onFocus={preloadCompare}
            title="Select two or more traces of the same task"
          >
            Compare selected
          </button>
          <button
            type="button"
            disabled={!compareExamples}
            onClick={() => navigate(hrefFor(['compare'], { by: 'example', ids: chosen.map((c) => c.id).join(',') }))}
            onPointerEnter={preloadCompare}
            onFocus={preloadCompare}
            title="Select rows of two or more models (or people) on the same examples"
            data-testid="compare-examples-button"
          >
            Compare by example
          </button>
          <button
            type="button"
            disabled={!target.length && !reading}
            onClick={() => navigate(hrefFor(['report'], chosen.length ? { ids: chosen.map((c) => c.id).join(',') } : libraryParams(q)))}
            data-testid="report-button"
          >
            Report per model
          </button>
          <ExportButtons
            rows={target}
            picked={chosen.length > 0}
            select={exportTarget}
            csv={(list) => toCsv(list, [...CSV_COLUMNS, ...metricColumns(list, CSV_COLUMNS)])}
          />
          <RescoreButton target={target} rescored={rescored} rescoring={rescoring} />
          <button
            type="button"
            className="danger"
            disabled={!chosen.length}
            onClick={() => setConfirmDelete(true)}
            data-testid="delete-selected"
            title="Select the traces to delete"
          >
            Delete selected…
          </button>
        </div>
        {target.length ? (
          <DivergenceBar
            divergence={diverging}
            scope={chosen.length ? `the ${chosen.length} selected` : `the ${rows.length} listed`}
            onShow={show}
            active={shown}
          />
        ) : null}
        {confirmDelete && chosen.length ? (
          <div className="confirm" role="alertdialog" aria-label="confirm deletion" data-testid="confirm-delete">
            <span>
              Delete {chosen.length} trace{chosen.length === 1 ? '' : 's'}?{' '}
              {savedChosen ? `${savedChosen} saved in this browser ${savedChosen === 1 ? 'is' : 'are'} deleted for good. ` : ''}
              {chosen.length - savedChosen
                ? `${chosen.length - savedChosen} imported ${chosen.length - savedChosen === 1 ? 'leaves' : 'leave'} the library, now and on later visits (the file itself is untouched; a kept copy keeps its other rows).`
                : ''}
            </span>
            <button type="button" className="danger" onClick={() => void remove()} data-testid="confirm-delete-yes" autoFocus>
              Delete
            </button>
            <button type="button" onClick={() => setConfirmDelete(false)}>
              Cancel
            </button>
          </div>
        ) : null}
        {groups.length && group ? <GroupTable by={GROUP_LABELS[group]} groups={groups} nameOf={group === 'run' ? runName : (k) => k} onOpen={drill} /> : null}
        {entries.length === 0 && readingLong ? (
          <p className="muted" data-testid="library-reading">
            Reading the library: {readingLong}…
          </p>
        ) : entries.length === 0 ? (
          <p className="muted">No traces yet: play an episode, run a model, or import a file above.</p>
        ) : (
          <div onPointerEnter={preloadTrace} onFocus={preloadTrace} data-testid="library-rows">
            <LibraryTable
              rows={rows}
              selected={selected}
              onToggle={toggle}
              onOpen={open}
              rescored={rescored}
              sort={q.sort}
              desc={q.desc}
              onSort={(sort: SortKey | null, desc: boolean) => setQuery({ sort, desc })}
            />
          </div>
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

const GROUPS: readonly Exclude<GroupBy, ''>[] = ['agent', 'task', 'world', 'run'];
