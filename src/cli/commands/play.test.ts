import { describe, expect, it } from 'vitest';
import { runEpisode } from '../../core/episode';
import type { ToolCall } from '../../core/types';
import type { World } from '../../core/world';
import { faultApiWorld } from '../../worlds/fault-api/index';
import { playLines } from './play';

const made = faultApiWorld.makeTask({ profile: 'clean', seed: 2 });
if (!made.ok) throw new Error(made.error);
const task = made.value;

const oracle = faultApiWorld.referenceAgents.find((a) => a.role === 'oracle')!;
const honest = async (): Promise<ToolCall[]> => (await runEpisode(faultApiWorld, task, oracle.create(task))).steps.map((s) => s.call);
const line = (c: ToolCall) => JSON.stringify({ name: c.name, arguments: c.arguments });

/** A world whose open() waits until the agent's every line has been taken: only a player that reads while it opens gets past it. */
function openingAfter(gate: Promise<void>): World {
  return { ...faultApiWorld, open: async (t) => (await gate, faultApiWorld.open(t)) };
}

async function play(world: World, lines: AsyncIterable<string>): Promise<Record<string, unknown>[]> {
  const out: string[] = [];
  await playLines(world, task, lines, (l) => out.push(l));
  return out.map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('playLines', () => {
  it('answers every line an agent sent before the world was open, then scores the run', async () => {
    const calls = await honest();
    let taken!: () => void;
    const allTaken = new Promise<void>((resolve) => (taken = resolve));
    async function* agent() {
      yield 'not json';
      for (const c of calls) yield line(c);
      taken();
    }
    const out = await play(openingAfter(allTaken), agent());
    expect(out).toHaveLength(calls.length + 3);
    expect(out[0]).toMatchObject({ tools: task.tools });
    expect(out[1]).toEqual({ ok: false, content: expect.stringContaining('one JSON object'), done: false });
    expect(out.slice(2, -2).every((r) => r.done === false)).toBe(true);
    expect(out.at(-2)).toMatchObject({ ok: true, done: true });
    expect(out.at(-1)).toMatchObject({ done: true, scorecard: { stop: 'submitted', reward: 1, verdict: { full: 'PASS' } } });
  }, 10000);

  it('end of input before the end scores the episode as abandoned', async () => {
    const calls = await honest();
    async function* agent() {
      yield line(calls[0]!);
      yield '';
    }
    const out = await play(faultApiWorld, agent());
    expect(out).toHaveLength(3);
    expect(out[2]).toMatchObject({ done: true, scorecard: { stop: 'abandoned', steps: 1, verdict: { full: 'FAIL' } } });
  });

  it('writes the scorecard as soon as the episode ends: later lines get no answer, and open input is not waited on', async () => {
    async function* agent() {
      yield line({ name: 'submit_records', arguments: { records: [] } });
      yield line({ name: 'fetch_page', arguments: {} });
      await new Promise(() => {});
    }
    const out = await play(faultApiWorld, agent());
    expect(out.map((r) => Object.keys(r).sort().join())).toEqual(['prompt,tools', 'content,done,ok', 'done,scorecard']);
    expect(out[2]).toMatchObject({ scorecard: { stop: 'submitted', steps: 1 } });
  });

  it('an input that fails ends the episode as abandoned, like end of input', async () => {
    async function* agent(): AsyncGenerator<string> {
      yield line({ name: 'fetch_page', arguments: {} });
      throw new Error('stdin went away');
    }
    const out = await play(faultApiWorld, agent());
    expect(out).toHaveLength(3);
    expect(out[2]).toMatchObject({ scorecard: { stop: 'abandoned', steps: 1 } });
  });
});
