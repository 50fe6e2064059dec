import { describe, expect, it } from 'vitest';
import { runEpisode } from '../../core/episode';
import { faultApiWorld } from '../../worlds/fault-api/index';
import { loadSaved, payloadOf, removeEntries, useLibrary } from './library';
import { dropUnsaved, keepUnsaved } from './unsavedRuns';

async function trace() {
  const task = faultApiWorld.makeTask({ profile: 'clean', seed: 2 });
  if (!task.ok) throw new Error(task.error);
  return runEpisode(faultApiWorld, task.value, faultApiWorld.referenceAgents.find((a) => a.id === 'careful')!.create(task.value));
}

// Node has no indexedDB: the library meets storage exactly as a browser without it would.
describe('the library without storage', () => {
  it('says why, still lists the runs this tab holds, and can drop them', async () => {
    const t = await trace();
    keepUnsaved({ id: 'run-memory', trace: t, reason: 'not saved: in this tab only' });
    await expect(loadSaved()).rejects.toThrow('IndexedDB is not available in this browser');
    const row = useLibrary.getState().entries.find((e) => e.id === 'run-memory');
    expect(row?.source).toBe('not saved: in this tab only');
    expect(payloadOf('run-memory')).toEqual({ kind: 'native', trace: t });

    await removeEntries(['run-memory']);
    await expect(loadSaved()).rejects.toThrow();
    expect(useLibrary.getState().entries.find((e) => e.id === 'run-memory')).toBeUndefined();
  });

  it('a run saved after all (or forgotten) leaves the unsaved rows on the next read', async () => {
    keepUnsaved({ id: 'run-later', trace: await trace(), reason: 'not saved' });
    await loadSaved().catch(() => undefined);
    expect(useLibrary.getState().entries.map((e) => e.id)).toContain('run-later');
    dropUnsaved('run-later');
    await loadSaved().catch(() => undefined);
    expect(useLibrary.getState().entries.map((e) => e.id)).not.toContain('run-later');
    expect(payloadOf('run-later')).toBeUndefined();
  });
});
