import { describe, expect, it } from 'vitest';
import type { Json, JsonObject } from '../../core/json';
import { scoreEpisode } from '../../core/rubric';
import type { ToolCall } from '../../core/types';
import { faultApiWorld } from './index';
import { faultApiRubric } from './rubric';
import { taskFromParams } from './task';
import { fetchesThen, params, rowsOf } from './testing';
import { cpuMs, cpuMsAsync } from '../../core/testing/cpuTime';

/**
 * Every reader of agent input in fault-api is bounded: a session driven with
 * hostile records, amounts, arguments and cursors answers every call, and its
 * rubric returns a scorecard, within a budget each. The budget is wall-clock
 * time, five times the 200 ms an answer may take to read, because CI machines
 * are shared: a reader that recursed without a limit throws, and one that is
 * superlinear takes many seconds on these inputs (40 rows of 20,000
 * characters, 10,000 rows), so the margin hides nothing.
 */
const p = params('hostile', 2);
const BUDGET_MS = 1_000;

const deepArray = (n: number): Json => {
  let v: Json = 1;
  for (let i = 0; i < n; i++) v = [v];
  return v;
};
const deepObject = (n: number): Json => {
  let v: Json = 'x';
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
};

const rows = rowsOf(p);
const withAmount = (amount: (i: number) => Json) => rows.map((r, i): Json => ({ ...r, amount: amount(i) }));
const long = (unit: string) => unit.repeat(Math.ceil(20_000 / unit.length)).slice(0, 20_000);

const SUBMISSIONS: [string, Json[]][] = [
  ['20,000-digit amounts', withAmount(() => long('9'))],
  ['20,000 characters of "1," per amount', withAmount(() => long('1,'))],
  ['20,000 characters of mixed-script digits and marks', withAmount(() => long('٣.६,３ 9'))],
  ['20,000 characters of grouped digits', withAmount(() => long('1 234 '))],
  ['amounts nested 100,000 deep', withAmount(() => deepArray(100_000))],
  ['a field nested 100,000 deep', rows.map((r): Json => ({ ...r, customer: deepObject(100_000) }))],
  ['an id nested 100,000 deep', [{ id: deepArray(100_000), amount: 1 }, ...rows]],
  ['a row nested 100,000 deep', [deepArray(100_000), ...rows]],
  ['10,000 records', Array.from({ length: 10_000 }, (_, i): Json => ({ ...rows[i % rows.length]!, note: long('x').slice(0, 200) }))],
  ['a row with 10,000 fields', [Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, long('y').slice(0, 100)])) as JsonObject, ...rows]],
  ['20,000-character ids', rows.map((r): Json => ({ ...r, id: ` ${long('rec-')} ` }))],
];

describe('fault-api bounded readers', () => {
  it.each(SUBMISSIONS)('%s: the session answers and the rubric scores it, fast', async (_label, records) => {
    const session = await faultApiWorld.open(taskFromParams(p));
    const calls = fetchesThen(p, records);
    const { ms: sessionMs } = await cpuMsAsync(async () => {
      for (const call of calls) await session.call(call);
    });
    const state = await session.snapshot();
    const { ms: rubricMs, value: card } = cpuMs(() =>
      scoreEpisode(faultApiRubric, { task: taskFromParams(p), steps: [], stop: { reason: 'submitted', terminated: true, truncated: false }, state }),
    );
    expect(card.verdict.full).toBe('FAIL');
    expect(card.reward).toBeLessThanOrEqual(0.25);
    expect(card.layers.flatMap((l) => l.reasons).join('\n').length).toBeLessThan(2_000);
    expect({ session: sessionMs < BUDGET_MS, rubric: rubricMs < BUDGET_MS }).toEqual({ session: true, rubric: true });
  });

  it('a 20,000-character cursor and arguments nested 100,000 deep are answered as errors or ignored, and spend what a request spends', async () => {
    const session = await faultApiWorld.open(taskFromParams(p));
    const calls: ToolCall[] = [
      { name: 'fetch_page', arguments: { cursor: long('c_') } },
      { name: 'fetch_page', arguments: { cursor: null, limit: deepArray(100_000) } },
      { name: 'fetch_page', arguments: { cursor: deepObject(100_000) } },
      { name: 'submit_records', arguments: { records: deepObject(100_000) } },
    ];
    const results: Awaited<ReturnType<typeof session.call>>[] = [];
    const { ms } = await cpuMsAsync(async () => {
      for (const c of calls) results.push(await session.call(c));
    });
    expect(ms).toBeLessThan(BUDGET_MS);
    expect(results.map((r) => r.ok)).toEqual([false, true, false, false]);
    expect(results.every((r) => r.content.length < 21_000)).toBe(true);
    expect((await session.snapshot()).requests).toBe(2);
  });
});
