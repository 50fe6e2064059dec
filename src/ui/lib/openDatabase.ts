import { describeStorageError, StorageUnavailableError } from './storageErrors';

/** How long a page waits for IndexedDB before playing on in memory. */
export const OPEN_TIMEOUT_MS = 3000;

export interface OpenHooks {
  upgrade(db: IDBDatabase): void;
  /** The connection was closed for a newer version opening elsewhere: open again next time. */
  versionChange(): void;
  /** This attempt failed in a way a later one may not (blocked, an error event): try again next time. */
  retryable(): void;
  /** The connection opened after all, after the caller was told it had not: later writes may use it. */
  late(db: IDBDatabase): void;
}

/**
 * Open the database, or reject with a StorageUnavailableError that says why:
 * `indexedDB` missing or throwing, an error or blocked event, or no answer
 * within the timeout. A missing factory and a timeout are not retried (a
 * wedged profile would make every later write wait as long again), but a
 * connection that opens after the caller gave up on it is handed over: from
 * then on writes land, and the next one of a run carries all of it.
 */
export function openDatabase(
  factory: () => IDBFactory | undefined,
  name: string,
  version: number,
  hooks: OpenHooks,
  timeoutMs = OPEN_TIMEOUT_MS,
): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const give = (e: StorageUnavailableError, retry: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (retry) hooks.retryable();
      reject(e);
    };
    const timer = setTimeout(() => give(new StorageUnavailableError(`IndexedDB did not open within ${timeoutMs / 1000} s`), false), timeoutMs);
    let req: IDBOpenDBRequest;
    try {
      const idb = factory();
      if (!idb) throw new StorageUnavailableError('IndexedDB is not available in this browser');
      req = idb.open(name, version);
    } catch (e) {
      give(e instanceof StorageUnavailableError ? e : new StorageUnavailableError(`IndexedDB refused to open (${describeStorageError(e)})`), false);
      return;
    }
    req.onupgradeneeded = () => hooks.upgrade(req.result);
    req.onsuccess = () => {
      const db = req.result;
      db.onversionchange = () => {
        db.close();
        hooks.versionChange();
      };
      if (settled) return hooks.late(db);
      settled = true;
      clearTimeout(timer);
      resolve(db);
    };
    req.onerror = () => give(new StorageUnavailableError(`IndexedDB could not open (${describeStorageError(req.error)})`), true);
    req.onblocked = () => give(new StorageUnavailableError('another tab holds an older version of this site open: close it and reload'), true);
  });
}
