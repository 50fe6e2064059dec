import { describe, expect, it } from 'vitest';
import { identityFromPath, identityOf } from '../../traces/import/identity';
import { importText } from '../../traces/import/importText';
import { fixture } from '../../traces/import/testing';
import type { Payload } from '../workers/importProtocol';
import type { ImportRun } from './importRuns';
import { summarizeVf, type LibraryEntry } from './librarySummary';
import { FakeWorker, setup, summary, tick } from './testing/libraryFakes';

const PATH = 'outputs/evals/wiki-search--openai--gpt-4.1-mini/run-7/results.jsonl';

/** A vf-eval file's rows as the worker sends them, with the identity its folder gives. */
function rowsOf(batch: string, path = PATH): { entries: LibraryEntry[]; payloads: Payload[] } {
  const items = importText(fixture('v0.1.2.post1', 'results.jsonl')).items;
  const entries: LibraryEntry[] = [];
  const payloads: Payload[] = [];
  items.forEach((item, n) => {
    if (item.kind !== 'vf') return;
    entries.push(summarizeVf(item.rollout, `${batch}:${n}`, 'results.jsonl', identityOf(item, identityFromPath(path)), batch));
    payloads.push({ kind: 'vf', rollout: item.rollout });
  });
  return { entries, payloads };
}

const vfFile = (text = 'same bytes') => new File([text], 'results.jsonl');

/** No other tab: nothing held elsewhere (ImportStorage.reading's Web Locks). */
const unlocked = { hold: async () => () => undefined, busy: async () => false };

/** Answer the worker of the current import with the fixture's rows. */
async function answer(w: FakeWorker): Promise<void> {
  const { entries, payloads } = rowsOf(w.requests[0]!.batch);
  w.send({ type: 'items', entries, payloads });
  w.send({ type: 'done', summary: { ...summary(entries.length), format: 'vf-eval-jsonl' }, source: 'results.jsonl' });
  await tick();
  await tick();
}

