import { describe, expect, it } from 'vitest';
import type { ToolCall } from '../../core/types';
import { faultApiWorld } from '../../worlds/fault-api/index';
import { LiveRun, type LiveRunDeps, type RunSnapshot, type RunStore } from './liveRun';
import type { HeldLock, RunLocks } from './runLocks';
import type { SavedRun } from './storage';
import { StaleWriteError, StorageUnavailableError } from './storageErrors';
import { unsavedRuns } from './unsavedRuns';

/** IndexedDB's run store as storage.ts keeps it: whole records, and a write with a lower lease refused. */
class MemoryStore implements RunStore {
  records = new Map<string, SavedRun>();
  /** While set, every operation rejects with it (a full disk, no IndexedDB). */
  failure: unknown = null;

  async save(run: SavedRun): Promise<void> {
    if (this.failure) throw this.failure;
    const held = this.records.get(run.id);
    if ((held?.lease ?? 0) > (run.lease ?? 0)) throw new StaleWriteError(run.id, held!.trace.steps.length);
    this.records.set(run.id, structuredClone(run));
  }

  async load(id: string): Promise<SavedRun | undefined> {
    if (this.failure) throw this.failure;
    return structuredClone(this.records.get(id));
  }

  async claim(id: string): Promise<SavedRun | undefined> {
    if (this.failure) throw this.failure;
    const held = this.records.get(id);
    if (!held) return undefined;
    const claimed = { ...held, lease: (held.lease ?? 0) + 1 };
    this.records.set(id, claimed);
    return structuredClone(claimed);
  }
}

/** Web Locks as two tabs of one browser share them: one holder per name, a steal tells the holder. */
class SharedLocks implements RunLocks {
  private held = new Map<string, () => void>();

  async acquire(runId: string, how: 'if-free' | 'steal'): Promise<HeldLock | null> {
    if (this.held.has(runId) && how === 'if-free') return null;
    this.held.get(runId)?.();
    let markLost = () => {};
    const lost = new Promise<void>((r) => (markLost = r));
    this.held.set(runId, markLost);
    return { lost, release: () => this.held.get(runId) === markLost && this.held.delete(runId) };
  }
}

const noLocks: RunLocks = { acquire: async () => ({ lost: new Promise(() => undefined), release: () => undefined }) };

const task = (() => {
  const t = faultApiWorld.makeTask({ profile: 'clean', seed: 2 });
  if (!t.ok) throw new Error(t.error);
  return t.value;
})();

const fetchPage = (cursor: string | null = null): ToolCall => ({ name: 'fetch_page', arguments: { cursor } });
const tab = (store: RunStore, locks: RunLocks): LiveRunDeps => ({ store, locks, now: () => 1 });
const flush = () => new Promise((r) => setTimeout(r, 0));

function watch(run: LiveRun): RunSnapshot[] {
  const seen: RunSnapshot[] = [];
  run.subscribe((s) => seen.push(s));
  return seen;
}

describe('LiveRun: a write that fails', () => {
  it('keeps playing and showing every step, says what is not saved, and the next good write carries the whole episode', async () => {
    const store = new MemoryStore();
    const run = await LiveRun.start(faultApiWorld, task, 'run-quota', tab(store, new SharedLocks()));
    await run.call(fetchPage());
    expect(run.snapshot.save).toEqual({ kind: 'saved' });

    store.failure = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    const seen = watch(run);
    expect(await run.call(fetchPage())).not.toBeNull();
    expect(await run.call(fetchPage())).not.toBeNull();
    expect(seen.map((s) => s.trace.steps.length)).toEqual([2, 3]);
    expect(run.snapshot.save).toEqual({ kind: 'failed', message: 'QuotaExceededError: The quota has been exceeded.', memoryOnly: false, savedSteps: 1 });
    expect(store.records.get('run-quota')!.trace.steps).toHaveLength(1);
    expect(unsavedRuns().find((u) => u.id === 'run-quota')?.trace.steps).toHaveLength(3);

    store.failure = null;
    await run.call(fetchPage());
    expect(run.snapshot.save).toEqual({ kind: 'saved' });
    expect(store.records.get('run-quota')!.trace).toEqual(run.trace);
    expect(run.trace.steps).toHaveLength(4);
    expect(unsavedRuns().find((u) => u.id === 'run-quota')).toBeUndefined();
  });

  it('starts and plays in memory when there is no storage at all', async () => {
    const store = new MemoryStore();
    store.failure = new StorageUnavailableError('IndexedDB is not available in this browser');
    const run = await LiveRun.start(faultApiWorld, task, 'run-nodb', tab(store, new SharedLocks()));
    await run.call(fetchPage());
    await run.revealHints();
    expect(run.trace.steps).toHaveLength(1);
    expect(run.trace.agent.hints).toBe(true);
    expect(run.trace.events.map((e) => [e.code, e.beforeStep])).toEqual([['hints-revealed', 1]]);
    expect(run.snapshot.save).toEqual({ kind: 'failed', message: 'IndexedDB is not available in this browser', memoryOnly: true, savedSteps: null });
    expect(unsavedRuns().find((u) => u.id === 'run-nodb')?.reason).toBe('not saved: in this tab only');
  });
});

