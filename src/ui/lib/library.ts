import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { Trace } from '../../core/types';
import type { ReplayReport } from '../../traces/replay';
import type { Payload } from '../workers/importProtocol';
import type { ImportRun } from './importRuns';
import { spawnImportWorker, takeEarlyImports } from './importWorkers';
import { importer, type ImportJob, type ImportPort } from './libraryImport';
import { createRuns, type ImportStorage, type StorageInfo, type Unread } from './libraryRuns';
import { summarizeNative, type LibraryEntry } from './librarySummary';
import { planFileImports } from './importPlan';
import { PayloadStore } from './payloads';
import { fingerprint, rescoreOf, type Rescore } from './rescore';
import {
  deleteImports,
  deleteRuns,
  describeUnreadable,
  importsReading,
  listImports,
  listRuns,
  putImport,
  storageEstimate,
  updateImport,
  type Listed,
  type SavedRun,
} from './storage';
import { inNewTask, pauseIfDue, type Pause } from './timeSlice';
import { dropUnsaved, unsavedRuns, type UnsavedRun } from './unsavedRuns';

export type { ImportJob } from './libraryImport';

export interface LibraryState {
  entries: LibraryEntry[];
  /** The last import, one line per file, in the order chosen. */
  jobs: ImportJob[];
  notes: string[];
  /** Entries that are runs saved in this browser (the rest were imported into this tab, or are not saved). */
  saved: ReadonlySet<string>;
  /** Re-scores by entry id: what a replay in this page says, beside what the trace recorded. */
  rescored: Readonly<Record<string, Rescore>>;
  /** A re-score of several entries under way. */
  rescoring: { done: number; total: number } | null;
  /** Imported files by run id: what each row's `run` names. */
  runs: Readonly<Record<string, ImportRun>>;
  storage: StorageInfo;
  /** Stored imports not read yet on this visit (libraryRuns.ts). */
  unread: readonly Unread[];
  /** Reads of the runs saved in this browser under way (each visit of a view reads them), and whether one has ended on this page. */
  savedReads: { running: number; ended: boolean };
}

export interface LibraryDeps {
  spawnImport(): ImportPort;
  runs: { list(): Promise<Listed<SavedRun>>; delete(ids: readonly string[]): Promise<void> };
  /** Runs this tab holds that storage did not take. */
  unsaved(): UnsavedRun[];
  /** Deleted runs leave this tab's memory too. */
  forget(ids: readonly string[]): void;
  /** Replay a native trace against a fresh world and re-score it. */
  verify(trace: Trace): Promise<ReplayReport>;
  imports: ImportStorage;
  /** A file's content hash: the same file imported twice has the same one. */
  hash(blob: Blob): Promise<string>;
  newRunId(): string;
  now(): number;
  /** A task of its own, where a batch of imported rows reaches the store (libraryRuns.ts, RunsDeps.later). */
  later(fn: () => void): void;
}

/**
 * The trace library: saved runs, runs not saved, and imported files. Only
 * the rows (summaries) are reactive; whole traces (payloads) stay outside
 * the store, keyed by id, and are read when a row is opened.
 */
