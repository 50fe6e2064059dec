import type { Trace } from '../../core/types';

/**
 * The local library in IndexedDB: finished traces and runs in progress.
 * Every write is one transaction on one record, so a failed import or a bad
 * file can never damage what is already saved.
 */
export interface SavedRun {
  id: string;
  trace: Trace;
  /** When the run was last saved (ms since epoch, from the UI's clock). */
  savedAt: number;
  /** Finished runs also appear in the trace library. */
  finished: boolean;
}

const DB_NAME = 'verifier-playground';
const STORE = 'runs';

let dbPromise: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  dbPromise ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: 'id' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB is not available'));
  });
  return dbPromise;
}

function tx<T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const t = db.transaction(STORE, mode);
        const req = fn(t.objectStore(STORE));
        t.oncomplete = () => resolve(req.result);
        t.onerror = () => reject(t.error ?? new Error('storage failed'));
        t.onabort = () => reject(t.error ?? new Error('storage aborted'));
      }),
  );
}

export const saveRun = (run: SavedRun) => tx('readwrite', (s) => s.put(run)).then(() => undefined);
export const loadRun = (id: string) => tx<SavedRun | undefined>('readonly', (s) => s.get(id) as IDBRequest<SavedRun | undefined>);
export const listRuns = () => tx<SavedRun[]>('readonly', (s) => s.getAll() as IDBRequest<SavedRun[]>);

/** Deletes these runs in one transaction: all of them or, on failure, none. Unknown ids are ignored. */
export function deleteRuns(ids: readonly string[]): Promise<void> {
  return open().then(
    (db) =>
      new Promise<void>((resolve, reject) => {
        const t = db.transaction(STORE, 'readwrite');
        const store = t.objectStore(STORE);
        for (const id of ids) store.delete(id);
        t.oncomplete = () => resolve();
        t.onerror = () => reject(t.error ?? new Error('storage failed'));
        t.onabort = () => reject(t.error ?? new Error('storage aborted'));
      }),
  );
}
