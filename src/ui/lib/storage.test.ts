import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runEpisode } from '../../core/episode';
import type { Trace } from '../../core/types';
import { faultApiWorld } from '../../worlds/fault-api/index';
import { claimRun, deleteRuns, listRuns, loadRun, saveRun } from './storage';
import { StaleWriteError } from './storageErrors';
import { fakeIndexedDb } from './testing/fakeIndexedDb';

const idb = fakeIndexedDb();
let trace: Trace;

beforeAll(async () => {
  vi.stubGlobal('indexedDB', idb.factory);
  const task = faultApiWorld.makeTask({ profile: 'clean', seed: 3 });
  if (!task.ok) throw new Error(task.error);
  trace = await runEpisode(faultApiWorld, task.value, faultApiWorld.referenceAgents[0]!.create(task.value));
});
afterAll(() => vi.unstubAllGlobals());

describe('the run store', () => {
  it('keeps whole runs: a save reads back as written, and a later save replaces it', async () => {
    await saveRun({ id: 'a', trace, savedAt: 1, finished: false });
    expect(await loadRun('a')).toEqual({ id: 'a', trace, savedAt: 1, finished: false });
    await saveRun({ id: 'a', trace, savedAt: 2, finished: true });
    expect((await loadRun('a'))?.finished).toBe(true);
    expect(await loadRun('missing')).toBeUndefined();
  });

  it('a claim raises the lease: the claimer writes, a tab still on the old lease is refused and nothing is written', async () => {
    await saveRun({ id: 'b', trace, savedAt: 1, finished: false });
    const claimed = await claimRun('b');
    expect(claimed?.lease).toBe(1);
    const short: Trace = { ...trace, steps: trace.steps.slice(0, 2) };
    await expect(saveRun({ id: 'b', trace: short, savedAt: 2, finished: false })).rejects.toBeInstanceOf(StaleWriteError);
    expect((await loadRun('b'))?.trace.steps).toHaveLength(trace.steps.length);
    await saveRun({ id: 'b', trace: short, savedAt: 3, finished: false, lease: 1 });
    expect((await loadRun('b'))?.trace.steps).toHaveLength(2);
    expect(await claimRun('nobody')).toBeUndefined();
  });

  it('lists every run and deletes several in one go, unknown ids ignored', async () => {
    await saveRun({ id: 'c', trace, savedAt: 5, finished: true });
    expect((await listRuns()).items.map((r) => r.id).sort()).toEqual(['a', 'b', 'c']);
    await deleteRuns(['a', 'c', 'zzz']);
    expect((await listRuns()).items.map((r) => r.id)).toEqual(['b']);
  });
});
