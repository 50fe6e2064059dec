import { describe, expect, it } from 'vitest';
import type { Trace } from '../../core/types';
import { summarizeNative } from './librarySummary';
import { StorageUnavailableError } from './storageErrors';
import { FakeWorker, file, setup, summary, tick, trace } from './testing/libraryFakes';
describe('the library: saved, unsaved and removed runs', () => {
  it('lists saved runs newest first, then runs this tab holds unsaved, which win over their older saved copy', async () => {
    const { lib, saved, unsaved, ids } = setup();
    const t = await trace();
    saved.set('old', { id: 'old', trace: t, savedAt: 1, finished: true });
    saved.set('new', { id: 'new', trace: t, savedAt: 2, finished: false });
    unsaved.push({ id: 'old', trace: t, reason: 'not saved' });
    await lib.loadSaved();
    expect(ids()).toEqual(['old', 'new']);
    expect(lib.store.getState().entries.map((e) => e.source)).toEqual(['not saved', 'in progress (saved)']);
    expect([...lib.store.getState().saved]).toEqual(['new', 'old']);
  });

  it('without storage: says why, still lists the runs this tab holds, and can drop them', async () => {
    const { lib, unsaved, down, ids, forgotten } = setup();
    const t = await trace();
    unsaved.push({ id: 'run-memory', trace: t, reason: 'not saved: in this tab only' });
    down(new StorageUnavailableError('IndexedDB is not available in this browser'));
    await expect(lib.loadSaved()).rejects.toThrow('IndexedDB is not available in this browser');
    expect(lib.store.getState().entries.find((e) => e.id === 'run-memory')?.source).toBe('not saved: in this tab only');
    expect(lib.payloadOf('run-memory')).toEqual({ kind: 'native', trace: t });
    await lib.removeEntries(['run-memory']);
    expect(ids()).toEqual([]);
    expect(forgotten).toEqual(['run-memory']);
  });

  it('a run saved after all leaves the unsaved rows on the next read; a saved run deleted elsewhere leaves too', async () => {
    const { lib, saved, unsaved, ids } = setup();
    const t = await trace();
    unsaved.push({ id: 'run-later', trace: t, reason: 'not saved' });
    saved.set('gone', { id: 'gone', trace: t, savedAt: 1, finished: true });
    await lib.loadSaved();
    expect(ids()).toEqual(['run-later', 'gone']);
    unsaved.length = 0;
    saved.delete('gone');
    await lib.loadSaved();
    expect(ids()).toEqual([]);
    expect(lib.payloadOf('run-later')).toBeUndefined();
  });
});

