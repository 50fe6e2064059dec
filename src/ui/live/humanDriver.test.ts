import { describe, expect, it } from 'vitest';
import type { ToolCall } from '../../core/types';
import { faultApiWorld } from '../../worlds/fault-api/index';
import { StaleWriteError, StorageUnavailableError } from '../lib/storageErrors';
import { HumanDriver } from './humanDriver';
import { MemoryStore, noLocks, SharedLocks, tabDeps, UnsavedMemory } from './testing';
import type { EpisodeState } from './types';
import type { HumanState } from './humanDriver';

const task = (() => {
  const t = faultApiWorld.makeTask({ profile: 'clean', seed: 2 });
  if (!t.ok) throw new Error(t.error);
  return t.value;
})();

const fetchPage = (cursor: string | null = null): ToolCall => ({ name: 'fetch_page', arguments: { cursor } });
const flush = () => new Promise((r) => setTimeout(r, 0));
/** A monotonic clock the test moves. */
function stopwatch() {
  let t = 1000;
  return { now: () => t, wait: (ms: number) => void (t += ms) };
}

function watch(run: HumanDriver): EpisodeState<HumanState>[] {
  const seen: EpisodeState<HumanState>[] = [];
  run.live.store.subscribe((s) => seen.push(s));
  return seen;
}

describe('a person’s run: a write that fails', () => {
  it('keeps playing and showing every step, says what is not saved, and the next good write carries the whole episode', async () => {
    const store = new MemoryStore();
    const unsaved = new UnsavedMemory();
    const run = await HumanDriver.start(faultApiWorld, task, 'run-quota', tabDeps(store, new SharedLocks(), unsaved), stopwatch().now);
    await run.call(fetchPage());
    expect(run.live.state.save).toEqual({ kind: 'saved' });

    store.failure = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    const seen = watch(run);
    expect(await run.call(fetchPage())).not.toBeNull();
    expect(await run.call(fetchPage())).not.toBeNull();
    expect([...new Set(seen.map((s) => s.trace.steps.length))]).toEqual([1, 2, 3]);
    expect(run.live.state.save).toEqual({ kind: 'failed', message: 'QuotaExceededError: The quota has been exceeded.', memoryOnly: false, savedSteps: 1 });
    expect(store.records.get('run-quota')!.trace.steps).toHaveLength(1);
    expect(unsaved.runs.get('run-quota')?.trace.steps).toHaveLength(3);

    store.failure = null;
    await run.call(fetchPage());
    expect(run.live.state.save).toEqual({ kind: 'saved' });
    expect(store.records.get('run-quota')!.trace).toEqual(run.live.trace);
    expect(run.live.trace.steps).toHaveLength(4);
    expect(unsaved.runs.has('run-quota')).toBe(false);
  });

  it('starts and plays in memory when there is no storage at all', async () => {
    const store = new MemoryStore();
    const unsaved = new UnsavedMemory();
    store.failure = new StorageUnavailableError('IndexedDB is not available in this browser');
    const run = await HumanDriver.start(faultApiWorld, task, 'run-nodb', tabDeps(store, new SharedLocks(), unsaved), stopwatch().now);
    await run.call(fetchPage());
    await run.revealHints();
    expect(run.live.trace.steps).toHaveLength(1);
    expect(run.live.trace.agent.hints).toBe(true);
    expect(run.live.trace.events.map((e) => [e.code, e.beforeStep])).toEqual([['hints-revealed', 1]]);
    expect(run.live.state.save).toEqual({ kind: 'failed', message: 'IndexedDB is not available in this browser', memoryOnly: true, savedSteps: null });
    expect(unsaved.runs.get('run-nodb')?.reason).toBe('not saved: in this tab only');
  });

  it('a stale write is refused by the store’s lease, not thrown', async () => {
    const store = new MemoryStore();
    const run = await HumanDriver.start(faultApiWorld, task, 'run-stale', tabDeps(store, noLocks), stopwatch().now);
    store.failure = new StaleWriteError('run-stale', 5);
    expect(await run.call(fetchPage())).not.toBeNull();
    expect(run.live.state.access).toEqual({ kind: 'reader', why: 'written-elsewhere' });
    expect(await run.call(fetchPage())).toBeNull();
  });
});

