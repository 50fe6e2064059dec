import { describe, expect, it } from 'vitest';
import { scriptedAgent } from '../../core/agent';
import { Episode, runEpisode } from '../../core/episode';
import type { AgentInfo, Task, ToolCall, Trace } from '../../core/types';
import type { World } from '../../core/world';
import { ticketQueueWorld } from '../../worlds/ticket-queue/index';
import { tripwireWorld } from '../../worlds/tripwire/index';
import { faultApiWorld, taskFromParams } from '../../worlds/fault-api/index';
import { stubbornSolver } from '../../worlds/fault-api/solvers';
import { params } from '../../worlds/fault-api/testing';
import { Released, StepStates } from './stepStates';

const task = (() => {
  const t = tripwireWorld.makeTask({ id: 'orders-by-status' });
  if (!t.ok) throw new Error(t.error);
  return t.value;
})();

const N = 10;
const calls: ToolCall[] = [
  ...Array.from({ length: N - 1 }, (_, i) => ({ name: 'run_sql', arguments: { query: `SELECT count(*) FROM orders WHERE id > ${i}` } })),
  { name: 'submit_answer', arguments: { answer: 'nothing' } },
];

/** Opens episodes as the view does, counting them: each is a session (a Worker in the page). */
function counting() {
  let opened = 0;
  const open = (world: World, t: Task, agent: AgentInfo) => {
    opened++;
    return Episode.open(world, t, agent);
  };
  return { open, count: () => opened };
}

/** The state at step k the way the view used to get it: a fresh replay of calls 0..k-1. */
async function replayTo(trace: Trace, k: number) {
  const e = await Episode.open(tripwireWorld, task, trace.agent);
  for (const s of trace.steps.slice(0, k)) await e.apply(s.call);
  if (k === trace.steps.length && trace.stop) e.end(trace.stop);
  const out = { view: await e.inspect(), scorecard: await e.scorecard() };
  await e.close();
  return out;
}

