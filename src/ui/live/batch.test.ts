import { describe, expect, it } from 'vitest';
import type { Agent } from '../../core/agent';
import { ok, err } from '../../core/result';
import { runBatch } from '../../agents/batch';
import { faultApiWorld } from '../../worlds/fault-api/index';
import { TASKS_BY_ID } from '../worlds/taskVocabulary';
import { BatchController, type BatchDeps } from './batch';
import { MemoryStore, UnsavedMemory } from './testing';

const byProfile = { ...TASKS_BY_ID, key: (t: { spec: { profile?: unknown } }) => String(t.spec.profile), poolSeeds: true };
const endpoint = ok({ maxTurns: 40 });

function controller(keys = ['clean', 'hostile']) {
  return new BatchController(faultApiWorld, byProfile, { keys: new Set(keys), seeds: '1-2', rollouts: '2', concurrency: '2', mode: 'pooled' });
}

function deps(store = new MemoryStore(), unsaved = new UnsavedMemory(), makeAgent?: BatchDeps['makeAgent']): BatchDeps {
  let n = 0;
  const careful = faultApiWorld.referenceAgents.find((a) => a.role === 'oracle')!;
  return {
    run: runBatch,
    makeAgent: makeAgent ?? ((task) => careful.create(task)),
    store,
    unsaved,
    newId: () => `model-${++n}`,
    now: () => 7,
    describeError: (e) => (e instanceof Error ? e.message : String(e)),
  };
}

/** An agent that waits for the batch's cancel, as a model request in flight does. */
const hanging = (_task: unknown, signal: AbortSignal): Agent => ({
  info: { kind: 'model', name: 'hanging' },
  next: () =>
    new Promise((_, reject) => {
      if (signal.aborted) reject(new Error('aborted'));
      signal.addEventListener('abort', () => reject(new Error('aborted')));
    }),
});

describe('BatchController: a model batch outside React', () => {
  it('plans tasks × seeds × rollouts, and says what to fix first', () => {
    const c = controller();
    const plan = c.plan(endpoint);
    expect(plan.ok && plan.tasks.map((t) => [t.spec.profile, t.seed, t.maxTurns])).toEqual([
      ['clean', 1, 40],
      ['clean', 2, 40],
      ['hostile', 1, 40],
      ['hostile', 2, 40],
    ]);
    expect(plan.total).toBe(8);
    expect(c.plan(err('no base URL'))).toMatchObject({ ok: false, problem: 'fix the endpoint settings first: no base URL' });
    c.edit({ rollouts: '0' });
    expect(c.plan(endpoint)).toMatchObject({ ok: false, problem: 'rollouts per task must be a positive whole number', total: 0 });
    c.edit({ rollouts: '1', concurrency: 'two' });
    expect(c.plan(endpoint)).toMatchObject({ ok: false, problem: 'concurrency must be a positive whole number', total: 4 });
    c.toggle('clean', false);
    c.toggle('hostile', false);
    expect(c.plan(endpoint)).toMatchObject({ ok: false, problem: 'pick at least one task' });
  });

  it('runs every rollout, saves each as it finishes, and reports the outcome', async () => {
    const c = controller();
    const store = new MemoryStore();
    await c.start(c.plan(endpoint), deps(store));
    const s = c.store.getState();
    expect(s.runs).toHaveLength(8);
    expect(s.outcome).toEqual({ cancelled: 0, failed: [] });
    expect(s.progress).toMatchObject({ done: 8, total: 8, running: 0 });
    expect(s.saveError).toBeNull();
    await Promise.resolve();
    expect([...store.records.keys()].sort()).toEqual(s.runs.map((r) => r.id).sort());
    expect(store.records.get(s.runs[0]!.id)).toMatchObject({ savedAt: 7, finished: true });
    expect(s.runs.every((r) => r.trace.scorecard?.reward === 1)).toBe(true);
  });

  it('a save that fails keeps the run in the unsaved list and says why; the table still has it', async () => {
    const c = controller(['clean']);
    const store = new MemoryStore();
    store.failure = new Error('QuotaExceededError: the disk is full');
    const unsaved = new UnsavedMemory();
    await c.start(c.plan(endpoint), deps(store, unsaved));
    await new Promise((r) => setTimeout(r, 0));
    const s = c.store.getState();
    expect(s.runs).toHaveLength(4);
    expect(s.saveError).toBe('QuotaExceededError: the disk is full');
    expect([...unsaved.runs.values()].map((r) => r.reason)).toEqual(['not saved', 'not saved', 'not saved', 'not saved']);
    expect(store.records.size).toBe(0);
  });

  it('cancel stops the rollouts in flight and keeps none of them; the form is locked while it runs', async () => {
    const c = controller(['clean']);
    const store = new MemoryStore();
    const done = c.start(c.plan(endpoint), deps(store, new UnsavedMemory(), hanging));
    expect(c.running).toBe(true);
    c.edit({ seeds: '9' });
    expect(c.store.getState().form.seeds).toBe('1-2');
    c.cancel();
    await done;
    const s = c.store.getState();
    expect(s.outcome?.cancelled).toBe(4);
    expect(s.runs).toEqual([]);
    expect(store.records.size).toBe(0);
    expect(c.running).toBe(false);
  });
});
