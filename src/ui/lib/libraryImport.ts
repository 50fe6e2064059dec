import type { StoreApi } from 'zustand/vanilla';
import type { ImportIssue, ImportSummary } from '../../traces/import/types';
import type { ImportMessage, ImportRequest, ImportSource, Payload } from '../workers/importProtocol';
import type { LibraryEntry } from './librarySummary';

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

/** An import worker as the library sees it (a fake in tests). */
export interface ImportPort {
  post(request: ImportRequest): void;
  onMessage(cb: (m: ImportMessage) => void): void;
  /** The worker failed (its script did not load, it threw). */
  onFailure(cb: (message: string) => void): void;
  terminate(): void;
}

export interface Queued {
  source: ImportSource;
  label: string;
}

/** What the importer touches of the library: its store, and where payloads go once a file has landed whole. */
export interface ImportTarget {
  store: StoreApi<{ entries: LibraryEntry[]; jobs: ImportJob[]; notes: string[] }>;
  add(entries: readonly LibraryEntry[], payloads: readonly [string, Payload][]): void;
}

const newJob = (source: string): ImportJob => ({ source, status: 'waiting', done: 0, total: null, imported: 0, issues: [], summary: null, message: null });

/**
 * Import sources one after another, each in its own worker: one at a time
 * keeps a 2-core machine responsive, and a file that fails ends only its own
 * line. Each file's items are staged and join the library only when that
 * file's import ends without a fatal error.
 */
export function importer(target: ImportTarget, spawn: () => ImportPort) {
  const { store } = target;
  /** The import in progress: its worker, and how to end its wait. */
  let current: { port: ImportPort; finish(): void } | null = null;
  let generation = 0;
  let batchCounter = 0;

  function importOne(source: ImportSource, index: number): Promise<void> {
    return new Promise((resolve) => {
      const batch = `import${++batchCounter}`;
      const staged: LibraryEntry[] = [];
      const stagedPayloads: [string, Payload][] = [];
      const port = spawn();
      let ended = false;
      const finish = () => {
        if (ended) return;
        ended = true;
        port.terminate();
        if (current?.port === port) current = null;
        resolve();
      };
      current = { port, finish };
      const update = (patch: Partial<ImportJob>) =>
        store.setState((s) => (current?.port === port ? { jobs: s.jobs.map((j, k) => (k === index ? { ...j, ...patch } : j)) } : s));
      update({ status: 'running' });
      port.onMessage((m) => {
        if (ended) return;
        if (m.type === 'progress') update({ done: m.done, total: m.total });
        else if (m.type === 'items') {
          m.entries.forEach((entry, i) => {
            staged.push(entry);
            stagedPayloads.push([entry.id, m.payloads[i]!]);
          });
          update({ imported: staged.length });
        } else if (m.type === 'issues') update({ issues: [...(store.getState().jobs[index]?.issues ?? []), ...m.issues] });
        else if (m.type === 'failed') {
          update({ status: 'failed', message: m.message });
          finish();
        } else {
          if (m.summary.fatal || staged.length === 0) update({ status: 'failed', summary: m.summary, message: m.summary.fatal ?? 'not one line of it could be read as a trace or a vf-eval row' });
          else {
            target.add(staged, stagedPayloads);
            update({ status: 'done', summary: m.summary, imported: staged.length });
          }
          finish();
        }
      });
      port.onFailure((message) => {
        if (ended) return;
        update({ status: 'failed', message: message || 'the import worker failed' });
        finish();
      });
      port.post({ ...source, batch });
    });
  }

  /** Stops the file being imported (nothing of it is added) and every file still waiting. */
  function cancel(): void {
    generation++;
    const c = current;
    if (!c) return;
    store.setState((s) => ({
      jobs: s.jobs.map((j) => (j.status === 'running' || j.status === 'waiting' ? { ...j, status: 'cancelled', message: 'cancelled' } : j)),
    }));
    c.finish();
  }

  async function importAll(queue: readonly Queued[], notes: string[]): Promise<void> {
    cancel();
    const mine = ++generation;
    store.setState({ jobs: queue.map((q) => newJob(q.label)), notes });
    for (const [i, q] of queue.entries()) {
      if (generation !== mine) return;
      await importOne(q.source, i);
    }
  }

  return { importAll, cancel };
}
