import { create } from 'zustand';
import type { ImportIssue, ImportSummary } from '../../traces/import/types';
import type { ImportMessage, ImportRequest, ImportSource, Payload } from '../workers/importProtocol';
import { summarizeNative, type LibraryEntry } from './librarySummary';
import { forgetRuns } from './liveRun';
import { deleteRuns, listRuns, type SavedRun } from './storage';
import { unsavedRuns } from './unsavedRuns';

export interface ImportJob {
  source: string;
  status: 'running' | 'done' | 'failed' | 'cancelled';
  done: number;
  total: number | null;
  imported: number;
  issues: ImportIssue[];
  summary: ImportSummary | null;
  message: string | null;
}

interface LibraryState {
  entries: LibraryEntry[];
  job: ImportJob | null;
}

/** The library's rows. Payloads (whole traces) stay outside the store, keyed by id: only summaries are reactive. */
export const useLibrary = create<LibraryState>(() => ({ entries: [], job: null }));

const payloads = new Map<string, Payload>();
let worker: Worker | null = null;
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

/**
 * Import in a Web Worker. Items are staged and join the library only when the
 * import ends without a fatal error: a failed or cancelled import changes nothing.
 */
export function startImport(source: ImportSource, label: string): void {
  cancelImport();
  const batch = `import${++batchCounter}`;
  const staged: LibraryEntry[] = [];
  const stagedPayloads: [string, Payload][] = [];
  const job: ImportJob = { source: label, status: 'running', done: 0, total: null, imported: 0, issues: [], summary: null, message: null };
  useLibrary.setState({ job });
  const w = new Worker(new URL('../workers/import.worker.ts', import.meta.url), { type: 'module' });
  worker = w;
  const update = (patch: Partial<ImportJob>) => useLibrary.setState((s) => (s.job && worker === w ? { job: { ...s.job, ...patch } } : s));
  w.onmessage = (e: MessageEvent<ImportMessage>) => {
    const m = e.data;
    if (m.type === 'progress') update({ done: m.done, total: m.total });
    else if (m.type === 'items') {
      m.entries.forEach((entry, i) => {
        staged.push(entry);
        stagedPayloads.push([entry.id, m.payloads[i]!]);
      });
      update({ imported: staged.length });
    } else if (m.type === 'issues') update({ issues: [...(useLibrary.getState().job?.issues ?? []), ...m.issues] });
    else if (m.type === 'failed') {
      update({ status: 'failed', message: m.message });
      finishWorker(w);
    } else {
      if (m.summary.fatal || staged.length === 0) update({ status: 'failed', summary: m.summary, message: m.summary.fatal ?? 'nothing in this file could be imported' });
      else {
        for (const [id, p] of stagedPayloads) payloads.set(id, p);
        useLibrary.setState((s) => ({ entries: [...s.entries, ...staged] }));
        update({ status: 'done', summary: m.summary, imported: staged.length });
      }
      finishWorker(w);
    }
  };
  w.onerror = (e) => {
    update({ status: 'failed', message: e.message || 'the import worker failed' });
    finishWorker(w);
  };
  const req: ImportRequest = { ...source, batch };
  w.postMessage(req);
}

function finishWorker(w: Worker) {
  w.terminate();
  if (worker === w) worker = null;
}

export function cancelImport(): void {
  if (!worker) return;
  const w = worker;
  useLibrary.setState((s) => (s.job ? { job: { ...s.job, status: 'cancelled', message: 'cancelled: nothing from this file was added' } } : s));
  finishWorker(w);
}

export function importFiles(files: File[]): void {
  const metadata = files.find((f) => f.name === 'metadata.json');
  const data = files.filter((f) => f !== metadata);
  const file = data[0] ?? metadata;
  if (!file) return;
  startImport({ kind: 'file', file, metadata: data.length ? metadata : undefined }, file.name);
}

export function importUrl(url: string): void {
  startImport({ kind: 'url', url }, url);
}