export function createLibrary(deps: LibraryDeps) {
  const store = createStore<LibraryState>()(() => ({
    entries: [],
    jobs: [],
    notes: [],
    saved: new Set(),
    rescored: {},
    rescoring: null,
    runs: {},
    storage: { bytes: 0, files: 0, estimate: null, error: null },
    unread: [],
    savedReads: { running: 0, ended: false },
  }));
  const payloads = new PayloadStore();
  const runs = createRuns(store, payloads, deps);
  /** Stored imports are read again once per page, on the first visit. */
  let restored: Promise<void> | null = null;
  /** Runs held in this tab only; such a run's older saved copy, if any, gives way to it. */
  let unsavedIds = new Set<string>();

  const payloadOf = (id: string): Payload | undefined => payloads.get(id);
  /** A row's trace read with the main thread handed back while a big one is decoded (opening a row); `payloadOf` after. */
  const loadPayload = (id: string, pause: Pause): Promise<Payload | undefined> => payloads.load(id, pause);
  const payloadQuick = (id: string): boolean => payloads.quick(id);

  /** A re-score stands only for the recording it was made of. */
  const stillRescored = (rescored: LibraryState['rescored'], id: string, trace: Trace) => {
    const r = rescored[id];
    return r && r.of === fingerprint(trace) ? { [id]: r } : {};
  };

  function showSaved(list: SavedRun[]): void {
    const runs = list.sort((a, b) => b.savedAt - a.savedAt);
    const fresh = new Set(runs.map((r) => r.id));
    const { saved: before, rescored } = store.getState();
    const gone = [...before].filter((id) => !fresh.has(id));
    for (const id of gone) payloads.delete(id);
    let kept: Record<string, Rescore> = Object.fromEntries(Object.entries(rescored).filter(([id]) => !fresh.has(id) && !gone.includes(id)));
    const rows = runs.map((r) => {
      payloads.set(r.id, { kind: 'native', trace: r.trace });
      kept = { ...kept, ...stillRescored(rescored, r.id, r.trace) };
      return summarizeNative(r.trace, r.id, r.finished ? 'saved in this browser' : 'in progress (saved)');
    });
    const drop = new Set([...fresh, ...gone]);
    store.setState((s) => ({ entries: [...rows, ...s.entries.filter((e) => !drop.has(e.id))], saved: fresh, rescored: kept }));
  }

  function showUnsaved(): void {
    const runs = deps.unsaved();
    const now = new Set(runs.map((r) => r.id));
    const { saved } = store.getState();
    const rows = runs.map((r) => {
      payloads.set(r.id, { kind: 'native', trace: r.trace });
      return summarizeNative(r.trace, r.id, r.reason);
    });
    const stale = new Set([...unsavedIds].filter((id) => !now.has(id) && !saved.has(id)));
    for (const id of stale) payloads.delete(id);
    unsavedIds = now;
    store.setState((s) => ({ entries: [...rows, ...s.entries.filter((e) => !now.has(e.id) && !stale.has(e.id))] }));
  }

  /**
   * Saved runs (human play, model runs) from storage, newest first, then the
   * runs this tab holds that storage did not take; imported files join them for
   * this tab. Read again on every visit: runs saved since, or deleted in another
   * tab, show. When storage cannot be read, the rows already listed stay, the
   * unsaved runs are still listed, and the error is thrown for the view to show.
   */
  async function loadSaved(): Promise<void> {
    const reads = (running: number, ended: boolean) =>
      store.setState((s) => ({ savedReads: { running: s.savedReads.running + running, ended: s.savedReads.ended || ended } }));
    reads(1, false);
    try {
      await readSaved();
    } finally {
      reads(-1, true);
    }
  }

  async function readSaved(): Promise<void> {
    let failure: { error: unknown } | null = null;
    try {
      const { items, unreadable } = await deps.runs.list();
      showSaved(items);
      // Records another build wrote that this one cannot read: the rest still list, and the view says which.
      if (unreadable.length > 0) failure = { error: new Error(describeUnreadable('run', unreadable)) };
    } catch (e) {
      failure = { error: e };
    }
    showUnsaved();
    restored ??= runs.restore();
    await restored;
    if (failure) throw failure.error;
  }

  /**
   * Removes traces from the library: runs saved in this browser are deleted from
   * storage (one transaction — if it fails, nothing is removed anywhere), and
   * imported ones leave this tab.
   */
  async function removeEntries(ids: readonly string[]): Promise<void> {
    const { saved } = store.getState();
    // Only saved runs touch storage: rows held in this tab leave even when storage is down.
    const stored = ids.filter((id) => saved.has(id));
    if (stored.length) await deps.runs.delete(stored);
    await runs.hideRows(ids);
    deps.forget(ids);
    for (const id of ids) payloads.delete(id);
    const gone = new Set(ids);
    store.setState((s) => ({
      entries: s.entries.filter((e) => !gone.has(e.id)),
      saved: new Set([...s.saved].filter((id) => !gone.has(id))),
      rescored: Object.fromEntries(Object.entries(s.rescored).filter(([id]) => !gone.has(id))),
    }));
  }

  /** What a replay of this entry said (the trace view replays every trace it opens). */
  function noteRescore(id: string, recorded: Trace, report: ReplayReport): void {
    store.setState((s) => ({ rescored: { ...s.rescored, [id]: rescoreOf(recorded, report) } }));
  }

  /** Replay and re-score these entries one after another (native traces only; the trace view replays a vf-eval row when opened). */
  async function rescore(ids: readonly string[]): Promise<void> {
    const todo = ids.flatMap((id) => {
      const p = payloads.get(id);
      return p?.kind === 'native' ? [{ id, trace: p.trace }] : [];
    });
    if (todo.length === 0 || store.getState().rescoring) return;
    store.setState({ rescoring: { done: 0, total: todo.length } });
    try {
      for (const [i, { id, trace }] of todo.entries()) {
        try {
          noteRescore(id, trace, await deps.verify(trace));
        } catch {
          // A trace of a world this site lacks, or with an invalid task, stays "recorded" only.
        }
        store.setState({ rescoring: { done: i + 1, total: todo.length } });
      }
    } finally {
      store.setState({ rescoring: null });
    }
  }

  const imports = importer(
    {
      jobs: { get: () => store.getState().jobs, set: (jobs, notes) => store.setState(notes ? { jobs, notes } : { jobs }) },
      steps: runs.steps,
    },
    deps.spawnImport,
  );

  /** Every chosen file, each reported on its own line. */
  function importFiles(files: File[]): void {
    const plan = planFileImports(files);
    if (plan.imports.length === 0) return;
    void imports.importAll(
      // A folder's relative path keeps vf-eval's `<env>--<model>/<run>/` layout, which names the run.
      plan.imports.map(({ file, metadata }) => ({ source: { kind: 'file', file, metadata, path: file.webkitRelativePath || file.name }, label: file.name })),
      plan.notes,
    );
  }

  /**
   * An http(s) address the person has agreed to fetch (see importLink.ts for
   * what is refused before); `started`: its import already under way (the
   * click came before the library loaded: lib/importWorkers.ts). Never
   * rejects: a failure is its job's line. Settles when the import has (tests
   * await it).
   */
  function importUrl(url: string, started?: { port: ImportPort; run: string }): Promise<void> {
    return imports.importAll([{ source: { kind: 'url', url }, label: url, started }], []);
  }

  return {
    store,
    payloadOf,
    loadPayload,
    payloadQuick,
    loadSaved,
    removeEntries,
    noteRescore,
    rescore,
    importFiles,
    importUrl,
    cancelImport: imports.cancel,
    decideDuplicate: imports.decide,
    renameRun: runs.rename,
    setRunIdentity: runs.setIdentity,
    removeRuns: runs.remove,
    retryRun: runs.retry,
    clearImports: runs.clear,
  };
}