describe('a person’s run: one writer per run', () => {
  it('a second tab looks only; taking over keeps the steps the first tab played meanwhile, and the first tab stops', async () => {
    const store = new MemoryStore();
    const locks = new SharedLocks();
    const a = await HumanDriver.start(faultApiWorld, task, 'run-two', tabDeps(store, locks), stopwatch().now);
    await a.call(fetchPage());
    await a.call(fetchPage());

    const b = await HumanDriver.restore(faultApiWorld, 'run-two', tabDeps(store, locks), stopwatch().now);
    expect(b.live.state.access).toEqual({ kind: 'reader', why: 'open-elsewhere' });
    expect(await b.call(fetchPage())).toBeNull();
    expect(b.live.trace.steps).toHaveLength(2);

    await a.call(fetchPage());
    const seenByA = watch(a);
    await b.takeOver();
    await flush();
    expect(b.live.state.access).toEqual({ kind: 'writer' });
    expect(b.live.trace.steps).toHaveLength(3);
    expect(seenByA.at(-1)?.access).toEqual({ kind: 'reader', why: 'taken-over' });
    expect(await a.call(fetchPage())).toBeNull();
    expect(a.live.trace.steps).toHaveLength(3);

    await b.call(fetchPage());
    expect(store.records.get('run-two')!.trace.steps).toHaveLength(4);
  });

  it('without locks, the stale tab’s write is refused, its step kept on screen and in a fork; the other tab’s steps stay saved', async () => {
    const store = new MemoryStore();
    const a = await HumanDriver.start(faultApiWorld, task, 'run-nolocks', tabDeps(store, noLocks), stopwatch().now);
    await a.call(fetchPage());
    await a.call(fetchPage());
    const b = await HumanDriver.restore(faultApiWorld, 'run-nolocks', tabDeps(store, noLocks), stopwatch().now);
    expect(b.live.state.access).toEqual({ kind: 'writer' });
    await b.call(fetchPage('from-b'));

    expect(await a.call(fetchPage('from-a'))).not.toBeNull();
    expect(a.live.trace.steps.at(-1)!.call.arguments).toEqual({ cursor: 'from-a' });
    expect(a.live.state.access).toEqual({ kind: 'reader', why: 'written-elsewhere' });
    expect(a.live.state.save).toMatchObject({ kind: 'failed', message: 'another tab has saved 3 steps of this run since', savedSteps: 2 });
    expect(store.records.get('run-nolocks')!.trace.steps.at(-1)!.call.arguments).toEqual({ cursor: 'from-b' });

    const fork = await a.fork('run-fork');
    expect(fork.live.state).toMatchObject({ access: { kind: 'writer' }, save: { kind: 'saved' } });
    expect(store.records.get('run-fork')!.trace.steps.map((s) => s.call)).toEqual(a.live.trace.steps.map((s) => s.call));
    expect(store.records.get('run-nolocks')!.trace.steps.at(-1)!.call.arguments).toEqual({ cursor: 'from-b' });
  });

  it('a finished run is not held by any tab: nothing more is written to it', async () => {
    const store = new MemoryStore();
    const locks = new SharedLocks();
    const a = await HumanDriver.start(faultApiWorld, task, 'run-done', tabDeps(store, locks), stopwatch().now);
    expect(locks.isHeld('run-done')).toBe(true);
    await a.giveUp();
    expect(locks.isHeld('run-done')).toBe(false);
    const b = await HumanDriver.restore(faultApiWorld, 'run-done', tabDeps(store, locks), stopwatch().now);
    expect(b.live.finished).toBe(true);
    expect(b.live.state.access).toEqual({ kind: 'writer' });
    expect(locks.isHeld('run-done')).toBe(false);
    const writes = store.writes;
    expect(await b.call(fetchPage())).toBeNull();
    await b.giveUp();
    expect(store.writes).toBe(writes);
  });
});

