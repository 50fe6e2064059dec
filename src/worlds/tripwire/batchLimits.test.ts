import { afterAll, describe, expect, it } from 'vitest';
import { scriptedAgent } from '../../core/agent';
import { runEpisode } from '../../core/episode';
import type { JsonObject } from '../../core/json';
import type { Session, ToolCall } from '../../core/types';
import { verifyTrace } from '../../traces/replay';
import { MAX_BATCH_CHARS, MAX_STATEMENTS } from './limits';
import type { LimitEvent } from './state';
import { createNodeHost } from './nodeHost';
import { makeTripwireTask, refundTarget, MUTATION_TASKS } from './tasks';
import { createTripwireWorld, DEFAULT_WATCHDOG_MS } from './world';

// The reproductions from issue 12, on the worker host the app and the CLI use for untrusted SQL.
const host = createNodeHost();
const world = createTripwireWorld({ host });
afterAll(() => host.dispose());

const task = (id: string) => {
  const t = makeTripwireTask({ id });
  if (!t.ok) throw new Error(t.error);
  return t.value;
};
const refundA = MUTATION_TASKS.find((d) => d.id === 'refund-a')!;
const target = refundTarget(refundA.seed);
const sql = (query: string): ToolCall => ({ name: 'run_sql', arguments: { query } });
const body = (content: string) => JSON.parse(content) as JsonObject;
const ZEROBLOB = 'SELECT hex(zeroblob(7900));';
const slow = (rows: number) => `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c LIMIT ${rows}) SELECT count(*) FROM c;`;

async function statusOf(s: Session): Promise<unknown> {
  return body((await s.call(sql(`SELECT status FROM orders WHERE id = ${target.order}`))).content).rows;
}

describe('one run_sql batch is bounded as a whole', () => {
  it(`740 × ${ZEROBLOB} gets a short error naming the statement limit, runs nothing, and the episode goes on`, async () => {
    const s = await world.open(task('refund-a'));
    const step = await s.call(sql(ZEROBLOB.repeat(740)));
    expect(step.ok).toBe(false);
    // Before the fix this reply was 11.7 MB.
    expect(step.content.length).toBeLessThan(1000);
    expect(body(step.content)).toMatchObject({ error: 'batch_limit', limit: 'statements', max: MAX_STATEMENTS, reached: 740 });
    expect(body(step.content).message).toMatch(/740 statements.*at most 50/);
    expect(step.events.find((e) => e.code === 'batch-limit')).toMatchObject({
      kind: 'error',
      layer: null,
      data: { limit: 'statements', max: 50, reached: 740 },
    });
    expect(step.events.some((e) => e.kind === 'access')).toBe(false);
    expect(await statusOf(s)).toEqual([['delivered']]);
    await s.close();
  });

  it('a batch within the statement limit whose results pass 256 K characters is stopped and rolled back', async () => {
    const s = await world.open(task('refund-a'));
    const step = await s.call(sql(`UPDATE orders SET status = 'refunded' WHERE id = ${target.order}; ${ZEROBLOB.repeat(40)}`));
    expect(step.ok).toBe(false);
    expect(step.content.length).toBeLessThan(1000);
    // Each result is 15,800 hex digits plus ~60 of JSON: 16 of them fit in 262,144, the 17th (statement 18) does not.
    expect(body(step.content)).toMatchObject({ error: 'batch_limit', limit: 'result_chars', max: MAX_BATCH_CHARS, statement: 18 });
    const reached = Number(body(step.content).reached);
    expect(reached).toBeGreaterThan(MAX_BATCH_CHARS);
    expect(reached).toBeLessThan(MAX_BATCH_CHARS + 16_000);
    expect(body(step.content).message).toMatch(/statement 18 of 41.*262,144.*nothing in the batch was applied/);
    expect(step.events.find((e) => e.code === 'batch-limit')).toMatchObject({ kind: 'error', layer: null, data: { limit: 'result_chars', statement: 17 } });
    expect(step.events.some((e) => e.kind === 'write')).toBe(false);
    expect(await statusOf(s)).toEqual([['delivered']]);
    expect((await s.snapshot()).diff).toMatchObject({ orders: { updated: [] } });
    await s.close();
  });

  it('ten statements of ~0.7 s each are cut off by one watchdog for the batch, and the last accepted write batch survives', { timeout: 30_000 }, async () => {
    // How many rows a statement steps through in 0.7 s on this machine, measured the way the batch runs them.
    const probe = await world.open(task('march-orders'));
    const started = Date.now();
    await probe.call(sql(slow(1_000_000)));
    const rows = Math.round((1_000_000 * 700) / Math.max(1, Date.now() - started));
    await probe.close();

    const s = await world.open(task('refund-a'));
    expect((await s.call(sql(`UPDATE orders SET status = 'refunded' WHERE id = ${target.order}`))).ok).toBe(true);
    const before = Date.now();
    const step = await s.call(
      sql(`INSERT INTO audit_log (order_id, action, actor, note) VALUES (${target.order}, 'refund', 'agent', 'x'); ${slow(rows).repeat(10)}`),
    );
    const took = Date.now() - before;
    expect(body(step.content)).toMatchObject({ error: 'timeout', limit: 'time_ms', max: DEFAULT_WATCHDOG_MS });
    expect(body(step.content).message).toMatch(/batch ran longer than 2000 ms.*cut off during statement \d+ of 11/);
    // Per statement, each would have passed a 2 s watchdog: the batch is cut after a few of them, not after all ten (~7 s).
    const cut = step.events.find((e): e is LimitEvent => e.code === 'watchdog-timeout');
    expect(cut).toMatchObject({ kind: 'error', data: { limit: 'time_ms', ms: DEFAULT_WATCHDOG_MS, statements: 11, restored: true } });
    expect(cut!.data.statement).toBeGreaterThanOrEqual(2);
    expect(took).toBeLessThan(DEFAULT_WATCHDOG_MS + 1500);
    expect(await statusOf(s)).toEqual([['refunded']]);
    expect((await s.snapshot()).audit_added).toEqual([]);
    await s.close();
  });

  it('a size limit hit replays to the same result on either host', async () => {
    const t = task('top-refund-customer');
    const calls = [
      sql(ZEROBLOB.repeat(60)),
      sql(ZEROBLOB.repeat(30)),
      sql('SELECT count(*) FROM orders'),
      { name: 'submit_answer', arguments: { answer: 'x' } },
    ];
    const trace = await runEpisode(world, t, scriptedAgent('limits', calls));
    expect(trace.steps.map((st) => body(st.result.content).limit ?? null)).toEqual(['statements', 'result_chars', null, null]);
    for (const w of [world, createTripwireWorld()]) {
      const replay = await verifyTrace(w, trace);
      expect(replay.ok && replay.value.status).toBe('match');
    }
  });
});
