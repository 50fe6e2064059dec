import { describe, expect, it } from 'vitest';
import { scriptedAgent, type Agent } from './agent';
import { runEpisode } from './episode';
import type { Session, Task } from './types';
import type { World } from './world';

function counterWorld(opts: { throwAt?: number } = {}): World {
  const task: Task = { world: 'counter', id: 'counter/1', title: 'count', seed: 1, spec: { id: 'c' }, maxTurns: 3, prompt: [], tools: [] };
  return {
    id: 'counter',
    title: 'counter',
    summary: '',
    makeTask: () => ({ ok: true, value: task }),
    listTasks: () => [task],
    open: async (t): Promise<Session> => {
      let n = 0;
      return {
        task: t,
        call: async (c) => {
          if (opts.throwAt === n) throw new Error('disk on fire');
          n++;
          return { ok: true, content: String(n), done: c.name === 'finish', events: [] };
        },
        snapshot: async () => ({ n }),
        close: async () => {},
      };
    },
    rubric: { layers: [{ id: 'n', label: 'n', weight: 1, score: (ep) => ({ value: Number(ep.state.n) / 2, reasons: [] }) }], naive: () => 1 },
    referenceAgents: [],
  };
}

const run = (world: World, agent: Agent, clock?: () => number) => runEpisode(world, world.listTasks()[0]!, agent, { clock });

describe('runEpisode', () => {
  it('terminates when the agent finishes', async () => {
    const trace = await run(counterWorld(), scriptedAgent('s', [{ name: 'inc', arguments: {} }, { name: 'finish', arguments: {} }]));
    expect(trace.stop).toEqual({ reason: 'submitted', terminated: true, truncated: false });
    expect(trace.scorecard?.reward).toBe(1);
  });

  it('truncates when the turn budget runs out', async () => {
    const calls = Array.from({ length: 5 }, () => ({ name: 'inc', arguments: {} }));
    const trace = await run(counterWorld(), scriptedAgent('s', calls));
    expect(trace.steps).toHaveLength(3);
    expect(trace.stop).toMatchObject({ reason: 'budget', terminated: false, truncated: true });
  });

  it('records an agent that throws as agent-error, keeping the steps taken', async () => {
    let i = 0;
    const agent: Agent = {
      info: { kind: 'scripted', name: 'flaky' },
      next: async () => {
        if (i++ === 1) throw new Error('model went away');
        return { type: 'call', call: { name: 'inc', arguments: {} } };
      },
    };
    const trace = await run(counterWorld(), agent);
    expect(trace.steps).toHaveLength(1);
    expect(trace.stop).toMatchObject({ reason: 'agent-error', detail: 'model went away' });
  });

  it('records a session that throws as world-error', async () => {
    const trace = await run(counterWorld({ throwAt: 1 }), scriptedAgent('s', [{ name: 'inc', arguments: {} }, { name: 'inc', arguments: {} }]));
    expect(trace.stop).toMatchObject({ reason: 'world-error', detail: 'disk on fire' });
    expect(trace.steps).toHaveLength(1);
  });

  it('stamps durations only when a clock is injected', async () => {
    let t = 0;
    const calls = [{ name: 'finish', arguments: {} }];
    const timed = await run(counterWorld(), scriptedAgent('s', calls), () => (t += 5));
    const untimed = await run(counterWorld(), scriptedAgent('s', calls));
    expect(timed.steps[0]!.durationMs).toBe(5);
    expect(untimed.steps[0]!.durationMs).toBeUndefined();
  });
});
