import { describe, expect, it } from 'vitest';
import { runEpisode } from '../core/episode';
import { firstDisagreement } from '../core/readings';
import type { World } from '../core/world';
import { WORLDS } from '../worlds/registry';
import { readPrefixes } from './readings';

const world = (id: string): World => WORLDS.find((w) => w.id === id)!;

async function referenceTrace(worldId: string, agentId: string) {
  const w = world(worldId);
  const agent = w.referenceAgents.find((a) => a.id === agentId)!;
  const task = w.listTasks().find((t) => agent.appliesTo(t))!;
  return runEpisode(w, task, agent.create(task));
}

describe('readings of every prefix of a trace', () => {
  it.each([
    // The tripwire gotchas split on the step that answers: the answer is right, the path is not.
    ['tripwire', 'the-peeker', 2],
    ['tripwire', 'the-skipper', 4],
    ['tripwire', 'the-fabricator', 3],
    // The hold-writer's writes agree with the naive check until its extra write lands.
    ['ticket-queue', 'hold-writer', 12],
  ])('%s %s splits after %i calls', async (worldId, agentId, split) => {
    const trace = await referenceTrace(worldId, agentId);
    const readings = await readPrefixes(world(worldId), trace);
    if (!readings.ok) throw new Error(readings.error);
    expect(readings.value).toHaveLength(trace.steps.length + 1);
    expect(firstDisagreement(readings.value)).toBe(split);
    // The last reading is the recorded scorecard's: the whole trace with its stop.
    expect(readings.value.at(-1)).toEqual({
      naive: trace.scorecard!.naive,
      full: trace.scorecard!.reward,
      naiveVerdict: trace.scorecard!.verdict.naive,
      fullVerdict: trace.scorecard!.verdict.full,
    });
  });

  it('has no split where both readings agree throughout (a careful solver)', async () => {
    const w = world('fault-api');
    const solver = w.referenceAgents.find((a) => a.role === 'solver')!;
    const task = w.listTasks().find((t) => solver.appliesTo(t))!;
    const trace = await runEpisode(w, task, solver.create(task));
    const readings = await readPrefixes(w, trace);
    if (!readings.ok) throw new Error(readings.error);
    expect(trace.scorecard!.verdict.full).toBe('PASS');
    expect(firstDisagreement(readings.value)).toBeNull();
  });

  it('refuses a trace whose task the world does not take', async () => {
    const trace = await referenceTrace('tripwire', 'the-peeker');
    const readings = await readPrefixes(world('tripwire'), { ...trace, task: { id: 'no-such-task' } });
    expect(readings.ok).toBe(false);
  });
});
