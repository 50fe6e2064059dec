import type { Result } from '../../core/result';
import { parseSavedGotcha, parseSavedRun, type SavedGotcha, type SavedRun } from '../../traces/savedRun';
import { pageScrubber } from './model/secrets';
import { parseStoredImport, type ImportRun, type StoredImport } from './importRuns';
import { openDatabase } from './openDatabase';
import { StaleWriteError } from './storageErrors';

export type { SavedGotcha, SavedRun } from '../../traces/savedRun';

/**
 * The local library in IndexedDB: finished traces and runs in progress, and
 * the person's own gotcha suite. Every write is one transaction, so a failed
 * import or a bad file can never damage what is already saved, and goes
 * through the page's scrubber: a key a server echoed into a trace is not stored.
 * Every read is parsed (traces/savedRun.ts): a record of an older trace version
 * comes back migrated, one this build cannot read is an error, never a cast.
 */

/** A record this build cannot read (written by a newer build, or damaged), and why. */
export interface Unreadable {
  id: string;
  error: string;
}

/** The records of a store that parse, and the ones that do not. */
export interface Listed<T> {
  items: T[];
  unreadable: Unreadable[];
}

/** One parsed record; an unreadable one is an Error naming it. */
function readOne<T>(record: unknown, parse: (v: unknown) => Result<T>, what: string): T | undefined {
  if (record === undefined) return undefined;
  const r = parse(record);
  if (!r.ok) throw new Error(`the ${what} "${idOf(record)}" saved in this browser cannot be read: ${r.error}`);
  return r.value;
}

function idOf(record: unknown): string {
  return typeof record === 'object' && record !== null && 'id' in record ? String(record.id) : '?';
}

function readAll<T>(records: readonly unknown[], parse: (v: unknown) => Result<T>): Listed<T> {
  const out: Listed<T> = { items: [], unreadable: [] };
  for (const record of records) {
    const r = parse(record);
    if (r.ok) out.items.push(r.value);
    else out.unreadable.push({ id: idOf(record), error: r.error });
  }
  return out;
}

/** "2 runs cannot be read (run-a: trace.version: version 3 was written by …)": what a view shows beside the readable ones. */
export function describeUnreadable(what: string, unreadable: readonly Unreadable[]): string {
  const first = unreadable[0];
  return `${unreadable.length} ${what}${unreadable.length === 1 ? '' : 's'} cannot be read${first ? ` (${first.id}: ${first.error})` : ''}`;
}

const DB_NAME = 'verifier-playground';
/** 1: runs. 2: + gotchas. 3: + imports. An upgrade only ever adds stores, so the runs of version 1 survive it. */
const DB_VERSION = 3;
const RUNS = 'runs';
const GOTCHAS = 'gotchas';
const IMPORTS = 'imports';
type StoreName = typeof RUNS | typeof GOTCHAS | typeof IMPORTS;