describe('import runs', () => {
  it('while a file is read, its run shows its size and counts the rows listed so far; once read, every row it kept', async () => {
    const { lib, workers, stored } = setup();
    lib.importFiles([vfFile()]);
    await tick();
    const w = workers[0]!;
    const { entries, payloads } = rowsOf(w.requests[0]!.batch);
    expect(entries.length).toBeGreaterThan(1);
    const rowsOfRun = () => Object.values(lib.store.getState().runs)[0]!.rows;
    expect(rowsOfRun()).toBe(0);
    // Its size too is known before it is read.
    expect(Object.values(lib.store.getState().runs)[0]!.size).toBe('same bytes'.length);
    w.send({ type: 'items', entries: entries.slice(0, 1), payloads: payloads.slice(0, 1) });
    expect(rowsOfRun()).toBe(1);
    w.send({ type: 'items', entries: entries.slice(1), payloads: payloads.slice(1) });
    expect(rowsOfRun()).toBe(entries.length);
    w.send({ type: 'done', summary: { ...summary(entries.length), format: 'vf-eval-jsonl' }, source: 'results.jsonl' });
    await tick();
    await tick();
    expect(rowsOfRun()).toBe(entries.length);
    expect(lib.store.getState().entries.filter((e) => e.run === Object.keys(lib.store.getState().runs)[0])).toHaveLength(entries.length);
    // Read again on another page, the run already knows its rows: they are not counted twice.
    const next = setup();
    for (const [k, v] of stored) next.stored.set(k, v);
    const loading = next.lib.loadSaved();
    await tick();
    const again = rowsOf(next.workers[0]!.requests[0]!.batch);
    next.workers[0]!.send({ type: 'items', entries: again.entries, payloads: again.payloads });
    const rereadRows = () => Object.values(next.lib.store.getState().runs)[0]!.rows;
    expect(rereadRows()).toBe(entries.length);
    next.workers[0]!.send({ type: 'done', summary: { ...summary(entries.length), format: 'vf-eval-jsonl' }, source: 'results.jsonl' });
    await loading;
    expect(rereadRows()).toBe(entries.length);
    expect(next.lib.store.getState().entries).toHaveLength(entries.length);
  });

  it("a batch's messages reach the store together, in a task of their own; landing or dropping the run first lists or takes back what waits", async () => {
    // The page's `later` is a new task (timeSlice.ts, inNewTask): here a queue the test runs.
    const queued: (() => void)[] = [];
    const runQueued = () => queued.splice(0).forEach((fn) => fn());
    const { lib, workers } = setup({ later: (fn) => void queued.push(fn) });
    let updates = 0;
    lib.store.subscribe((s, before) => void (s.entries !== before.entries && updates++));
    lib.importFiles([vfFile()]);
    await tick();
    const w = workers[0]!;
    const { entries, payloads } = rowsOf(w.requests[0]!.batch);
    expect(entries.length).toBeGreaterThan(3);
    const listed = () => lib.store.getState().entries.map((e) => e.id);
    const runRows = () => Object.values(lib.store.getState().runs)[0]!.rows;
    // The run's first batch (two messages) is listed in the task that reads its last message: the first screen waits for nothing.
    w.send({ type: 'items', entries: entries.slice(0, 1), payloads: payloads.slice(0, 1), more: true });
    expect(listed()).toEqual([]);
    w.send({ type: 'items', entries: entries.slice(1, 2), payloads: payloads.slice(1, 2) });
    expect(listed()).toEqual(entries.slice(0, 2).map((e) => e.id));
    expect(updates).toBe(1);
    // The next batch, two messages: the first says more follows.
    w.send({ type: 'items', entries: entries.slice(2, 3), payloads: payloads.slice(2, 3), more: true });
    expect(queued).toHaveLength(0);
    w.send({ type: 'items', entries: entries.slice(3), payloads: payloads.slice(3) });
    // Read and kept, not yet listed: the store changes in the task `later` gives.
    expect(listed()).toEqual(entries.slice(0, 2).map((e) => e.id));
    expect(queued).toHaveLength(1);
    runQueued();
    expect(listed()).toEqual(entries.map((e) => e.id));
    expect(runRows()).toBe(entries.length);
    expect(updates).toBe(2);
    // Their payloads were kept as each message was read.
    expect(lib.payloadOf(entries[3]!.id)).toBeDefined();

    /** Another file, its rows sent as two batches: the first listed at once, the second waiting for `later`. */
    const inTwoBatches = async (text: string) => {
      lib.importFiles([vfFile(text)]);
      await tick();
      const worker = workers.at(-1)!;
      const rows = rowsOf(worker.requests[0]!.batch);
      worker.send({ type: 'items', entries: rows.entries.slice(0, 1), payloads: rows.payloads.slice(0, 1) });
      worker.send({ type: 'items', entries: rows.entries.slice(1), payloads: rows.payloads.slice(1) });
      return { worker, ...rows };
    };

    // Rows waiting when the file lands are listed by the landing itself, and counted in the run.
    const { worker: w2, ...two } = await inTwoBatches('other bytes');
    expect(lib.store.getState().entries.filter((e) => e.run === two.entries[0]!.run)).toHaveLength(1);
    w2.send({ type: 'done', summary: { ...summary(two.entries.length), format: 'vf-eval-jsonl' }, source: 'results.jsonl' });
    await tick();
    await tick();
    const landed = Object.values(lib.store.getState().runs).find((r) => r.id === two.entries[0]!.run)!;
    expect(landed.rows).toBe(two.entries.length);
    expect(landed.derived.env).toMatchObject({ value: 'wiki-search', from: 'folder' });
    expect(lib.store.getState().entries.filter((e) => e.run === landed.id)).toHaveLength(two.entries.length);
    // The task queued for them finds nothing left to list: no row twice.
    runQueued();
    expect(lib.store.getState().entries.filter((e) => e.run === landed.id)).toHaveLength(two.entries.length);

    // A file that fails takes back the rows still waiting as well as those listed.
    const { worker: w3, ...three } = await inTwoBatches('third bytes');
    w3.send({ type: 'failed', message: 'the file broke' });
    await tick();
    runQueued();
    expect(lib.store.getState().entries.filter((e) => e.run === three.entries[0]!.run)).toEqual([]);
    expect(lib.payloadOf(three.entries[1]!.id)).toBeUndefined();
  });

  it('a file is one run, named by its folder; env and model are edited per run and the rows follow', async () => {
    const { lib, workers } = setup();
    lib.importFiles([vfFile()]);
    await tick();
    await answer(workers[0]!);
    const run = Object.values(lib.store.getState().runs)[0]!;
    expect(run.derived.env).toMatchObject({ value: 'wiki-search', from: 'folder' });
    expect(run.derived.model).toMatchObject({ value: 'openai/gpt-4.1-mini', from: 'folder' });
    expect(run.rows).toBeGreaterThan(0);
    expect(new Set(lib.store.getState().entries.map((e) => `${e.world}|${e.agent}`))).toEqual(new Set(['wiki-search|openai/gpt-4.1-mini']));

    await lib.setRunIdentity(run.id, { env: 'wiki', model: null });
    expect(new Set(lib.store.getState().entries.map((e) => `${e.world}|${e.envFrom}|${e.agent}|${e.modelFrom}`))).toEqual(
      new Set(['wiki|edited|openai/gpt-4.1-mini|folder']),
    );
    await lib.setRunIdentity(run.id, { env: null, model: null });
    expect(lib.store.getState().entries[0]).toMatchObject({ world: 'wiki-search', envFrom: 'folder' });
    await lib.renameRun(run.id, 'baseline');
    expect(lib.store.getState().runs[run.id]!.label).toBe('baseline');
  });

  it('a run that lands, is stored or renamed keeps its rows as they are: only an edited env or model reshapes them', async () => {
    const { lib, workers } = setup();
    lib.importFiles([vfFile()]);
    await tick();
    const { entries, payloads } = rowsOf(workers[0]!.requests[0]!.batch);
    workers[0]!.send({ type: 'items', entries, payloads });
    const listed = lib.store.getState().entries;
    workers[0]!.send({ type: 'done', summary: { ...summary(entries.length), format: 'vf-eval-jsonl' }, source: 'results.jsonl' });
    await tick();
    await tick();
    const run = Object.values(lib.store.getState().runs)[0]!;
    expect(run.stored.ok).toBe(true);
    expect(lib.store.getState().entries).toBe(listed);
    await lib.renameRun(run.id, 'baseline');
    expect(lib.store.getState().entries).toBe(listed);
    await lib.setRunIdentity(run.id, { env: 'wiki', model: null });
    expect(lib.store.getState().entries).not.toBe(listed);
  });

  it('the same file again is found by its content and waits for "skip" or "add again"', async () => {
    const { lib, workers, ids } = setup();
    lib.importFiles([vfFile()]);
    await tick();
    await answer(workers[0]!);
    const first = ids().length;
    lib.importFiles([vfFile()]);
    await tick();
    await answer(workers[1]!);
    expect(lib.store.getState().jobs[0]).toMatchObject({ status: 'duplicate', duplicateOf: 'results.jsonl' });
    lib.decideDuplicate(0, false);
    await tick();
    expect(ids()).toHaveLength(first);
    expect(lib.store.getState().jobs[0]!.status).toBe('skipped');

    lib.importFiles([vfFile()]);
    await tick();
    await answer(workers[2]!);
    lib.decideDuplicate(0, true);
    await tick();
    await tick();
    expect(ids()).toHaveLength(first * 2);
    expect(Object.keys(lib.store.getState().runs)).toHaveLength(2);
    expect(lib.store.getState().jobs[0]!.status).toBe('done');
  });

  it('kept across reloads: the file is read again with its edits and removed rows; a run is removed as a unit', async () => {
    const { lib, workers, stored } = setup();
    lib.importFiles([vfFile()]);
    await tick();
    await answer(workers[0]!);
    const run = Object.values(lib.store.getState().runs)[0]!;
    await lib.setRunIdentity(run.id, { env: null, model: 'gpt-4.1-mini' });
    const [gone, ...kept] = lib.store.getState().entries;
    await lib.removeEntries([gone!.id]);
    expect(stored.get(run.id)?.run).toMatchObject({ hidden: [gone!.id], edited: { model: 'gpt-4.1-mini' }, stored: { ok: true } });
    expect(lib.store.getState().storage).toMatchObject({ files: 1, bytes: 'same bytes'.length });

    // Another page: a library over the same storage reads the file again.
    const next = setup();
    for (const [k, v] of stored) next.stored.set(k, v);
    const loading = next.lib.loadSaved();
    await tick();
    await answer(next.workers[0]!);
    await loading;
    expect(next.workers[0]!.requests[0]).toMatchObject({ batch: run.id, path: PATH.split('/').pop() });
    expect(next.ids()).toEqual(kept.map((e) => e.id));
    expect(next.lib.store.getState().entries[0]).toMatchObject({ agent: 'gpt-4.1-mini', modelFrom: 'edited', run: run.id });

    await next.lib.removeRuns([run.id]);
    expect(next.ids()).toEqual([]);
    expect(next.stored.size).toBe(0);
    expect(next.lib.store.getState().storage).toMatchObject({ files: 0, bytes: 0 });
  });

  it('storage full: the rows are listed for this tab and the run says why it is not kept', async () => {
    const { lib, workers, stored, full } = setup();
    full(999, 1000);
    lib.importFiles([vfFile()]);
    await tick();
    await answer(workers[0]!);
    const run = Object.values(lib.store.getState().runs)[0]!;
    expect(run.stored).toMatchObject({ ok: false });
    expect(run.stored.ok ? '' : run.stored.reason).toMatch(/storage for this site is full \(999 B used of 1000 B, this file needs 10 B\)/);
    expect(lib.store.getState().jobs[0]!.message).toMatch(/^not kept across reloads/);
    expect(stored.size).toBe(0);
    expect(lib.store.getState().entries.length).toBeGreaterThan(0);
  });

  it('a write the browser refuses for quota is a sentence on the run, never a throw', async () => {
    const quota = Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
    const { lib, workers } = setup({
      imports: {
        list: async () => ({ items: [], unreadable: [] }),
        put: async () => {
          throw quota;
        },
        update: async () => undefined,
        delete: async () => undefined,
        estimate: async () => null,
        reading: { has: () => false, set: () => true, ...unlocked },
      },
    });
    lib.importFiles([vfFile()]);
    await tick();
    await answer(workers[0]!);
    const run = Object.values(lib.store.getState().runs)[0]!;
    expect(run.stored.ok ? '' : run.stored.reason).toMatch(
      /^the browser's storage for this site is full \(QuotaExceededError: The quota has been exceeded\.\)/,
    );
  });
});

