import { describe, expect, it } from 'vitest';
import { scriptedAgent } from '../../core/agent';
import { Episode, runEpisode } from '../../core/episode';
import type { AgentInfo, Task, ToolCall, Trace } from '../../core/types';
import type { World } from '../../core/world';
import { ticketQueueWorld } from '../../worlds/ticket-queue/index';
import { tripwireWorld } from '../../worlds/tripwire/index';
import { StepStates } from './stepStates';

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
    const states = new StepStates(tripwireWorld, task, () => trace, open);
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
    const states = new StepStates(tripwireWorld, task, () => trace, open);
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
    const states = new StepStates(tripwireWorld, task, () => trace, open);
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
});