let dbPromise: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  dbPromise ??= openDatabase(() => globalThis.indexedDB, DB_NAME, DB_VERSION, {
    upgrade: (db) => {
      for (const name of [RUNS, GOTCHAS, IMPORTS]) if (!db.objectStoreNames.contains(name)) db.createObjectStore(name, { keyPath: 'id' });
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

const all = (name: StoreName) => tx<unknown[]>(name, 'readonly', (s) => s.getAll() as IDBRequest<unknown[]>).then((x) => x ?? []);

/** Deletes these keys in one transaction: all of them or, on failure, none. Unknown ids are ignored. */
const deleteAll = (name: StoreName, ids: readonly string[]) =>
  tx(name, 'readwrite', (s) => {
    for (const id of ids) s.delete(id);
  }).then(() => undefined);

const leaseOf = (run: SavedRun | undefined) => run?.lease ?? 0;
const readRun = (record: unknown) => readOne(record, parseSavedRun, 'run');
const readGotcha = (record: unknown) => readOne(record, parseSavedGotcha, 'gotcha');

/**
 * Saves the run unless a tab holding a newer lease on it wrote it since: then a StaleWriteError, nothing
 * written. A record there that this build cannot read is not overwritten either.
 */
export const saveRun = (run: SavedRun) =>
  tx(RUNS, 'readwrite', (s, fail) => {
    const current = s.get(run.id) as IDBRequest<unknown>;
    current.onsuccess = () => {
      try {
        const saved = readRun(current.result);
        if (saved && leaseOf(saved) > leaseOf(run)) return fail(new StaleWriteError(run.id, saved.trace.steps.length));
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
    const current = s.get(id) as IDBRequest<unknown>;
    let claimed: SavedRun | undefined;
    current.onsuccess = () => {
      try {
        const saved = readRun(current.result);
        if (!saved) return;
        // Written back as read: a record of an older trace version is stored migrated from here on.
        claimed = { ...saved, lease: leaseOf(saved) + 1 };
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
/** The run, undefined when there is none; rejects when its record cannot be read. */
export const loadRun = (id: string): Promise<SavedRun | undefined> => tx<unknown>(RUNS, 'readonly', (s) => s.get(id) as IDBRequest<unknown>).then(readRun);
/** Every run that parses, and the ones that do not: one bad record does not hide the others. */
export const listRuns = (): Promise<Listed<SavedRun>> => all(RUNS).then((records) => readAll(records, parseSavedRun));
export const deleteRuns = (ids: readonly string[]) => deleteAll(RUNS, ids);

export const listGotchas = (): Promise<Listed<SavedGotcha>> => all(GOTCHAS).then((records) => readAll(records, parseSavedGotcha));
export const loadGotcha = (id: string): Promise<SavedGotcha | undefined> =>
  tx<unknown>(GOTCHAS, 'readonly', (s) => s.get(id) as IDBRequest<unknown>).then(readGotcha);
/** Adds or replaces (same id) these gotchas in one transaction: an import lands whole or not at all. */
export const putGotchas = (items: readonly SavedGotcha[]) =>
  tx(GOTCHAS, 'readwrite', (s) => {
    const scrub = pageScrubber();
    for (const g of items) s.put(scrub.value(g));
  }).then(() => undefined);
export const deleteGotchas = (ids: readonly string[]) => deleteAll(GOTCHAS, ids);

/**
 * Imported files, kept whole (the file is the record of truth; its rows are
 * parsed again on the next visit) with what the person changed. Keyed by run id.
 * Not scrubbed: the bytes are the person's own file, and exports scrub.
 */
export const putImport = (record: StoredImport) => tx(IMPORTS, 'readwrite', (s) => void s.put({ id: record.run.id, ...record })).then(() => undefined);
export const listImports = (): Promise<Listed<StoredImport>> => all(IMPORTS).then((records) => readAll(records, parseStoredImport));
export const deleteImports = (ids: readonly string[]) => deleteAll(IMPORTS, ids);
/** Replaces a stored run's record (a rename, an edit, rows removed); the file stays as stored. */
export const updateImport = (run: ImportRun) =>
  tx(IMPORTS, 'readwrite', (s, fail) => {
    const current = s.get(run.id) as IDBRequest<unknown>;
    current.onsuccess = () => {
      if (current.result === undefined) return;
      const parsed = parseStoredImport(current.result);
      if (!parsed.ok) return fail(new Error(`the import "${run.id}" saved in this browser cannot be read: ${parsed.error}`));
      s.put({ id: run.id, ...parsed.value, run });
    };
  }).then(() => undefined);

/** What the browser says this site uses and may use, when it says. */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  try {
    const e = await globalThis.navigator?.storage?.estimate?.();
    return e && typeof e.usage === 'number' && typeof e.quota === 'number' ? { usage: e.usage, quota: e.quota } : null;
  } catch {
    return null;
  }
}

const READING_KEY = 'verifier-playground/imports-reading';

/** The ids listed; throws only when localStorage itself cannot be reached (a damaged list reads as empty). */
function readingIds(): string[] {
  const text = globalThis.localStorage.getItem(READING_KEY) ?? '[]';
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The stored imports a page is reading again right now (libraryRuns.ts, ImportStorage.reading): a small
 * localStorage list, written at once, where the import's record would be rewritten with its whole file. A list
 * that cannot be read is none (a run is then read again); one that cannot be written says so (`set` false).
 */
const readingLock = (id: string) => `verifier-playground/import-reading/${id}`;
const locks = (): LockManager | undefined => (typeof navigator === 'undefined' ? undefined : navigator.locks);

export const importsReading = {
  /** Held (shared: two tabs may read one file) until the function returned is called; without Web Locks, nothing is held. */
  async hold(id: string): Promise<() => void> {
    const manager = locks();
    if (!manager) return () => undefined;
    return new Promise((granted) => {
      manager.request(readingLock(id), { mode: 'shared' }, () => new Promise<void>((release) => granted(release))).catch(() => granted(() => undefined));
    });
  },
  /** Whether a tab holds the file now (Web Locks' exclusive request, if free, says none does). */
  async busy(id: string): Promise<boolean> {
    const manager = locks();
    if (!manager) return false;
    try {
      return await manager.request(readingLock(id), { ifAvailable: true }, (lock) => lock === null);
    } catch {
      return false;
    }
  },
  has(id: string): boolean {
    try {
      return readingIds().includes(id);
    } catch {
      return false;
    }
  },
  set(id: string, on: boolean): boolean {
    try {
      const ids = readingIds().filter((x) => x !== id);
      if (on) ids.push(id);
      if (ids.length) globalThis.localStorage.setItem(READING_KEY, JSON.stringify(ids));
      else globalThis.localStorage.removeItem(READING_KEY);
      return true;
    } catch {
      return false;
    }
  },
};
