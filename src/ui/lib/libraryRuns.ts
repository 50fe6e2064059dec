import type { StoreApi } from 'zustand/vanilla';
import type { ImportSource, WirePayload } from '../workers/importProtocol';
import { agree, quotaCheck, unhealthy, type ImportRun, type NameSource, type StoredImport } from './importRuns';
import { parseInWorker, type ImportPort, type ImportSteps } from './libraryImport';
import type { LibraryEntry } from './librarySummary';
import type { PayloadStore } from './payloads';
import type { Listed } from './storage';
import { describeStorageError } from './storageErrors';

/** IndexedDB's imports, as the library uses them (a fake in tests). */
export interface ImportStorage {
  list(): Promise<Listed<StoredImport>>;
  put(record: StoredImport): Promise<void>;
  update(run: ImportRun): Promise<void>;
  delete(ids: readonly string[]): Promise<void>;
  estimate(): Promise<{ usage: number; quota: number } | null>;
  /**
   * The in-flight marks: the stored files a page is reading again right now. Set before a file is read and cleared
   * the moment its rows are read, apart from the file's record: a record is rewritten with its file (~1 s per
   * 100 MB in Chromium), and a tab closed in that second left a healthy file marked as having stopped the page.
   * `set` says false when the mark could not be kept (no localStorage): the record carries it then. A tab reading a
   * file holds it (`hold`, a shared Web Lock, released by the function returned): a mark whose file another tab is
   * reading now (`busy`) is that tab's, not a crash.
   */
  reading: {
    has(id: string): boolean;
    set(id: string, on: boolean): boolean;
    hold(id: string): Promise<() => void>;
    busy(id: string): Promise<boolean>;
  };
}

export interface RunsDeps {
  spawnImport(): ImportPort;
  imports: ImportStorage;
  hash(blob: Blob): Promise<string>;
  newRunId(): string;
  now(): number;
  /**
   * Run `fn` in a task of its own, after those already queued (the page: lib/timeSlice.ts, `inNewTask`): where the
   * rows of a batch's messages reach the store, and the table, together.
   */
  later(fn: () => void): void;
}

/** What the library shows about its stored files. */
export interface StorageInfo {
  /** Bytes of the imported files kept in this browser. */
  bytes: number;
  files: number;
  estimate: { usage: number; quota: number } | null;
  /** Stored imports that could not be read back, or a failed read, in a sentence. */
  error: string | null;
}

/** A stored file not read yet on this visit (queued or being read): what an export waits for. */
export interface Unread {
  id: string;
  label: string;
  /** The rows it listed when it was stored, less those removed since. */
  rows: number;
}

export interface RunsState {
  entries: LibraryEntry[];
  runs: Readonly<Record<string, ImportRun>>;
  storage: StorageInfo;
  /** Stored files still to be read again on this visit, in the order they will be. */
  unread: readonly Unread[];
}

/** A row's names as its file said them, so an edit can be undone. */
type Names = Pick<LibraryEntry, 'world' | 'agent' | 'envFrom' | 'modelFrom'>;

/**
 * Import runs: each file's rows as one unit that is listed, renamed, given an
 * env and model, removed, and kept in IndexedDB (the file itself, read again
 * on the next visit, with the person's changes on top).
 */