describe('a person’s run: steps and states', () => {
  it('carries the page clock’s start and end in meta (what an export writes as the run’s times), kept when reopened', async () => {
    const store = new MemoryStore();
    let wall = Date.UTC(2026, 2, 4, 10, 0, 0);
    const deps = { ...tabDeps(store, new SharedLocks()), now: () => wall };
    const run = await HumanDriver.start(faultApiWorld, task, 'run-wall', deps, stopwatch().now);
    wall += 65_000;
    await run.call(fetchPage());
    expect(run.live.trace.meta).toMatchObject({ started_at: '2026-03-04T10:00:00.000Z' });
    expect(run.live.trace.meta?.ended_at).toBeUndefined();
    await run.giveUp();
    expect(store.records.get('run-wall')!.trace.meta).toMatchObject({ started_at: '2026-03-04T10:00:00.000Z', ended_at: '2026-03-04T10:01:05.000Z' });
    wall += 3_600_000;
    const again = await HumanDriver.restore(faultApiWorld, 'run-wall', { ...deps, now: () => wall }, stopwatch().now);
    expect(again.live.trace.meta).toMatchObject({ started_at: '2026-03-04T10:00:00.000Z', ended_at: '2026-03-04T10:01:05.000Z' });
  });

  it('records the time taken on each step as it is appended, and keeps it through a reload', async () => {
    const store = new MemoryStore();
    const clock = stopwatch();
    const run = await HumanDriver.start(faultApiWorld, task, 'run-time', tabDeps(store, new SharedLocks()), clock.now);
    clock.wait(2500);
    await run.call(fetchPage());
    clock.wait(400);
    await run.call(fetchPage());
    expect(run.live.trace.steps.map((s) => s.durationMs)).toEqual([2500, 400]);
    expect(store.records.get('run-time')!.trace.steps.map((s) => s.durationMs)).toEqual([2500, 400]);
    await run.live.close();
    const again = await HumanDriver.restore(faultApiWorld, 'run-time', tabDeps(store, new SharedLocks()), clock.now);
    expect(again.live.trace.steps).toEqual(run.live.trace.steps);
  });

  it('a run reopened from storage keeps when its hints were revealed', async () => {
    const store = new MemoryStore();
    const run = await HumanDriver.start(faultApiWorld, task, 'run-hints', tabDeps(store, new SharedLocks()), stopwatch().now);
    await run.call(fetchPage());
    await run.revealHints();
    await run.call(fetchPage());
    await run.live.close();
    const again = await HumanDriver.restore(faultApiWorld, 'run-hints', tabDeps(store, new SharedLocks()), stopwatch().now);
    expect(again.live.trace.events).toEqual(run.live.trace.events);
    expect(again.live.trace.events.map((e) => e.beforeStep)).toEqual([1]);
  });

  it('every step’s state comes from the live session: stepping back through a played run replays nothing', async () => {
    const run = await HumanDriver.start(faultApiWorld, task, 'run-states', tabDeps(new MemoryStore(), new SharedLocks()), stopwatch().now);
    for (let i = 0; i < 4; i++) await run.call(fetchPage());
    await run.giveUp();
    for (let k = 4; k >= 0; k--) await run.live.states.at(k);
    expect(run.live.states.sessionsOpened).toBe(0);
    expect((await run.live.states.at(4)).scorecard).toEqual(run.live.trace.scorecard);
    expect((await run.live.states.at(4)).scorecard.final).toBe(true);
    expect((await run.live.states.at(2)).view.requests).toBe(2);
  });

  it('a restored run shows its last state at once and replays once for the steps before it', async () => {
    const store = new MemoryStore();
    const a = await HumanDriver.start(faultApiWorld, task, 'run-back', tabDeps(store, new SharedLocks()), stopwatch().now);
    for (let i = 0; i < 3; i++) await a.call(fetchPage());
    await a.live.close();
    const b = await HumanDriver.restore(faultApiWorld, 'run-back', tabDeps(store, new SharedLocks()), stopwatch().now);
    expect(b.live.states.peek(3)?.view.requests).toBe(3);
    for (let k = 2; k >= 0; k--) expect((await b.live.states.at(k)).view.requests).toBe(k);
    expect(b.live.states.sessionsOpened).toBe(1);
  });
});