describe('StepStates', () => {
  it(`stepping forward through a ${N}-step tripwire episode opens one session, and stepping all the way back one more`, async () => {
    const trace = await runEpisode(tripwireWorld, task, scriptedAgent('probe', calls));
    const { open, count } = counting();
    const states = new StepStates(tripwireWorld, task, () => trace, { open });
    for (let k = 0; k <= N; k++) await states.at(k);
    expect(count()).toBe(1);
    for (let k = N; k >= 0; k--) await states.at(k);
    expect(count()).toBe(1);
    expect(await states.at(N)).toEqual(await replayTo(trace, N));
    expect((await states.at(N)).scorecard).toEqual(trace.scorecard);
    expect(await states.at(3)).toEqual(await replayTo(trace, 3));
    await states.release();
  });

  it('opened at the end, the first step back replays once and keeps every state on the way', async () => {
    const trace = await runEpisode(tripwireWorld, task, scriptedAgent('probe', calls));
    const { open, count } = counting();
    const states = new StepStates(tripwireWorld, task, () => trace, { open });
    expect((await states.at(N)).scorecard.final).toBe(true);
    await states.at(N - 1);
    expect(count()).toBe(2);
    for (let k = N - 2; k >= 0; k--) await states.at(k);
    expect(count()).toBe(2);
    expect((await states.at(N - 1)).scorecard.final).toBe(false);
    expect(await states.at(5)).toEqual(await replayTo(trace, 5));
    await states.release();
  });

  it('serves the states a live session put without opening any, and the whole series in one pass', async () => {
    const trace = await runEpisode(tripwireWorld, task, scriptedAgent('probe', calls.slice(0, 4)));
    const { open, count } = counting();
    const states = new StepStates(tripwireWorld, task, () => trace, { open });
    const tip = await replayTo(trace, 4);
    states.put(4, tip);
    expect(await states.at(4)).toBe(tip);
    expect(count()).toBe(0);
    const every = await states.every();
    expect(every).toHaveLength(5);
    expect(every[4]).toBe(tip);
    expect(count()).toBe(1);
    expect(every[2]).toEqual(await replayTo(trace, 2));
    await states.release();
  });

  it('reads a growing episode: a state past the recorded end is refused, then served once the step exists', async () => {
    const live: Trace = await runEpisode(tripwireWorld, task, scriptedAgent('probe', calls.slice(0, 2)));
    const steps = [...live.steps];
    const source = { agent: live.agent, steps, stop: null };
    const states = new StepStates(tripwireWorld, task, () => source);
    await expect(states.at(3)).rejects.toThrow('no step 3: the episode has 2');
    const more = await runEpisode(tripwireWorld, task, scriptedAgent('probe', calls.slice(0, 3)));
    steps.push(more.steps[2]!);
    expect((await states.at(3)).scorecard.final).toBe(false);
    await states.release();
  });

  it('replays each step with what it recorded beside its call, so a latency metric scores as it did', async () => {
    const tq = ticketQueueWorld.listTasks()[0]!;
    const oracle = ticketQueueWorld.referenceAgents.find((a) => a.role === 'oracle')!;
    let t = 0;
    const trace = await runEpisode(ticketQueueWorld, tq, oracle.create(tq), { clock: () => (t += 700) });
    expect(trace.steps.every((s) => s.durationMs === 700)).toBe(true);
    const states = new StepStates(ticketQueueWorld, tq, () => trace);
    expect((await states.at(trace.steps.length)).scorecard).toEqual(trace.scorecard);
    await states.release();
  });

  describe('sliced (the page hands the main thread back between steps)', () => {
    const faultTask = taskFromParams({ ...params('hostile', 8), maxTurns: 60 });
    const longTrace = () => runEpisode(faultApiWorld, faultTask, stubbornSolver());
    /** A pause that goes through the event loop every time, counting its calls. */
    function yielding() {
      let calls = 0;
      const pause = () => (calls++, new Promise<void>((resolve) => setImmediate(resolve)));
      return { pause, calls: () => calls };
    }
    const straight = async () => undefined;

    it('gives the same state at every step as an unsliced pass, pausing once per replayed call', async () => {
      const trace = await longTrace();
      expect(trace.steps.length).toBeGreaterThan(20);
      const y = yielding();
      const sliced = await new StepStates(faultApiWorld, faultTask, () => trace, { pause: y.pause }).every();
      const plain = await new StepStates(faultApiWorld, faultTask, () => trace, { pause: straight }).every();
      expect(sliced).toEqual(plain);
      expect(sliced.at(-1)!.scorecard).toEqual(trace.scorecard);
      expect(y.calls()).toBe(trace.steps.length);
    });

    it('a step jumped to while every state is filled in keeps the states on the way: no second session', async () => {
      const trace = await longTrace();
      const n = trace.steps.length;
      const y = yielding();
      const { open, count } = counting();
      const states = new StepStates(faultApiWorld, faultTask, () => trace, { open, pause: y.pause });
      const every = states.every();
      while (y.calls() < 3) await new Promise<void>((resolve) => setImmediate(resolve));
      const [all, last] = await Promise.all([every, states.at(n)]);
      expect(all[n]).toBe(last);
      expect(count()).toBe(1);
      expect(y.calls()).toBe(n);
      await states.release();
    });

    it('stops filling when released: the work asked for before rejects, the states kept serve a later request', async () => {
      const trace = await longTrace();
      const y = yielding();
      const { open, count } = counting();
      const states = new StepStates(faultApiWorld, faultTask, () => trace, { open, pause: y.pause });
      const every = states.every();
      while (y.calls() < 5) await new Promise<void>((resolve) => setImmediate(resolve));
      const release = states.release();
      await expect(every).rejects.toBeInstanceOf(Released);
      await release;
      const stoppedAt = y.calls();
      for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
      expect(y.calls()).toBe(stoppedAt);
      expect(stoppedAt).toBeLessThan(trace.steps.length);
      expect(states.peek(3)).toBeDefined();
      const again = await states.every();
      expect(again).toEqual(await new StepStates(faultApiWorld, faultTask, () => trace, { pause: straight }).every());
      expect(again[3]).toBe(states.peek(3));
      expect(count()).toBe(2);
      await states.release();
    });
  });
});