export function createRuns(store: StoreApi<RunsState>, payloads: PayloadStore, deps: RunsDeps) {
  const original = new Map<string, Names>();
  const files = new Map<string, { blob: Blob; metadata: Blob | null; path: string }>();
  /** Runs whose file is being read for the first time: their row count follows the rows listed (a run read again already knows it). */
  const counting = new Set<string>();
  /**
   * Rows read from the worker's messages, not yet in the store. A message's task reads its rows (at most
   * MESSAGE_ROWS) and keeps their payloads; once a batch's last message is read, the store takes the batch's rows
   * in a task of its own (`later`; a run's first batch at once, see `shown`), and the table renders once per batch.
   * Both in one task per message was ~35 ms of CPU each (a render over every row listed), 100 ms and more with both
   * cores busy; the store's updates while 10,000 traces list went from ~310 to ~125 ms of the page's CPU.
   */
  let pending: { runId: string; rows: LibraryEntry[] }[] = [];
  let scheduled = false;
  /**
   * Runs whose first batch is listed. A run's first batch reaches the store in the task that reads it: the first
   * screen waits for nothing (on a cold start, a task of its own queued behind the app's loading: +45 ms to the first row).
   */
  const shown = new Set<string>();

  /** The rows waiting, into the store in one update. Everything that reads or changes the rows does this first. */
  function settle(): void {
    scheduled = false;
    if (!pending.length) return;
    const batches = pending;
    pending = [];
    store.setState((s) => {
      let runs = s.runs;
      for (const { runId, rows } of batches) {
        // A run read for the first time counts its rows as they are listed (its panel said 0 until the file was read whole).
        const listed = counting.has(runId) ? runs[runId] : undefined;
        if (listed) runs = { ...runs, [runId]: { ...listed, rows: listed.rows + rows.length } };
      }
      return { entries: s.entries.concat(...batches.map((b) => b.rows)), ...(runs !== s.runs ? { runs } : {}) };
    });
  }

  /** A row as its run shows it: the person's env and model over a non-native row's derived ones. */
  function shaped(e: LibraryEntry, run: ImportRun | undefined): LibraryEntry {
    const o = original.get(e.id) ?? e;
    if (!run || e.kind === 'native') return { ...e, ...o };
    const env = run.edited.env;
    const model = run.edited.model;
    return { ...e, world: env ?? o.world, envFrom: env ? 'edited' : o.envFrom, agent: model ?? o.agent, modelFrom: model ? 'edited' : o.modelFrom };
  }

  function setRun(run: ImportRun): void {
    settle();
    store.setState((s) => {
      const before = s.runs[run.id];
      // Rows show the run's edited env and model only: a run that lands or is stored keeps its rows (10,000 of them, reshaped and re-listed twice, were the end of a big import's longest tasks).
      const same = before !== undefined && before.edited.env === run.edited.env && before.edited.model === run.edited.model;
      return { runs: { ...s.runs, [run.id]: run }, entries: same ? s.entries : s.entries.map((e) => (e.run === run.id ? shaped(e, run) : e)) };
    });
  }

  /** `more`: the next call brings more rows of the same batch: they reach the store together. */
  function add(runId: string, entries: readonly LibraryEntry[], list: readonly WirePayload[], more = false): void {
    const run = store.getState().runs[runId];
    const hidden = new Set(run?.hidden ?? []);
    const kept: LibraryEntry[] = [];
    entries.forEach((e, i) => {
      if (hidden.has(e.id)) return;
      original.set(e.id, { world: e.world, agent: e.agent, envFrom: e.envFrom, modelFrom: e.modelFrom });
      payloads.set(e.id, list[i]!);
      kept.push(shaped({ ...e, run: runId }, run));
    });
    if (kept.length) pending.push({ runId, rows: kept });
    if (more || !pending.length) return;
    if (!shown.has(runId)) {
      shown.add(runId);
      settle();
    } else if (!scheduled) {
      scheduled = true;
      deps.later(settle);
    }
  }

  function dropRows(runId: string): void {
    settle();
    counting.delete(runId);
    shown.delete(runId);
    const gone = store.getState().entries.filter((e) => e.run === runId);
    for (const e of gone) {
      payloads.delete(e.id);
      original.delete(e.id);
    }
    store.setState((s) => {
      const { [runId]: _, ...runs } = s.runs;
      return { entries: s.entries.filter((e) => e.run !== runId), runs };
    });
    files.delete(runId);
  }

  async function refreshStorage(error: string | null = store.getState().storage.error): Promise<void> {
    const stored = Object.values(store.getState().runs).filter((r) => r.stored.ok);
    const estimate = await deps.imports.estimate();
    store.setState({ storage: { bytes: stored.reduce((n, r) => n + r.size, 0), files: stored.length, estimate, error } });
  }

  /** Keep the run's file in IndexedDB when it fits; a refusal is a sentence on the run, never a throw. */
  async function persist(runId: string): Promise<string | null> {
    const run = store.getState().runs[runId];
    const file = files.get(runId);
    if (!run || !file) return null;
    let stored: ImportRun['stored'] = quotaCheck(run.size, await deps.imports.estimate());
    if (stored.ok) {
      try {
        await deps.imports.put({ run: { ...run, stored }, blob: file.blob, metadata: file.metadata, path: file.path });
      } catch (e) {
        const why = describeStorageError(e);
        stored = {
          ok: false,
          reason: /quota/i.test(why)
            ? `the browser's storage for this site is full (${why}): listed for this tab only. Clear stored imports or delete runs to keep files across reloads`
            : why,
        };
      }
    }
    setRun({ ...run, stored });
    await refreshStorage();
    return stored.ok ? null : `not kept across reloads: ${stored.reason}`;
  }

  const steps: ImportSteps = {
    begin(label: string, source: ImportSource, given?: string): string {
      const id = given ?? deps.newRunId();
      const run: ImportRun = {
        id,
        label,
        source: source.kind === 'file' ? source.path : source.url,
        hash: '',
        // A chosen file's size is known before it is read (a fetched one's once it is).
        size: source.kind === 'file' ? source.file.size : 0,
        importedAt: deps.now(),
        rows: 0,
        derived: { env: agree([]), model: agree([]) },
        edited: { env: null, model: null },
        hidden: [],
        stored: { ok: false, reason: 'being imported' },
      };
      if (source.kind === 'file') files.set(id, { blob: source.file, metadata: source.metadata ?? null, path: source.path });
      store.setState((s) => ({ runs: { ...s.runs, [id]: run } }));
      counting.add(id);
      return id;
    },
    items: add,
    async land(runId, source, parsed) {
      settle();
      counting.delete(runId);
      const blob = source.kind === 'file' ? source.file : parsed.bytes;
      if (source.kind === 'url' && blob) files.set(runId, { blob, metadata: null, path: new URL(source.url).pathname });
      const hash = parsed.hash ?? (blob ? await deps.hash(blob) : '');
      const rows = store.getState().entries.filter((e) => e.run === runId);
      // A file's identity is its non-native rows' (natives name their own world and agent), else its traces'.
      const named = rows.some((e) => e.kind === 'vf') ? rows.filter((e) => e.kind === 'vf') : rows;
      const names = (pick: (o: Names) => { value: string; from: NameSource | null }) =>
        agree(named.map((e) => pick(original.get(e.id) ?? e)).map((n) => ({ value: n.from === null ? null : n.value, from: n.from })));
      const run: ImportRun = {
        ...store.getState().runs[runId]!,
        hash,
        size: blob?.size ?? 0,
        rows: rows.length,
        derived: { env: names((o) => ({ value: o.world, from: o.envFrom })), model: names((o) => ({ value: o.agent, from: o.modelFrom })) },
      };
      setRun(run);
      const earlier = Object.values(store.getState().runs).find((r) => r.id !== runId && hash !== '' && r.hash === hash);
      if (earlier) return { duplicateOf: earlier.label, note: null };
      return { duplicateOf: null, note: await persist(runId) };
    },
    drop: dropRows,
    keep: persist,
  };

  /** A stored run's health, written before anything else happens (see ImportRun.health); a write that fails is not fatal. */
  async function setHealth(run: ImportRun, health: ImportRun['health']): Promise<ImportRun> {
    const next: ImportRun = { ...run };
    if (health) next.health = health;
    else delete next.health;
    try {
      await deps.imports.update(next);
    } catch {
      // Storage that cannot be written cannot be read again either: nothing to protect.
    }
    store.setState((s) => ({ runs: { ...s.runs, [run.id]: next } }));
    return next;
  }

  /** A stored file no longer waiting to be read on this visit. */
  const readDone = (runId: string) => store.setState((s) => ({ unread: s.unread.filter((u) => u.id !== runId) }));

  /**
   * Read one stored file again. It is marked in flight first (`reading`): if the page dies while reading it, the
   * next visit finds the mark and does not try again. The mark goes the moment the file's rows are read; a file
   * that fails or exceeds a limit is marked `failed` in its record first: listed, not read.
   */
  async function reopen(run: ImportRun, file: { blob: Blob; metadata: Blob | null; path: string }): Promise<string | null> {
    const release = await deps.imports.reading.hold(run.id);
    try {
      return await readAgain(run, file);
    } finally {
      release();
    }
  }

  async function readAgain(run: ImportRun, file: { blob: Blob; metadata: Blob | null; path: string }): Promise<string | null> {
    // Without a mark of its own (no localStorage), the record carries it: slower to write, but a bomb is still remembered.
    const current = deps.imports.reading.set(run.id, true) ? run : await setHealth(run, { state: 'opening' });
    const parse = parseInWorker(
      deps.spawnImport,
      // Its hash is known (it found this file when it was imported): the worker need not read the file twice.
      { kind: 'file', file: file.blob, path: file.path, metadata: file.metadata ?? undefined, batch: run.id, hashed: run.hash },
      { items: (e, p, more) => add(run.id, e, p, more) },
    );
    const parsed = await parse.done;
    if (parsed.ok) {
      // Its last rows listed before it stops counting as unread: an export waiting for it writes them.
      settle();
      deps.imports.reading.set(run.id, false);
      readDone(run.id);
      // A mark an earlier visit left in the record (a crash, a failure, or a build that marked records): cleared there too.
      if (current.health) await setHealth(current, undefined);
      return null;
    }
    const reason = parsed.message;
    settle();
    shown.delete(run.id);
    const gone = store.getState().entries.filter((e) => e.run === run.id);
    for (const e of gone) {
      payloads.delete(e.id);
      original.delete(e.id);
    }
    store.setState((s) => ({ entries: s.entries.filter((e) => e.run !== run.id) }));
    await setHealth(current, { state: 'failed', reason });
    deps.imports.reading.set(run.id, false);
    readDone(run.id);
    return reason;
  }

  /** Read every stored file again, one after another, with its run's changes on top; one that failed before is listed, not read. */
  async function restore(): Promise<void> {
    let listed: Listed<StoredImport>;
    try {
      listed = await deps.imports.list();
    } catch (e) {
      return refreshStorage(`The files imported before could not be read from this browser's storage: ${describeStorageError(e)}`);
    }
    const failures: string[] = listed.unreadable.map((u) => `${u.id}: ${u.error}`);
    const items = listed.items.sort((a, b) => a.run.importedAt - b.run.importedAt);
    // A run the last visit was reading when it stopped (not one another tab is reading now): its mark is its health on this visit.
    const found: StoredImport[] = [];
    for (const item of items) {
      const stopped = !item.run.health && deps.imports.reading.has(item.run.id) && !(await deps.imports.reading.busy(item.run.id));
      found.push(stopped ? { ...item, run: { ...item.run, health: { state: 'opening' } } } : item);
    }
    const toRead = found.filter(({ run }) => !unhealthy(run) && !store.getState().runs[run.id]);
    store.setState((s) => ({
      unread: [...s.unread, ...toRead.map(({ run }) => ({ id: run.id, label: run.label, rows: Math.max(0, run.rows - run.hidden.length) }))],
    }));
    for (const { run, blob, metadata, path } of found) {
      // Imported in this page already (a link's import can land before the library's first read): listed once.
      if (store.getState().runs[run.id]) continue;
      files.set(run.id, { blob, metadata, path });
      store.setState((s) => ({ runs: { ...s.runs, [run.id]: run } }));
      const skip = unhealthy(run);
      if (skip) {
        failures.push(`${run.label}: not read again, because ${skip}`);
        continue;
      }
      const failed = await reopen(run, { blob, metadata, path });
      if (failed) failures.push(`${run.label}: ${failed}`);
    }
    await refreshStorage(
      failures.length
        ? `${failures.length} stored import${failures.length === 1 ? '' : 's'} could not be read again (${failures[0]}). Remove ${failures.length === 1 ? 'it' : 'them'} below, or try again.`
        : null,
    );
  }

  /** The person asks to read a run marked failed once more. */
  async function retry(runId: string): Promise<void> {
    const run = store.getState().runs[runId];
    const file = files.get(runId);
    if (!run || !file) return;
    store.setState((s) => ({ unread: [...s.unread, { id: run.id, label: run.label, rows: Math.max(0, run.rows - run.hidden.length) }] }));
    const failed = await reopen(run, file);
    await refreshStorage(failed ? `${run.label} could not be read again: ${failed}` : null);
  }

  async function update(runId: string, patch: (r: ImportRun) => ImportRun): Promise<void> {
    const run = store.getState().runs[runId];
    if (!run) return;
    const next = patch(run);
    setRun(next);
    if (next.stored.ok) await deps.imports.update(next);
  }

  const rename = (runId: string, label: string) => update(runId, (r) => ({ ...r, label: label.trim() || r.label }));
  const setIdentity = (runId: string, edited: ImportRun['edited']) =>
    update(runId, (r) => ({ ...r, edited: { env: edited.env?.trim() || null, model: edited.model?.trim() || null } }));

  /** Remove whole runs: their rows, and their files from storage. */
  async function remove(runIds: readonly string[]): Promise<void> {
    const stored = runIds.filter((id) => store.getState().runs[id]?.stored.ok);
    if (stored.length) await deps.imports.delete(stored);
    for (const id of runIds) {
      deps.imports.reading.set(id, false);
      dropRows(id);
    }
    store.setState((s) => ({ unread: s.unread.filter((u) => !runIds.includes(u.id)) }));
    await refreshStorage();
  }

  /** Rows removed one by one: a stored run remembers them; a run left empty goes. */
  async function hideRows(ids: readonly string[]): Promise<void> {
    settle();
    const byRun = new Map<string, string[]>();
    for (const e of store.getState().entries) if (e.run && ids.includes(e.id)) byRun.set(e.run, [...(byRun.get(e.run) ?? []), e.id]);
    for (const [runId, gone] of byRun) {
      const run = store.getState().runs[runId];
      if (!run) continue;
      if (store.getState().entries.filter((e) => e.run === runId).length === gone.length) await remove([runId]);
      else await update(runId, (r) => ({ ...r, hidden: [...r.hidden, ...gone] }));
    }
  }

  return { steps, restore, retry, rename, setIdentity, remove, hideRows, refreshStorage, clear: () => remove(Object.keys(store.getState().runs)) };
}
