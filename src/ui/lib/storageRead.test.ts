import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TRACE_VERSION } from '../../core/types';
import { claimRun, describeUnreadable, listGotchas, listRuns, loadRun, saveRun } from './storage';
import { fakeIndexedDb } from './testing/fakeIndexedDb';

// What an earlier build left in IndexedDB: a run in progress with a version 1 trace (a frozen file).
const V1_RUN = JSON.parse(readFileSync(new URL('../../traces/fixtures/saved-run-v1.json', import.meta.url), 'utf8')) as {
  id: string;
  trace: Record<string, unknown>;
};
const NEWER = { ...V1_RUN, id: 'run-from-the-future', trace: { ...V1_RUN.trace, version: TRACE_VERSION + 1 } };

const idb = fakeIndexedDb();
/** Writes a record as another build would: straight into the store, past storage.ts. */
function plant(store: string, record: { id: string } & Record<string, unknown>): void {
  idb.factory.open().result.transaction(store).objectStore().put(record);
}

beforeAll(async () => {
  vi.stubGlobal('indexedDB', idb.factory);
  await listRuns();
  plant('runs', V1_RUN);
  plant('runs', NEWER);
  plant('gotchas', { id: 'user-broken', entry: { id: 'user-broken' }, addedAt: 1 });
});
afterAll(() => vi.unstubAllGlobals());

describe('reading IndexedDB written by other builds', () => {
  it('a version 1 run reads migrated; one a newer build wrote is listed as unreadable, not hidden or cast', async () => {
    const { items, unreadable } = await listRuns();
    expect(items.map((r) => [r.id, r.trace.version])).toEqual([[V1_RUN.id, TRACE_VERSION]]);
    expect(unreadable).toEqual([
      { id: NEWER.id, error: expect.stringContaining(`trace.version: version ${TRACE_VERSION + 1} was written by a newer verifier-playground`) },
    ]);
    expect(describeUnreadable('run', unreadable)).toMatch(/^1 run cannot be read \(run-from-the-future: trace\.version: /);
    expect((await loadRun(V1_RUN.id))?.trace.events).toEqual([]);
    await expect(loadRun(NEWER.id)).rejects.toThrow(`the run "${NEWER.id}" saved in this browser cannot be read: trace.version:`);
    expect(await loadRun('no-such-run')).toBeUndefined();
  });

  it('claiming a version 1 run writes it back migrated, with the raised lease', async () => {
    const claimed = await claimRun(V1_RUN.id);
    expect(claimed?.lease).toBe(3);
    const stored = idb.raw('runs').find((r) => (r as { id: string }).id === V1_RUN.id) as { lease: number; trace: { version: number } };
    expect([stored.lease, stored.trace.version]).toEqual([3, TRACE_VERSION]);
  });

  it('a record it cannot read is never overwritten or claimed', async () => {
    const readable = await loadRun(V1_RUN.id);
    await expect(saveRun({ ...readable!, id: NEWER.id })).rejects.toThrow('cannot be read');
    await expect(claimRun(NEWER.id)).rejects.toThrow('cannot be read');
    const stored = idb.raw('runs').find((r) => (r as { id: string }).id === NEWER.id);
    expect(stored).toEqual(NEWER);
  });

  it('a damaged gotcha is reported beside the readable ones', async () => {
    const { items, unreadable } = await listGotchas();
    expect(items).toEqual([]);
    expect(unreadable).toEqual([{ id: 'user-broken', error: 'entry.label: expected a string, got undefined' }]);
  });
});
