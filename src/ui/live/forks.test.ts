import { afterEach, describe, expect, it } from 'vitest';
import { mockConfig } from '../../agents/testing/helpers';
import { startMockServer, type MockServer } from '../../agents/testing/mockServer';
import { runEpisode } from '../../core/episode';
import type { Trace } from '../../core/types';
import { traceHash } from '../../traces/fork';
import { faultApiWorld } from '../../worlds/fault-api/index';
import { carefulSolver, stubbornSolver } from '../../worlds/fault-api/solvers';
import { continueAsReference, offerFork, offeredFork, openForkOf, type ForkOrigin } from './forks';
import { HUMAN, HumanDriver } from './humanDriver';
import { ModelDriver } from './modelDriver';
import { MemoryStore, SharedLocks, tabDeps, UnsavedMemory } from './testing';

const made = faultApiWorld.makeTask({ profile: 'hostile', seed: 6 });
if (!made.ok) throw new Error(made.error);
const task = made.value;

let server: MockServer | undefined;
afterEach(() => server?.close());

async function stubbornOrigin(): Promise<ForkOrigin> {
  const trace = await runEpisode(faultApiWorld, task, stubbornSolver());
  return { name: 'model-parent', href: '#/trace/model-parent', trace };
}

describe('continuing a recorded episode from a step', () => {
  it('as a person: a new run keeping the parent’s first steps, its parent in meta.parent, kept when the run is reopened', async () => {
    const origin = await stubbornOrigin();
    const store = new MemoryStore();
    const deps = tabDeps(store, new SharedLocks(), new UnsavedMemory());
    const run = await HumanDriver.adopt(faultApiWorld, await openForkOf(faultApiWorld, origin, 3, { ...HUMAN }), 'run-fork', deps, () => 0);
    const parent = { trace: 'model-parent', hash: traceHash(origin.trace), step: 3, href: '#/trace/model-parent' };
    expect(run.live.trace.steps.map((s) => s.result.content)).toEqual(origin.trace.steps.slice(0, 3).map((s) => s.result.content));
    expect(run.live.trace.meta?.parent).toEqual(parent);
    expect(store.records.get('run-fork')!.trace.meta?.parent).toEqual(parent);
    await run.call(origin.trace.steps[3]!.call);
    await run.live.close();
    const reopened = await HumanDriver.restore(faultApiWorld, 'run-fork', deps, () => 0);
    expect(reopened.live.trace.steps).toHaveLength(4);
    expect(reopened.live.trace.meta?.parent).toEqual(parent);
    await reopened.call(origin.trace.steps[4]!.call);
    expect(store.records.get('run-fork')!.trace.meta?.parent).toEqual(parent);
  });

  it('as the model: the kept calls are replayed, the model sees them as its own, and the saved run names its parent', async () => {
    const origin = await stubbornOrigin();
    const reference = await runEpisode(faultApiWorld, task, carefulSolver());
    const calls = reference.steps.slice(3);
    server = await startMockServer({
      respond: calls.map((s, i) => ({ kind: 'tool-calls', calls: [{ name: s.call.name, arguments: s.call.arguments, id: `c${i}` }] })),
    });
    const store = new MemoryStore();
    const id = offerFork(origin, 3);
    const offered = offeredFork(id)!;
    expect(offered.step).toBe(3);
    const driver = await ModelDriver.openFork(faultApiWorld, (agent) => openForkOf(faultApiWorld, offered.origin, offered.step, agent), mockConfig(server), {
      deps: tabDeps(store, new SharedLocks(), new UnsavedMemory()),
      id: 'model-fork',
      remember: () => undefined,
    });
    expect(server.requests).toHaveLength(0);
    await driver.run();
    const saved: Trace = store.records.get('model-fork')!.trace;
    expect(saved.agent).toMatchObject({ kind: 'model', model: 'mock-model' });
    expect(saved.meta?.parent).toMatchObject({ trace: 'model-parent', step: 3 });
    expect(saved.steps.slice(0, 3).map((s) => s.result.content)).toEqual(origin.trace.steps.slice(0, 3).map((s) => s.result.content));
    const first = (server.completions()[0]!.body as { messages: { role: string; tool_call_id?: string }[] }).messages;
    expect(first.filter((m) => m.role === 'tool').map((m) => m.tool_call_id)).toEqual(['vp_prior_1', 'vp_prior_2', 'vp_prior_3']);
  });

  it('as a reference agent: the careful solver continues the stubborn run to a pass; a fork of a finished episode is refused', async () => {
    const origin = await stubbornOrigin();
    expect(origin.trace.scorecard!.verdict.full).toBe('FAIL');
    const child = await continueAsReference(faultApiWorld, origin, 3, 'careful');
    expect(child.scorecard!.verdict.full).toBe('PASS');
    expect(child.meta?.parent).toMatchObject({ trace: 'model-parent', step: 3 });
    await expect(continueAsReference(faultApiWorld, origin, origin.trace.steps.length, 'careful')).rejects.toThrow(/had ended after step/);
    await expect(continueAsReference(faultApiWorld, origin, 1, 'nobody')).rejects.toThrow('fault-api has no reference agent "nobody"');
  });
});
