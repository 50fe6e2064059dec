import { describe, expect, it } from 'vitest';
import { runEpisode } from '../../core/episode';
import { canonicalJson } from '../../core/json';
import { verifyTrace } from '../../traces/replay';
import { webPortalWorld as world } from './index';
import { perform } from './perform';
import { webPortalProbe } from './probe';
import { WebPortalSession } from './session';
import { setupOfTask } from './tasks';
import type { PortalState } from './state';

describe('web-portal determinism', () => {
  it('every reference agent on every task: two runs are byte-identical and replay as a match', async () => {
    for (const task of world.listTasks())
      for (const ref of world.referenceAgents.filter((a) => a.appliesTo(task))) {
        const a = await runEpisode(world, task, ref.create(task));
        const b = await runEpisode(world, task, ref.create(task));
        expect(JSON.stringify(b), `${ref.id} on ${task.id}`).toBe(JSON.stringify(a));
        expect(canonicalJson(b)).toBe(canonicalJson(a));
        const replay = await verifyTrace(world, a);
        expect(replay.ok && replay.value.status, `${ref.id} on ${task.id}`).toBe('match');
      }
  });

  it('the probe a browser will be compared with gives the same text twice, and covers every agent of both tasks', async () => {
    const a = await webPortalProbe();
    expect(await webPortalProbe()).toEqual(a);
    expect(Object.keys(a)).toContain('oracle@refund-declined');
    expect(Object.keys(a)).toContain('the-peeker@refund-status');
    expect(Object.keys(a).length).toBeGreaterThan(20);
  });

  it('keeps its whole state as plain JSON: a state sent through JSON (a Worker, a store, storage) plays on identically', async () => {
    const task = world.makeTask({ id: 'refund-a' });
    if (!task.ok) throw new Error(task.error);
    const trace = await runEpisode(world, task.value, world.referenceAgents[0]!.create(task.value));
    let state: PortalState = new WebPortalSession(task.value, setupOfTask(task.value)).current();
    for (const step of trace.steps) {
      state = JSON.parse(JSON.stringify(state)) as PortalState;
      const out = perform(state, step.call);
      expect(out.content, `step ${step.index}`).toBe(step.result.content);
      expect(out.events, `step ${step.index}`).toEqual(step.events);
      state = out.state;
    }
  });
});
