import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../core/types';
import { withoutIds } from '../answerIds';
import { MAX_QUERY } from './limits';
import { makeTripwireTask } from './tasks';
import { createTripwireWorld } from './world';
import { cpuMs, cpuMsAsync } from '../../core/testing/cpuTime';

/**
 * Every reader of agent text in tripwire is bounded: a statement as long as a call may send (SQL split, compiled
 * and read off its EXPLAIN, its rows observed and kept for the facts rule) and an answer as long as one may be
 * (the identifier pre-processing) complete in a time that grows with their length, however they nest or repeat.
 * The budgets are generous for a loaded machine; a quadratic reader takes seconds to minutes on these.
 */
const world = createTripwireWorld();
const fill = (unit: string, head = '', tail = '') => head + unit.repeat(Math.floor((MAX_QUERY - head.length - tail.length) / unit.length)) + tail;

const SQL: [string, string][] = [
  ['nested parentheses', fill('(', 'SELECT ', '1')],
  ['a long sum', fill('+1', 'SELECT 1')],
  ['a compound of many arms', fill(' UNION ALL SELECT 1', 'SELECT 1')],
  ['a CASE of many branches', fill(" WHEN id = 1 THEN 'a'", 'SELECT CASE', ' END FROM orders')],
  ['a long IN list', fill(', 1', 'SELECT id FROM orders WHERE id IN (1', ')')],
  [
    'a chain of CTEs',
    `WITH ${Array.from({ length: 400 }, (_, i) => `t${i} AS (SELECT ${i ? 'x' : 'id'} AS x FROM ${i ? `t${i - 1}` : 'orders'})`).join(', ')} SELECT x FROM t399`,
  ],
  ['statement separators', fill(';')],
];

const ANSWERS: [string, string][] = [
  ['an id label before a long run of spaces', `id${' '.repeat(19_990)}x`],
  ['a hash before a long run of spaces', `#${' '.repeat(19_990)}x`],
  ['repeated id labels', fill('order id : ')],
  ['nested brackets', `${'['.repeat(9_999)}${']'.repeat(9_999)}`],
  ['nested JSON objects', `${'{"a":'.repeat(3_999)}1${'}'.repeat(3_999)}`],
];

describe('hostile input of the longest size a call may send', () => {
  let s: Session;
  beforeAll(async () => {
    const t = makeTripwireTask({ id: 'orders-by-status' });
    if (!t.ok) throw new Error(t.error);
    s = await world.open(t.value);
  });
  afterAll(() => s.close());

  it.each(SQL)(
    '%s: planned, run and observed in bounded time',
    async (_name, query) => {
      expect(query.length).toBeLessThanOrEqual(MAX_QUERY);
      const { ms, value: step } = await cpuMsAsync(async () => {
        const called = await s.call({ name: 'run_sql', arguments: { query } });
        await s.snapshot();
        return called;
      });
      expect(ms).toBeLessThan(3_000);
      expect(typeof step.content).toBe('string');
    },
    20_000,
  );

  it.each(ANSWERS)('%s: the answer pre-processing reads it in under 200 ms', (_name, answer) => {
    expect(cpuMs(() => withoutIds(answer)).ms).toBeLessThan(200);
  });
});
