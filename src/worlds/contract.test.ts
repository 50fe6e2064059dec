import { describe, expect, it } from 'vitest';
import { scriptedAgent } from '../core/agent';
import { Episode, runEpisode } from '../core/episode';
import { verifyTrace } from '../traces/replay';
import { WORLDS } from './registry';
// The fixture worlds too: a world is its folder, and generic code serves any registered one.
import './testing/register';

/**
 * The world contract, checked the same way for every registered world: same
 * task + same calls → byte-identical trace; a recorded trace replays exactly;
 * a task spec names its task; a turn budget in the spec is honoured and replays.
 */
describe.each(WORLDS.map((w) => [w.id, w] as const))('world contract: %s', (_id, world) => {
  const tasks = world.listTasks().slice(0, 3);

  it('every reference agent: two runs are byte-identical, and the trace replays as a match', async () => {
    for (const task of tasks)
      for (const ref of world.referenceAgents.filter((a) => a.appliesTo(task))) {
        const a = await runEpisode(world, task, ref.create(task));
        const b = await runEpisode(world, task, ref.create(task));
        expect(JSON.stringify(b), `${ref.id} on ${task.id}`).toBe(JSON.stringify(a));
        const replay = await verifyTrace(world, a);
        expect(replay.ok && replay.value.status, `${ref.id} on ${task.id}`).toBe('match');
      }
  });

  it('the state its sessions report is plain JSON: what viewers and trace tools read without knowing the world', async () => {
    const task = tasks[0]!;
    const oracle = world.referenceAgents.find((a) => a.role === 'oracle' && a.appliesTo(task))!;
    const trace = await runEpisode(world, task, oracle.create(task));
    const episode = await Episode.open(world, task, trace.agent);
    try {
      for (const s of trace.steps) await episode.apply(s.call);
      const state = await episode.snapshot();
      expect(JSON.parse(JSON.stringify(state))).toStrictEqual(state);
      expect(await episode.scorecard()).toEqual(trace.scorecard);
      for (const n of Object.values(world.describeState?.(state) ?? {})) expect(Number.isFinite(n)).toBe(true);
    } finally {
      await episode.close();
    }
  });

  it('a task spec names its task exactly', () => {
    for (const task of world.listTasks()) {
      const again = world.makeTask(task.spec);
      expect(again.ok && again.value.id).toBe(task.id);
      expect(again.ok && again.value.spec).toEqual(task.spec);
    }
  });

  it('max_turns in the spec sets the budget, and a run it truncates replays as a match', async () => {
    const made = world.makeTask({ ...tasks[0]!.spec, max_turns: 2 });
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    expect(made.value.maxTurns).toBe(2);
    const tool = made.value.tools[0]!.function.name;
    const trace = await runEpisode(
      world,
      made.value,
      scriptedAgent(
        'loop',
        Array.from({ length: 5 }, () => ({ name: tool, arguments: {} })),
      ),
    );
    expect(trace.steps).toHaveLength(2);
    expect(trace.stop).toMatchObject({ reason: 'budget', truncated: true });
    const replay = await verifyTrace(world, trace);
    expect(replay.ok && replay.value.status).toBe('match');
    expect(world.makeTask({ ...tasks[0]!.spec, max_turns: 0 }).ok).toBe(false);
  });
});
