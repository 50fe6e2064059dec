import { create } from 'zustand';
import type { ImportIssue, ImportSummary } from '../../traces/import/types';
import type { ImportMessage, ImportRequest, ImportSource, Payload } from '../workers/importProtocol';
import { summarizeNative, type LibraryEntry } from './librarySummary';
import { planFileImports } from './importPlan';
import { forgetRuns } from '../live/runs';
import { deleteRuns, listRuns, type SavedRun } from './storage';
import { unsavedRuns } from './unsavedRuns';

interface LibraryState {
  entries: LibraryEntry[];
  /** The last import, one line per file, in the order chosen. */
  jobs: ImportJob[];
  notes: string[];
}

/** The library's rows. Payloads (whole traces) stay outside the store, keyed by id: only summaries are reactive. */
export const useLibrary = create<LibraryState>(() => ({ entries: [], jobs: [], notes: [] }));

const payloads = new Map<string, Payload>();
let batchCounter = 0;

export function payloadOf(id: string): Payload | undefined {
  return payloads.get(id);
}

/** Ids of the entries that are runs saved in this browser (the rest were imported into this tab). */
const savedIds = new Set<string>();

export const isSaved = (id: string) => savedIds.has(id);

/**
 * Saved runs (human play, model runs) from IndexedDB, newest first, then the
 * runs this tab holds that storage did not take; imported files join them for
 * this tab. Read again on every visit: runs saved since, or deleted in another
 * tab, show. When storage cannot be read, the rows already listed stay, the
 * unsaved runs are still listed, and the error is thrown for the view to show.
 */
export async function loadSaved(): Promise<void> {
  let failure: { error: unknown } | null = null;
  try {
    showSaved(await listRuns());
  } catch (e) {
    failure = { error: e };
  }
  showUnsaved();
  if (failure) throw failure.error;
}

function showSaved(list: SavedRun[]): void {
  const runs = list.sort((a, b) => b.savedAt - a.savedAt);
  const fresh = new Set(runs.map((r) => r.id));
  const gone = [...savedIds].filter((id) => !fresh.has(id));
  for (const id of gone) payloads.delete(id);
  savedIds.clear();
  const saved = runs.map((r) => {
    savedIds.add(r.id);
    payloads.set(r.id, { kind: 'native', trace: r.trace });
    return summarizeNative(r.trace, r.id, r.finished ? 'saved in this browser' : 'in progress (saved)');
  });
  const drop = new Set([...fresh, ...gone]);
  useLibrary.setState((s) => ({ entries: [...saved, ...s.entries.filter((e) => !drop.has(e.id))] }));
}

/** Runs held in this tab only; such a run's older saved copy, if any, gives way to it. */
let unsavedIds = new Set<string>();

function showUnsaved(): void {
  const runs = unsavedRuns();
  const now = new Set(runs.map((r) => r.id));
  const rows = runs.map((r) => {
    payloads.set(r.id, { kind: 'native', trace: r.trace });
    return summarizeNative(r.trace, r.id, r.reason);
  });
  const stale = new Set([...unsavedIds].filter((id) => !now.has(id) && !savedIds.has(id)));
  for (const id of stale) payloads.delete(id);
  unsavedIds = now;
  useLibrary.setState((s) => ({ entries: [...rows, ...s.entries.filter((e) => !now.has(e.id) && !stale.has(e.id))] }));
}

/**
 * Removes traces from the library: runs saved in this browser are deleted from
 * IndexedDB (one transaction — if it fails, nothing is removed anywhere), and
 * imported ones leave this tab.
 */
export async function removeEntries(ids: readonly string[]): Promise<void> {
  // Only saved runs touch storage: rows held in this tab leave even when storage is down.
  const stored = ids.filter((id) => savedIds.has(id));
  if (stored.length) await deleteRuns(stored);
  forgetRuns(ids);
  for (const id of ids) {
    payloads.delete(id);
    savedIds.delete(id);
  }
  const gone = new Set(ids);
  useLibrary.setState((s) => ({ entries: s.entries.filter((e) => !gone.has(e.id)) }));
}

