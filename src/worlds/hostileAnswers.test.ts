import { describe, expect, it } from 'vitest';
import { scriptedAgent } from '../core/agent';
import { oracleRun } from '../core/contract';
import { runEpisode } from '../core/episode';
import { LIMITS } from '../core/limits';
import { WORLDS } from './registry';
import './testing/register';

/**
 * Every world that reads a final answer, handed the answers that once crashed or
 * stalled scoring (nesting 9,999 deep, 20,000 characters of number words, one long
 * list of commas), scores the episode — FAIL, with a reason from its own layers,
 * never "could not be scored" (the fallback for a layer that throws).
 */
const MAX: number = LIMITS.answerChars.value;
const fill = (s: string) => s.repeat(Math.ceil(MAX / s.length)).slice(0, MAX);
const HOSTILE: Record<string, string> = {
  'nested 9,999 deep': `${'['.repeat(9999)}${']'.repeat(9999)}`,
  'objects nested, unclosed': fill('{"a":'),
  'number words': fill('twenty-one thousand three hundred '),
  'one long list': fill('1,'),
  'digits of every script': fill('٣٤٥ ３４ १२ '),
};

const withSlots = WORLDS.filter((w) => w.contract?.answer);

describe.each(withSlots.map((w) => [w.id, w] as const))('%s scores hostile answers', (_id, world) => {
  const slot = world.contract!.answer!;
  it.each(Object.entries(HOSTILE))('%s', async (_name, text) => {
    const task = (world.contract!.tasks?.() ?? world.listTasks()).find((t) => t.kind === 'read') ?? world.listTasks()[0]!;
    const run = await oracleRun(world, task);
    const at = slot.find(run.calls);
    expect(at).toBeGreaterThanOrEqual(0);
    const calls = run.calls.map((c, i) => (i === at ? slot.withText(c, text) : c));
    const trace = await runEpisode(world, task, scriptedAgent('hostile', calls));
    const card = trace.scorecard!;
    expect(card.verdict.full).toBe('FAIL');
    expect(card.reward).toBeLessThanOrEqual(0.25);
    expect(card.layers.flatMap((l) => l.reasons).filter((r) => r.includes('could not be scored'))).toEqual([]);
  });
});
