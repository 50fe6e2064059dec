import type { Trace } from '../../core/types';
import type { GotchaEntry } from '../../traces/suite';
import { pageScrubber } from './modelSecrets';
import { openDatabase } from './openDatabase';
import { StaleWriteError } from './storageErrors';

/**
 * The local library in IndexedDB: finished traces and runs in progress, and
 * the person's own gotcha suite. Every write is one transaction, so a failed
 * import or a bad file can never damage what is already saved, and goes
 * through the page's scrubber: a key a server echoed into a trace is not stored.
 */
export interface SavedRun {
  id: string;
  trace: Trace;
  /** When the run was last saved (ms since epoch, from the UI's clock). */
  savedAt: number;
  /** Finished runs also appear in the trace library. */
  finished: boolean;
  /**
   * Which writer owns the run: a tab that takes a run over raises it, and a
   * write carrying a lower one is refused, so a tab that lost the run cannot
   * overwrite the steps played since. Absent (0) on runs written before it existed.
   */
  lease?: number;
}

/** One entry of the user's gotcha suite; `id` is the entry's. */
export interface SavedGotcha {
  id: string;
  entry: GotchaEntry;
  addedAt: number;
}

const DB_NAME = 'verifier-playground';
/** 1: runs. 2: + gotchas. An upgrade only ever adds stores, so the runs of version 1 survive it. */
const DB_VERSION = 2;
const RUNS = 'runs';
const GOTCHAS = 'gotchas';
type StoreName = typeof RUNS | typeof GOTCHAS;

let dbPromise: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  dbPromise ??= openDatabase(() => globalThis.indexedDB, DB_NAME, DB_VERSION, {
    upgrade: (db) => {
      for (const name of [RUNS, GOTCHAS]) if (!db.objectStoreNames.contains(name)) db.createObjectStore(name, { keyPath: 'id' });
    },
    // A newer build opening the database in another tab must not wait for this one to close.
    versionChange: () => {
      dbPromise = null;
    },
    retryable: () => {
      dbPromise = null;
    },
    late: (db) => {
      dbPromise = Promise.resolve(db);
    },
  });
  return dbPromise;
}

/**
 * One transaction on one store: resolves once it committed, with what `fn` returned from its requests.
 * `fn` (or a request handler it sets) calls `fail` to abort the whole transaction with that error; a
 * throw from `fn` does the same, so a half-queued batch never commits.
 */
function tx<T>(
  name: StoreName,
  mode: IDBTransactionMode,
  fn: (store: IDBObjectStore, fail: (e: unknown) => void) => { readonly result: T } | void,
): Promise<T | undefined> {
  return open().then(
    (db) =>
      new Promise<T | undefined>((resolve, reject) => {
        const t = db.transaction(name, mode);
        let failure: { error: unknown } | null = null;
        const fail = (e: unknown) => {
          failure ??= { error: e };
          try {
            t.abort();
          } catch {
            // Already finished or aborting: the recorded error is what the caller learns.
          }
        };
        t.oncomplete = () => resolve(req ? req.result : undefined);
        t.onerror = () => reject(failure?.error ?? t.error ?? new Error('storage failed'));
        t.onabort = () => reject(failure?.error ?? t.error ?? new Error('storage aborted'));
        let req: { readonly result: T } | void = undefined;
        try {
          req = fn(t.objectStore(name), fail);
        } catch (e) {
          fail(e);
        }
      }),
  );
}

const all = <T>(name: StoreName) => tx<T[]>(name, 'readonly', (s) => s.getAll() as IDBRequest<T[]>).then((x) => x ?? []);

/** Deletes these keys in one transaction: all of them or, on failure, none. Unknown ids are ignored. */
const deleteAll = (name: StoreName, ids: readonly string[]) =>
  tx(name, 'readwrite', (s) => {
    for (const id of ids) s.delete(id);
  }).then(() => undefined);

const leaseOf = (run: SavedRun | undefined) => run?.lease ?? 0;

/** Saves the run unless a tab holding a newer lease on it wrote it since: then a StaleWriteError, nothing written. */
export const saveRun = (run: SavedRun) =>
  tx(RUNS, 'readwrite', (s, fail) => {
    const current = s.get(run.id) as IDBRequest<SavedRun | undefined>;
    current.onsuccess = () => {
      const held = leaseOf(current.result);
      if (held > leaseOf(run)) return fail(new StaleWriteError(run.id, current.result!.trace.steps.length));
      try {
        s.put(pageScrubber().value(run));
      } catch (e) {
        fail(e);
      }
    };
  }).then(() => undefined);

/**
 * Read a run and raise its lease in one transaction: from here on, only writes with the returned
 * lease land. Whatever another writer committed before is in the record returned.
 */
export const claimRun = (id: string) =>
  tx<SavedRun | undefined>(RUNS, 'readwrite', (s, fail) => {
    const current = s.get(id) as IDBRequest<SavedRun | undefined>;
    let claimed: SavedRun | undefined;
    current.onsuccess = () => {
      if (!current.result) return;
      claimed = { ...current.result, lease: leaseOf(current.result) + 1 };
      try {
        s.put(pageScrubber().value(claimed));
      } catch (e) {
        fail(e);
      }
    };
    // The record as claimed, not as read: the caller writes with the new lease.
    return {
      get result() {
        return claimed;
      },
    };
  });
export const loadRun = (id: string) => tx<SavedRun | undefined>(RUNS, 'readonly', (s) => s.get(id) as IDBRequest<SavedRun | undefined>);
export const listRuns = () => all<SavedRun>(RUNS);
export const deleteRuns = (ids: readonly string[]) => deleteAll(RUNS, ids);

export const listGotchas = () => all<SavedGotcha>(GOTCHAS);
export const loadGotcha = (id: string) => tx<SavedGotcha | undefined>(GOTCHAS, 'readonly', (s) => s.get(id) as IDBRequest<SavedGotcha | undefined>);
/** Adds or replaces (same id) these gotchas in one transaction: an import lands whole or not at all. */
export const putGotchas = (items: readonly SavedGotcha[]) =>
  tx(GOTCHAS, 'readwrite', (s) => {
    const scrub = pageScrubber();
    for (const g of items) s.put(scrub.value(g));
  }).then(() => undefined);
export const deleteGotchas = (ids: readonly string[]) => deleteAll(GOTCHAS, ids);