/** One source imported: what its line in the import status says. */
export interface ImportJob {
  source: string;
  status: 'waiting' | 'running' | 'done' | 'failed' | 'cancelled';
  done: number;
  total: number | null;
  imported: number;
  issues: ImportIssue[];
  summary: ImportSummary | null;
  message: string | null;
}

interface Queued {
  source: ImportSource;
  label: string;
}

/** The import in progress: its worker, and how to end its wait. */
let current: { worker: Worker; finish(): void } | null = null;
let generation = 0;

/**
 * Import sources one after another, each in its own Web Worker: one at a
 * time keeps a 2-core machine responsive, and a file that fails ends only
 * its own line. Each file's items are staged and join the library only when
 * that file's import ends without a fatal error.
 */
async function importAll(queue: Queued[], notes: string[]): Promise<void> {
  cancelImport();
  const mine = ++generation;
  useLibrary.setState({ jobs: queue.map((q) => newJob(q.label)), notes });
  for (const [i, q] of queue.entries()) {
    if (generation !== mine) return;
    await importOne(q.source, i);
  }
}

const newJob = (source: string): ImportJob => ({ source, status: 'waiting', done: 0, total: null, imported: 0, issues: [], summary: null, message: null });

function importOne(source: ImportSource, index: number): Promise<void> {
  return new Promise((resolve) => {
    const batch = `import${++batchCounter}`;
    const staged: LibraryEntry[] = [];
    const stagedPayloads: [string, Payload][] = [];
    const w = new Worker(new URL('../workers/import.worker.ts', import.meta.url), { type: 'module' });
    const finish = () => {
      w.terminate();
      if (current?.worker === w) current = null;
      resolve();
    };
    current = { worker: w, finish };
    const update = (patch: Partial<ImportJob>) =>
      useLibrary.setState((s) => (current?.worker === w ? { jobs: s.jobs.map((j, k) => (k === index ? { ...j, ...patch } : j)) } : s));
    update({ status: 'running' });
    w.onmessage = (e: MessageEvent<ImportMessage>) => {
      const m = e.data;
      if (m.type === 'progress') update({ done: m.done, total: m.total });
      else if (m.type === 'items') {
        m.entries.forEach((entry, i) => {
          staged.push(entry);
          stagedPayloads.push([entry.id, m.payloads[i]!]);
        });
        update({ imported: staged.length });
      } else if (m.type === 'issues') update({ issues: [...(useLibrary.getState().jobs[index]?.issues ?? []), ...m.issues] });
      else if (m.type === 'failed') {
        update({ status: 'failed', message: m.message });
        finish();
      } else {
        if (m.summary.fatal || staged.length === 0) update({ status: 'failed', summary: m.summary, message: m.summary.fatal ?? 'not one line of it could be read as a trace or a vf-eval row' });
        else {
          for (const [id, p] of stagedPayloads) payloads.set(id, p);
          useLibrary.setState((s) => ({ entries: [...s.entries, ...staged] }));
          update({ status: 'done', summary: m.summary, imported: staged.length });
        }
        finish();
      }
    };
    w.onerror = (e) => {
      update({ status: 'failed', message: e.message || 'the import worker failed' });
      finish();
    };
    const req: ImportRequest = { ...source, batch };
    w.postMessage(req);
  });
}

/** Stops the file being imported (nothing of it is added) and every file still waiting. */
export function cancelImport(): void {
  generation++;
  const c = current;
  if (!c) return;
  useLibrary.setState((s) => ({
    jobs: s.jobs.map((j) => (j.status === 'running' || j.status === 'waiting' ? { ...j, status: 'cancelled', message: 'cancelled' } : j)),
  }));
  c.finish();
}

/** Every chosen file, each reported on its own line. */
export function importFiles(files: File[]): void {
  const plan = planFileImports(files);
  if (plan.imports.length === 0) return;
  void importAll(
    plan.imports.map(({ file, metadata }) => ({ source: { kind: 'file', file, metadata }, label: file.name })),
    plan.notes,
  );
}

/** An http(s) address the person has agreed to fetch (see importLink.ts for what is refused before). */
export function importUrl(url: string): void {
  void importAll([{ source: { kind: 'url', url }, label: url }], []);
}