describe('a stored import that failed never fails the page again', () => {
  /** A library whose storage holds one imported file, as a first visit left it. */
  async function storedOnce() {
    const first = setup();
    first.lib.importFiles([vfFile()]);
    await tick();
    await answer(first.workers[0]!);
    const run = Object.values(first.lib.store.getState().runs)[0]!;
    return { run, stored: first.stored, reading: first.reading };
  }

  /** The next visit over the same storage (the files' records and the in-flight marks). */
  function visit(before: { stored: Map<string, import('./importRuns').StoredImport>; reading: Set<string> }) {
    const next = setup();
    for (const [k, v] of before.stored) next.stored.set(k, structuredClone(v));
    for (const id of before.reading) next.reading.add(id);
    return next;
  }

  it('a file that exceeds a limit when read again is marked failed, listed with the reason, and not read on the visit after', async () => {
    const first = await storedOnce();
    const { run } = first;
    const second = visit(first);
    const loading = second.lib.loadSaved();
    await tick();
    // The worker refuses it (a budget reached): the rows go, the mark stays.
    second.workers[0]!.send({ type: 'done', summary: summary(0, 'entry samples/0.json: over the fileDecompressedBytes limit'), source: 'x' });
    await loading;
    expect(second.stored.get(run.id)!.run.health).toEqual({ state: 'failed', reason: 'entry samples/0.json: over the fileDecompressedBytes limit' });
    expect(second.ids()).toEqual([]);
    expect(second.lib.store.getState().storage.error).toMatch(/could not be read again .*Remove it below, or try again\.$/);

    const third = visit(second);
    await third.lib.loadSaved();
    expect(third.workers).toHaveLength(0);
    expect(third.lib.store.getState().runs[run.id]!.health).toMatchObject({ state: 'failed' });
    expect(third.lib.store.getState().storage.error).toMatch(/not read again, because it could not be read on an earlier visit: entry samples\/0\.json/);
    // The person removes it: gone from storage for good.
    await third.lib.removeRuns([run.id]);
    expect(third.stored.size).toBe(0);
  });

  it('a tab that died while reading a stored file: the next visit finds it still "opening" and does not read it; "try again" does', async () => {
    const first = await storedOnce();
    const { run } = first;
    const second = visit(first);
    void second.lib.loadSaved();
    await tick();
    // The worker never answers: the tab crashed here. What storage holds is what the next visit sees.
    expect(second.workers).toHaveLength(1);
    expect(second.reading.has(run.id)).toBe(true);

    const third = visit(second);
    await third.lib.loadSaved();
    expect(third.workers).toHaveLength(0);
    expect(third.lib.store.getState().storage.error).toMatch(/the page stopped while reading it on an earlier visit/);

    const retrying = third.lib.retryRun(run.id);
    await tick();
    await answer(third.workers[0]!);
    await retrying;
    expect(third.ids().length).toBeGreaterThan(0);
    expect(third.stored.get(run.id)!.run.health).toBeUndefined();
    expect(third.reading.size).toBe(0);
    expect(third.lib.store.getState().storage.error).toBeNull();
  });
});