describe('LiveRun: hints', () => {
  it('a run reopened from storage keeps when its hints were revealed', async () => {
    const store = new MemoryStore();
    const run = await LiveRun.start(faultApiWorld, task, 'run-hints', tab(store, new SharedLocks()));
    await run.call(fetchPage());
    await run.revealHints();
    await run.call(fetchPage());
    const again = await LiveRun.open(faultApiWorld, 'run-hints', tab(store, new SharedLocks()));
    expect(again.trace.events).toEqual(run.trace.events);
    expect(again.trace.events.map((e) => e.beforeStep)).toEqual([1]);
  });
});

describe('LiveRun: one writer per run', () => {
  it('a second tab looks only; taking over keeps the steps the first tab played meanwhile, and the first tab stops', async () => {
    const store = new MemoryStore();
    const locks = new SharedLocks();
    const a = await LiveRun.start(faultApiWorld, task, 'run-two', tab(store, locks));
    await a.call(fetchPage());
    await a.call(fetchPage());

    const b = await LiveRun.open(faultApiWorld, 'run-two', tab(store, locks));
    expect(b.snapshot.access).toEqual({ kind: 'reader', why: 'open-elsewhere' });
    expect(await b.call(fetchPage())).toBeNull();
    expect(b.trace.steps).toHaveLength(2);

    await a.call(fetchPage());
    const seenByA = watch(a);
    await b.takeOver();
    await flush();
    expect(b.snapshot.access).toEqual({ kind: 'writer' });
    expect(b.trace.steps).toHaveLength(3);
    expect(seenByA.at(-1)?.access).toEqual({ kind: 'reader', why: 'taken-over' });
    expect(await a.call(fetchPage())).toBeNull();
    expect(a.trace.steps).toHaveLength(3);

    await b.call(fetchPage());
    expect(store.records.get('run-two')!.trace.steps).toHaveLength(4);
  });

  it('without locks, the stale tab\u2019s write is refused, its step kept on screen and in a fork; the other tab\u2019s steps stay saved', async () => {
    const store = new MemoryStore();
    const a = await LiveRun.start(faultApiWorld, task, 'run-nolocks', tab(store, noLocks));
    await a.call(fetchPage());
    await a.call(fetchPage());
    const b = await LiveRun.open(faultApiWorld, 'run-nolocks', tab(store, noLocks));
    expect(b.snapshot.access).toEqual({ kind: 'writer' });
    await b.call(fetchPage('from-b'));

    expect(await a.call(fetchPage('from-a'))).not.toBeNull();
    expect(a.trace.steps.at(-1)!.call.arguments).toEqual({ cursor: 'from-a' });
    expect(a.snapshot.access).toEqual({ kind: 'reader', why: 'written-elsewhere' });
    expect(a.snapshot.save).toMatchObject({ kind: 'failed', message: 'another tab has saved 3 steps of this run since', savedSteps: 2 });
    expect(store.records.get('run-nolocks')!.trace.steps.at(-1)!.call.arguments).toEqual({ cursor: 'from-b' });

    const fork = await a.fork('run-fork');
    expect(fork.snapshot).toMatchObject({ access: { kind: 'writer' }, save: { kind: 'saved' } });
    expect(store.records.get('run-fork')!.trace.steps.map((s) => s.call)).toEqual(a.trace.steps.map((s) => s.call));
    expect(store.records.get('run-nolocks')!.trace.steps.at(-1)!.call.arguments).toEqual({ cursor: 'from-b' });
  });

  it('a finished run opened in a second tab is not held by it: nothing more is written to a finished run', async () => {
    const store = new MemoryStore();
    const locks = new SharedLocks();
    const a = await LiveRun.start(faultApiWorld, task, 'run-done', tab(store, locks));
    await a.giveUp();
    const b = await LiveRun.open(faultApiWorld, 'run-done', tab(store, locks));
    expect(b.finished).toBe(true);
    expect(b.snapshot.access).toEqual({ kind: 'writer' });
    expect(await locks.acquire('run-done', 'if-free')).not.toBeNull();
  });
});
