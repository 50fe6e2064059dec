import { describe, expect, it } from 'vitest';
import { identityFromPath, identityOf } from '../../traces/import/identity';
import { importText } from '../../traces/import/importText';
import { fixture } from '../../traces/import/testing';
import { WORLDS } from '../../worlds/registry';
import type { Payload } from '../workers/importProtocol';
import { describeExport, exportRows } from './libraryExport';
import { afterRead, describePending, longPendingText, pendingOf, pendingText, unreadRuns, whenRead } from './libraryPending';
import { summarizeVf, type LibraryEntry } from './librarySummary';
import { FakeWorker, setup, summary, tick } from './testing/libraryFakes';

const PATH = 'outputs/evals/wiki-search--openai--gpt-4.1-mini/run-7/results.jsonl';

/** A vf-eval file's rows as the worker sends them. */
function rowsOf(batch: string): { entries: LibraryEntry[]; payloads: Payload[] } {
  const entries: LibraryEntry[] = [];
  const payloads: Payload[] = [];
  importText(fixture('v0.1.2.post1', 'results.jsonl')).items.forEach((item, n) => {
    if (item.kind !== 'vf') return;
    entries.push(summarizeVf(item.rollout, `${batch}:${n}`, 'results.jsonl', identityOf(item, identityFromPath(PATH)), batch));
    payloads.push({ kind: 'vf', rollout: item.rollout });
  });
  return { entries, payloads };
}

/** The worker's rows `from` up to `upTo`; done once it has sent them all. */
async function answer(w: FakeWorker, upTo = Infinity, from = 0): Promise<void> {
  const { entries, payloads } = rowsOf(w.requests[0]!.batch);
  w.send({ type: 'items', entries: entries.slice(from, upTo), payloads: payloads.slice(from, upTo) });
  if (upTo < entries.length) return tick().then(() => undefined);
  w.send({ type: 'done', summary: { ...summary(entries.length), format: 'vf-eval-jsonl' }, source: 'results.jsonl' });
  await tick();
  await tick();
}

/** A visit over a browser whose storage keeps two imported files (and nothing saved). */
async function twoStoredFiles() {
  const first = setup();
  for (const text of ['one', 'two']) {
    first.lib.importFiles([new File([text], 'results.jsonl')]);
    await tick();
    await answer(first.workers.at(-1)!);
  }
  // A batch's rows reach the store in a task of their own, as in the page (timeSlice.ts, inNewTask).
  const next = setup({ later: (fn) => void setTimeout(fn, 0) });
  for (const [k, v] of first.stored) next.stored.set(k, structuredClone(v));
  const perFile = rowsOf('x').entries.length;
  return { ...next, perFile };
}

const ctx = (lib: ReturnType<typeof setup>['lib']) => ({
  payloadOf: lib.payloadOf,
  runs: lib.store.getState().runs,
  worlds: WORLDS,
  created: '2025-01-01T00:00:00Z',
});

describe('an export waits until the library has read every run it knows of', () => {
  it('says what is still read back, then writes every row, not those listed when it was asked for', async () => {
    const { lib, workers, perFile } = await twoStoredFiles();
    const loading = lib.loadSaved();
    await tick();
    // The first file half read: an export asked for now would have written only these rows.
    await answer(workers[0]!, 1);
    expect(lib.store.getState().entries).toHaveLength(1);
    expect(pendingOf(lib.store.getState())).toMatchObject({ stored: { files: 2, traces: 2 * perFile - 1 } });
    expect(pendingText(lib.store.getState())).toBe(`${2 * perFile - 1} traces of 2 stored files still being read`);

    const heard: string[] = [];
    const exported = afterRead(
      lib.store,
      new AbortController().signal,
      (what) => heard.push(what),
      () => exportRows(lib.store.getState().entries, 'vf', ctx(lib)),
    );
    await answer(workers[0]!, Infinity, 1);
    await tick();
    // The second file's rows in two batches, the last one still waiting for its task when the file is read.
    await answer(workers[1]!, 1);
    await answer(workers[1]!, Infinity, 1);
    await loading;
    const out = (await exported)!;
    expect(out.written).toBe(2 * perFile);
    expect(describeExport(out).startsWith(`Wrote ${2 * perFile} of ${2 * perFile} rows to results.jsonl.`)).toBe(true);
    expect(heard[0]).toBe(`${2 * perFile - 1} traces of 2 stored files still being read`);
    expect(heard).toContain(`${perFile} traces of 1 stored file still being read`);
    expect(pendingOf(lib.store.getState())).toBeNull();
  });

  it('a cancelled wait writes nothing; a library already read exports at once', async () => {
    const { lib, workers } = await twoStoredFiles();
    const loading = lib.loadSaved();
    await tick();
    const abort = new AbortController();
    let ran = false;
    const waiting = afterRead(
      lib.store,
      abort.signal,
      () => undefined,
      async () => void (ran = true),
    );
    abort.abort();
    expect(await waiting).toBeNull();
    expect(ran).toBe(false);
    await answer(workers[0]!);
    await tick();
    await answer(workers[1]!);
    await loading;
    expect(await whenRead(lib.store, new AbortController().signal)).toBe(true);
  });

  it('an import under way, a duplicate waiting for an answer and the saved runs being read are waited for too', async () => {
    const { lib, workers } = setup();
    // Before any visit has read the saved runs, the library is not read.
    expect(pendingText(lib.store.getState())).toBe('the runs saved in this browser being read');
    expect(longPendingText(lib.store.getState())).toBeNull();
    await lib.loadSaved();
    expect(pendingOf(lib.store.getState())).toBeNull();
    lib.importFiles([new File(['same'], 'a.jsonl')]);
    await tick();
    await answer(workers[0]!, 2);
    expect(pendingText(lib.store.getState())).toBe('the import of a.jsonl (2 traces so far)');
    expect(longPendingText(lib.store.getState())).toBe('the import of a.jsonl (2 traces so far)');
    await answer(workers[0]!, Infinity, 2);
    expect(pendingOf(lib.store.getState())).toBeNull();
    lib.importFiles([new File(['same'], 'b.jsonl')]);
    await tick();
    await answer(workers[1]!);
    expect(pendingText(lib.store.getState())).toBe('your answer on the file b.jsonl (Skip or Add again, above)');
    lib.decideDuplicate(0, false);
    await tick();
    expect(pendingOf(lib.store.getState())).toBeNull();
    expect(describePending({ stored: { files: 1, traces: 0 }, importing: { files: ['x', 'y'], listed: 1200 }, asking: [], saved: true })).toBe(
      'the last rows of 1 stored file being read and the import of 2 files (1,200 traces so far)',
    );
  });

  it('a stored file not read on this visit is named: its rows are in no export', async () => {
    const { lib, stored, reading } = await twoStoredFiles();
    const [one] = [...stored.keys()];
    reading.add(one!);
    const loading = lib.loadSaved();
    await tick();
    expect(pendingOf(lib.store.getState())).toMatchObject({ stored: { files: 1 } });
    expect(unreadRuns(lib.store.getState())).toBe(
      '1 stored import (results.jsonl) was not read on this visit: its traces are not listed, so not written (see Imported runs)',
    );
    void loading;
  });
});
