import type { Trace } from '../../core/types';
import type { GotchaEntry } from '../../traces/suite';
import { pageScrubber } from './modelSecrets';

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
  dbPromise ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, DB_VERSION);
    req.onupgradeneeded = () => {
      const db = req.result;
      for (const name of [RUNS, GOTCHAS]) if (!db.objectStoreNames.contains(name)) db.createObjectStore(name, { keyPath: 'id' });
    };
    req.onsuccess = () => {
      const db = req.result;
      // A newer build opening the database in another tab must not wait for this one to close.
      db.onversionchange = () => {
        db.close();
        dbPromise = null;
      };
      resolve(db);
    };
    req.onerror = () => reject(req.error ?? new Error('IndexedDB is not available'));
    req.onblocked = () => reject(new Error('another tab holds an older version of this site open: close it and reload'));
  });
  dbPromise.catch(() => {
    dbPromise = null;
  });
  return dbPromise;
}

/** One transaction on one store: resolves once it committed, with what `fn` returned from its requests. */
function tx<T>(name: StoreName, mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  return open().then(
    (db) =>
      new Promise<T | undefined>((resolve, reject) => {
        const t = db.transaction(name, mode);
        const req = fn(t.objectStore(name));
        t.oncomplete = () => resolve(req ? req.result : undefined);
        t.onerror = () => reject(t.error ?? new Error('storage failed'));
        t.onabort = () => reject(t.error ?? new Error('storage aborted'));
      }),
  );
}

const all = <T>(name: StoreName) => tx<T[]>(name, 'readonly', (s) => s.getAll() as IDBRequest<T[]>).then((x) => x ?? []);

/** Deletes these keys in one transaction: all of them or, on failure, none. Unknown ids are ignored. */
const deleteAll = (name: StoreName, ids: readonly string[]) =>
  tx(name, 'readwrite', (s) => {
    for (const id of ids) s.delete(id);
  }).then(() => undefined);

export const saveRun = (run: SavedRun) => tx(RUNS, 'readwrite', (s) => s.put(pageScrubber().value(run))).then(() => undefined);
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