describe('the library: imports', () => {
  it('rows are listed as they are parsed; a file that fails takes its rows back; files go one at a time', async () => {
    const { lib, workers, ids } = setup();
    const t = await trace();
    lib.importFiles([file('a.jsonl'), file('b.jsonl')]);
    await tick();
    expect(workers).toHaveLength(1);
    expect(workers[0]!.requests[0]).toMatchObject({ kind: 'file', batch: 'import1', path: 'a.jsonl' });
    workers[0]!.send({ type: 'items', entries: [summarizeNative(t, 'import1:0', 'a.jsonl')], payloads: [{ kind: 'native', trace: t }] });
    expect(lib.store.getState().jobs[0]).toMatchObject({ status: 'running', imported: 1 });
    expect(ids()).toEqual(['import1:0']);
    expect(lib.store.getState().entries[0]!.run).toBe('import1');
    workers[0]!.send({ type: 'done', summary: summary(1), source: 'a.jsonl' });
    await tick();
    expect(lib.payloadOf('import1:0')).toEqual({ kind: 'native', trace: t });
    expect(workers[0]!.terminated).toBe(true);
    expect(workers).toHaveLength(2);

    workers[1]!.send({ type: 'items', entries: [summarizeNative(t, 'import2:0', 'b.jsonl')], payloads: [{ kind: 'native', trace: t }] });
    expect(ids()).toEqual(['import1:0', 'import2:0']);
    workers[1]!.send({ type: 'done', summary: summary(1, 'the file is binary'), source: 'b.jsonl' });
    await tick();
    expect(ids()).toEqual(['import1:0']);
    expect(lib.payloadOf('import2:0')).toBeUndefined();
    expect(Object.keys(lib.store.getState().runs)).toEqual(['import1']);
    expect(lib.store.getState().jobs.map((j) => [j.status, j.message])).toEqual([
      ['done', null],
      ['failed', 'the file is binary'],
    ]);
  });

  it('takes each trace as JSON text, as the worker sends it, decoded once when its row is first read; and the file hash the worker computed', async () => {
    const { lib, workers } = setup();
    const t = await trace();
    lib.importFiles([file('a.jsonl')]);
    await tick();
    workers[0]!.send({ type: 'items', entries: [summarizeNative(t, 'import1:0', 'a.jsonl')], payloads: [JSON.stringify({ kind: 'native', trace: t })] });
    workers[0]!.send({ type: 'done', summary: summary(1), source: 'a.jsonl', hash: 'sha-256-from-the-worker' });
    await tick();
    const payload = lib.payloadOf('import1:0');
    expect(payload).toEqual({ kind: 'native', trace: t });
    expect(lib.payloadOf('import1:0')).toBe(payload);
    expect(lib.store.getState().runs.import1!.hash).toBe('sha-256-from-the-worker');
  });

  it("takes over a link's import already under way in its worker, under its run id; listed once when it landed before the library first read storage", async () => {
    const { lib, workers, stored, ids } = setup();
    const t = await trace();
    const early = new FakeWorker();
    const done = lib.importUrl('https://example.test/t.jsonl', { port: early, run: 'import-early' });
    await tick();
    expect(workers).toHaveLength(0);
    early.send({
      type: 'items',
      entries: [summarizeNative(t, 'import-early:0', 't.jsonl', 'import-early')],
      payloads: [JSON.stringify({ kind: 'native', trace: t })],
    });
    early.send({ type: 'done', summary: summary(1), source: 't.jsonl', bytes: new Blob(['{}']), hash: 'h' });
    await done;
    expect(ids()).toEqual(['import-early:0']);
    expect(lib.store.getState().jobs[0]).toMatchObject({ status: 'done', run: 'import-early' });
    expect(stored.has('import-early')).toBe(true);
    // The library's first read of storage finds the run it already lists: not read again.
    await lib.loadSaved();
    expect(ids()).toEqual(['import-early:0']);
    expect(workers).toHaveLength(0);
  });

  it('Cancel stops the running file (its rows taken back) and those waiting; a dead worker fails only its file; the next import works', async () => {
    const { lib, workers, ids } = setup();
    const t = await trace();
    lib.importFiles([file('a.jsonl'), file('b.jsonl')]);
    await tick();
    workers[0]!.send({ type: 'items', entries: [summarizeNative(t, 'x', 'a.jsonl')], payloads: [{ kind: 'native', trace: t }] });
    expect(ids()).toEqual(['x']);
    lib.cancelImport();
    await tick();
    expect(lib.store.getState().jobs.map((j) => j.status)).toEqual(['cancelled', 'cancelled']);
    expect(workers).toHaveLength(1);
    workers[0]!.send({ type: 'done', summary: summary(1), source: 'a.jsonl' });
    expect(ids()).toEqual([]);

    const done = lib.importUrl('https://example.test/t.jsonl');
    await tick();
    workers[1]!.fail('the script did not load');
    await done;
    expect(lib.store.getState().jobs[0]).toMatchObject({ status: 'failed', message: 'the script did not load' });

    lib.importFiles([file('c.jsonl')]);
    await tick();
    workers[2]!.send({ type: 'items', entries: [summarizeNative(t, 'c', 'c.jsonl')], payloads: [{ kind: 'native', trace: t }] });
    workers[2]!.send({ type: 'done', summary: summary(1), source: 'c.jsonl' });
    await tick();
    expect(ids()).toEqual(['c']);
  });
});

describe('the library: recorded and re-scored', () => {
  it('a re-score is kept beside the recorded score, and stands only for the recording it was made of', async () => {
    const { lib, saved } = setup();
    const t = await trace('trusting');
    const tampered: Trace = { ...t, scorecard: { ...t.scorecard!, reward: 1 } };
    saved.set('r', { id: 'r', trace: tampered, savedAt: 1, finished: true });
    await lib.loadSaved();
    expect(lib.store.getState().rescored).toEqual({});
    await lib.rescore(['r', 'not-there']);
    const r = lib.store.getState().rescored.r!;
    expect(r).toMatchObject({ replay: 'match', reward: t.scorecard!.reward });
    expect(lib.store.getState().entries[0]!.reward).toBe(1);
    expect(lib.store.getState().rescoring).toBeNull();

    await lib.loadSaved();
    expect(lib.store.getState().rescored.r).toEqual(r);
    const other = await trace('trusting', 3);
    saved.set('r', { id: 'r', trace: other, savedAt: 2, finished: true });
    await lib.loadSaved();
    expect(lib.store.getState().rescored.r).toBeUndefined();
  });
});