describe('the in-flight mark: only a read that never finished is remembered as one that stopped the page', () => {
  /** One stored file, and an import storage over it whose record writes never commit (the tab is closed first). */
  async function neverCommitting() {
    const first = setup();
    first.lib.importFiles([vfFile()]);
    await tick();
    await answer(first.workers[0]!);
    const run = Object.values(first.lib.store.getState().runs)[0]!;
    const reading = new Set(first.reading);
    const writes: string[] = [];
    const imports = {
      list: async () => ({ items: [...first.stored.values()].map((v) => structuredClone(v)), unreadable: [] }),
      put: () => new Promise<void>(() => undefined),
      update: (r: ImportRun) => {
        writes.push(r.id);
        return new Promise<void>(() => undefined);
      },
      delete: async () => undefined,
      estimate: async () => null,
      reading: { has: (id: string) => reading.has(id), set: (id: string, on: boolean) => (on ? reading.add(id) : reading.delete(id), true), ...unlocked },
    };
    return { run, stored: first.stored, reading, writes, imports };
  }

  it('a file read whole is unmarked at once, not after its record is rewritten: closing the tab then leaves it healthy', async () => {
    const { run, stored, reading, writes, imports } = await neverCommitting();
    const second = setup({ imports });
    const loading = second.lib.loadSaved();
    await tick();
    // Being read: marked, and an export knows its rows are still to come.
    expect(second.workers).toHaveLength(1);
    expect(reading.has(run.id)).toBe(true);
    expect(second.lib.store.getState().unread).toEqual([{ id: run.id, label: run.label, rows: run.rows }]);
    await answer(second.workers[0]!);
    await loading;
    // Every row read: the mark is gone though no record write ever committed (the tab closes here).
    expect(reading.has(run.id)).toBe(false);
    expect(writes).toEqual([]);
    expect(second.lib.store.getState().unread).toEqual([]);

    const third = setup();
    for (const [k, v] of stored) third.stored.set(k, structuredClone(v));
    for (const id of reading) third.reading.add(id);
    const again = third.lib.loadSaved();
    await tick();
    await answer(third.workers[0]!);
    await again;
    expect(third.lib.store.getState().storage.error).toBeNull();
    expect(third.ids().length).toBe(run.rows);
  });

  it('without a mark of its own (no localStorage), the record carries it, and is cleared once the file is read', async () => {
    const first = setup();
    first.lib.importFiles([vfFile()]);
    await tick();
    await answer(first.workers[0]!);
    const run = Object.values(first.lib.store.getState().runs)[0]!;
    const health: (ImportRun['health'] | undefined)[] = [];
    const second = setup({
      imports: {
        list: async () => ({ items: [...first.stored.values()].map((v) => structuredClone(v)), unreadable: [] }),
        put: async () => undefined,
        update: async (r) => void health.push(r.health),
        delete: async () => undefined,
        estimate: async () => null,
        reading: { has: () => false, set: () => false, ...unlocked },
      },
    });
    const loading = second.lib.loadSaved();
    await tick();
    expect(health).toEqual([{ state: 'opening' }]);
    await answer(second.workers[0]!);
    await loading;
    expect(health).toEqual([{ state: 'opening' }, undefined]);
    expect(second.lib.store.getState().runs[run.id]!.health).toBeUndefined();
  });

  it('a mark another tab left while it reads the file now is not a crash: this tab reads it too, holding it while it does', async () => {
    const { run, stored, reading } = await neverCommitting();
    reading.add(run.id);
    const next = setup();
    for (const [k, v] of stored) next.stored.set(k, structuredClone(v));
    for (const id of reading) next.reading.add(id);
    next.otherTab.add(run.id);
    const loading = next.lib.loadSaved();
    await tick();
    expect(next.workers).toHaveLength(1);
    expect(next.held.get(run.id)).toBe(1);
    await answer(next.workers[0]!);
    await loading;
    expect(next.held.get(run.id)).toBe(0);
    expect(next.lib.store.getState().runs[run.id]!.health).toBeUndefined();
    expect(next.ids().length).toBe(run.rows);
  });

  it('a mark left by a visit that stopped mid-read lists the run as such; removing the run removes its mark', async () => {
    const { run, stored, reading } = await neverCommitting();
    reading.add(run.id);
    const next = setup();
    for (const [k, v] of stored) next.stored.set(k, structuredClone(v));
    for (const id of reading) next.reading.add(id);
    await next.lib.loadSaved();
    expect(next.workers).toHaveLength(0);
    expect(next.lib.store.getState().runs[run.id]!.health).toEqual({ state: 'opening' });
    expect(next.lib.store.getState().unread).toEqual([]);
    await next.lib.removeRuns([run.id]);
    expect(next.reading.size).toBe(0);
  });
});
