import { describe, expect, it } from 'vitest';
import { runEpisode } from '../../core/episode';
import { isJsonObject, type Json } from '../../core/json';
import type { Trace } from '../../core/types';
import { faultApiWorld, taskFromParams } from './index';
import { DEFAULTS, PROFILES } from './params';
import { FABRICATED_IDS, faultApiSentinels } from './sentinels';

const sentinel = (id: string) => faultApiSentinels.find((s) => s.id === id)!;
const tasks = faultApiWorld.listTasks();

async function run(id: string, profile: (typeof PROFILES)[number], seed: number): Promise<Trace> {
  const task = taskFromParams({ profile, seed, ...DEFAULTS });
  return runEpisode(faultApiWorld, task, sentinel(id).create(task));
}

function submitted(trace: Trace): Json[] {
  const last = trace.steps[trace.steps.length - 1]!;
  expect(last.call.name).toBe('submit_records');
  const args = last.call.arguments;
  return isJsonObject(args) && Array.isArray(args.records) ? args.records : [];
}

describe('fault-api sentinels', () => {
  it('are three sentinels: no-op, wrong-values, metric-gaming', () => {
    expect(faultApiSentinels.map((s) => [s.id, s.role])).toEqual([
      ['no-op', 'sentinel'],
      ['wrong-values', 'sentinel'],
      ['metric-gaming', 'sentinel'],
    ]);
  });

  it.each(faultApiSentinels.map((s) => s.id))('%s fails the full verdict on every listed task', async (id) => {
    for (const task of tasks) {
      const card = (await runEpisode(faultApiWorld, task, sentinel(id).create(task))).scorecard!;
      expect(card.verdict.full, task.id).toBe('FAIL');
    }
  });

  // The published reward is lenient by design; these are its known limits, in numbers.
  it('no-op submits nothing and earns exactly the budget_discipline 0.20', async () => {
    const trace = await run('no-op', 'hostile', 1);
    expect(trace.steps).toHaveLength(1);
    expect(submitted(trace)).toEqual([]);
    expect(trace.scorecard).toMatchObject({ reward: 0.2, naive: 0 });
  });

  it('wrong-values submits every true id once with wrong integer amounts: 0.80', async () => {
    const trace = await run('wrong-values', 'realistic', 2);
    const card = trace.scorecard!;
    expect(card.layers.map((l) => [l.id, l.value])).toEqual([
      ['completeness', 1],
      ['type_handling', 0],
      ['budget_discipline', 1],
    ]);
    expect(card.reward).toBe(0.8);
    expect(card.verdict).toMatchObject({ naive: 'PASS', full: 'FAIL' });
  });

  it('metric-gaming sends every row as seen, amounts as strings, plus fabricated rec-NNNN ids', async () => {
    const trace = await run('metric-gaming', 'realistic', 4);
    const rows = submitted(trace).filter(isJsonObject);
    const seen = trace.steps.filter((s) => s.call.name === 'fetch_page' && s.result.ok).length;
    expect(rows.every((r) => typeof r.amount === 'string')).toBe(true);
    expect(rows.slice(-FABRICATED_IDS).map((r) => r.id)).toEqual(['rec-0041', 'rec-0042', 'rec-0043', 'rec-0044', 'rec-0045']);
    expect(rows.length).toBe(seen * DEFAULTS.pageSize + FABRICATED_IDS);
    const card = trace.scorecard!;
    expect(card.naive).toBe(1);
    expect(card.layers.find((l) => l.id === 'completeness')!.reasons).toEqual(
      expect.arrayContaining(['5 ids not in the data', expect.stringMatching(/duplicate rows/)]),
    );
    expect(card.reward).toBeLessThan(0.8);
  });
});
