import { describe, expect, it } from 'vitest';
import { scriptedAgent, type Agent } from './agent';
import { Episode, runEpisode } from './episode';
import { NORMALISED } from './lenient';
import { HINTS_REVEALED, type Session, type Task, type ToolCall, type ToolSpec } from './types';
import type { World } from './world';

function counterWorld(opts: { throwAt?: number } = {}): World {
  const tool = (name: string): ToolSpec => ({ type: 'function', function: { name, description: name, parameters: { type: 'object', properties: {} } } });
  const task: Task = {
    world: 'counter',
    id: 'counter/1',
    title: 'count',
    seed: 1,
    spec: { id: 'c' },
    maxTurns: 3,
    prompt: [],
    tools: [tool('inc'), tool('finish')],
  };
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
    sentinelCeiling: null,
  };
}

const run = (world: World, agent: Agent, clock?: () => number) => runEpisode(world, world.listTasks()[0]!, agent, { clock });

describe('runEpisode', () => {
  it('terminates when the agent finishes', async () => {
    const trace = await run(
      counterWorld(),
      scriptedAgent('s', [
        { name: 'inc', arguments: {} },
        { name: 'finish', arguments: {} },
      ]),
    );
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
    const trace = await run(
      counterWorld({ throwAt: 1 }),
      scriptedAgent('s', [
        { name: 'inc', arguments: {} },
        { name: 'inc', arguments: {} },
      ]),
    );
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

  it('an agent reads the turns left, and calls it answered itself spend them: the budget stops it, truncated', async () => {
    const seen: number[] = [];
    const agent: Agent = {
      info: { kind: 'scripted', name: 'clumsy' },
      next: async ({ turnsLeft, steps }) => {
        seen.push(turnsLeft);
        return steps.length === 0 ? { type: 'call', call: { name: 'inc', arguments: {} } } : { type: 'unsent', detail: 'arguments did not parse' };
      },
    };
    const trace = await run(counterWorld(), agent);
    expect(seen).toEqual([3, 2, 1]);
    expect(trace.steps).toHaveLength(1);
    expect(trace.stop).toEqual({
      reason: 'budget',
      terminated: false,
      truncated: true,
      detail: 'turn budget of 3 calls used; 2 of them could not run and were answered by the agent',
    });
  });

  it("adds the agent's onEnd record to the trace's meta, once the episode has stopped", async () => {
    const agent: Agent = {
      ...scriptedAgent('s', [{ name: 'finish', arguments: {} }]),
      onEnd: ({ steps, stop }) => ({ agent_note: { steps: steps.length, stop: stop?.reason ?? null } }),
    };
    const trace = await run(counterWorld(), agent);
    expect(trace.meta).toEqual({ agent_note: { steps: 1, stop: 'submitted' } });
  });
});

describe('Episode', () => {
  const open = async (clock?: () => number) => {
    const world = counterWorld();
    return Episode.open(world, world.listTasks()[0]!, { kind: 'human', name: 'you', hints: false }, { clock });
  };

  it("takes the caller's duration for a step over its own clock, and never needs it patched afterwards", async () => {
    let t = 0;
    const episode = await open(() => (t += 5));
    const step = await episode.apply({ name: 'inc', arguments: {} }, { durationMs: 1234 });
    const timed = await episode.apply({ name: 'inc', arguments: {} });
    expect([step?.durationMs, timed?.durationMs]).toEqual([1234, 5]);
    expect((await episode.toTrace()).steps.map((s) => s.durationMs)).toEqual([1234, 5]);
  });

  it('records hints revealed as an episode event where they happened, once, and not after the end', async () => {
    const episode = await open();
    await episode.apply({ name: 'inc', arguments: {} });
    episode.revealHints();
    episode.revealHints();
    expect(episode.agent.hints).toBe(true);
    const trace = await episode.toTrace();
    expect(trace.agent.hints).toBe(true);
    expect(trace.events).toEqual([expect.objectContaining({ code: HINTS_REVEALED, kind: 'info', layer: null, beforeStep: 1 })]);

    const ended = await open();
    ended.end({ reason: 'abandoned', terminated: false, truncated: false });
    ended.revealHints();
    expect((await ended.toTrace()).events).toEqual([]);
  });

  it('stays stopped: no step and no turn after a stop', async () => {
    const episode = await open();
    await episode.apply({ name: 'finish', arguments: {} });
    expect(await episode.apply({ name: 'inc', arguments: {} })).toBeNull();
    episode.spendUnsent();
    expect(episode.turnsLeft).toBe(2);
    expect(episode.stop?.reason).toBe('submitted');
  });

  it('reads every call leniently before the session sees it: the session gets the tool’s own name, the step keeps the call as sent', async () => {
    const seen: ToolCall[] = [];
    const base = counterWorld();
    const world: World = {
      ...base,
      open: async (t) => {
        const s = await base.open(t);
        return { ...s, call: (c) => (seen.push(c), s.call(c)) };
      },
    };
    const episode = await Episode.open(world, world.listTasks()[0]!, { kind: 'scripted', name: 's' });
    const step = await episode.apply({ name: 'mcp__counter__Inc', arguments: '{}' });
    expect(seen).toEqual([{ name: 'inc', arguments: {} }]);
    expect(step?.call).toEqual({ name: 'mcp__counter__Inc', arguments: '{}' });
    expect(step?.events).toEqual([expect.objectContaining({ code: NORMALISED, data: { tool: 'inc', called: 'mcp__counter__Inc', parsed_arguments: true } })]);
  });

  it('refuses a call it cannot read without the session running it: the default refusal, or the session’s own', async () => {
    const seen: string[] = [];
    const base = counterWorld();
    const withRefuse = (refuse?: Session['refuse']): World => ({
      ...base,
      open: async (t) => {
        const s = await base.open(t);
        return { ...s, call: (c) => (seen.push(c.name), s.call(c)), ...(refuse ? { refuse } : {}) };
      },
    });
    const plain = await Episode.open(withRefuse(), base.listTasks()[0]!, { kind: 'scripted', name: 's' });
    const step = await plain.apply({ name: 'drop', arguments: {} });
    expect(step?.result).toEqual({
      ok: false,
      content: JSON.stringify({ error: 'unknown_tool', message: 'unknown tool "drop"; the tools are inc and finish' }),
      done: false,
    });
    expect(step?.events).toEqual([{ code: 'unknown_tool', kind: 'error', layer: null, message: 'unknown tool "drop"; the tools are inc and finish' }]);
    const own = await Episode.open(
      withRefuse((r) => ({ ok: false, content: r.code, done: false, events: [{ code: r.code, kind: 'error', layer: 'recovery', message: r.message }] })),
      base.listTasks()[0]!,
      { kind: 'scripted', name: 's' },
    );
    expect((await own.apply({ name: 'drop', arguments: {} }))?.events[0]?.layer).toBe('recovery');
    expect(seen).toEqual([]);
    expect(own.turnsLeft).toBe(2);
  });
});