/** The page's library, over its storage, its import workers and the world registry. */
export const library = createLibrary({
  spawnImport: spawnImportWorker,
  runs: { list: listRuns, delete: deleteRuns },
  unsaved: unsavedRuns,
  forget: (ids) => {
    for (const id of ids) dropUnsaved(id);
    // A run this tab plays lives in live/runs, loaded by the views that play: listing traces does not load it.
    void import('../live/runs').then((runs) => runs.forgetRuns(ids)).catch(() => undefined);
  },
  verify: async (trace) => {
    // Loaded on the first re-score: listing traces needs no world's code.
    const [{ verifyTrace }, { loadWorld }] = await Promise.all([import('../../traces/replay'), import('../worlds/registry')]);
    // A recorded trace's SQL is untrusted: replay it behind the watchdog.
    const report = await verifyTrace(await loadWorld(trace.world, 'play'), trace, { pause: pauseIfDue });
    if (!report.ok) throw new Error(report.error);
    return report.value;
  },
  imports: { list: listImports, put: putImport, update: updateImport, delete: deleteImports, estimate: storageEstimate, reading: importsReading },
  hash: async (blob) => {
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await blob.arrayBuffer()));
    return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
  },
  newRunId: () => `import-${crypto.randomUUID().slice(0, 8)}`,
  now: Date.now,
  later: inNewTask,
});

export const useLibrary = <T>(selector: (s: LibraryState) => T): T => useStore(library.store, selector);

// A `?src=` link's import the reader started on the page index.html painted (lib/earlyLink.ts): the library takes it over.
takeEarlyImports((early) => void library.importUrl(early.url, early));

export const {
  payloadOf,
  loadPayload,
  payloadQuick,
  loadSaved,
  removeEntries,
  noteRescore,
  rescore,
  importFiles,
  importUrl,
  cancelImport,
  decideDuplicate,
  renameRun,
  setRunIdentity,
  removeRuns,
  retryRun,
  clearImports,
} = library;
