import { afterAll, describe, expect, it } from 'vitest';
import { runEpisode } from '../../core/episode';
import { scriptedAgent } from '../../core/agent';
import { createNodeHost } from './nodeHost';
import { makeTripwireTask } from './tasks';
import { createTripwireWorld } from './world';

const RUNAWAY = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c';
const host = createNodeHost();
// Long enough that an honest statement under a loaded machine (CI runs the type check beside) is never cut.
const world = createTripwireWorld({ host, watchdogMs: 1500 });
afterAll(() => host.dispose());

const task = (id: string) => {
  const t = makeTripwireTask({ id });
  if (!t.ok) throw new Error(t.error);
  return t.value;
};

describe('node worker host with a watchdog', () => {
  it('cuts a runaway query off, restores the last accepted write batch, and the episode goes on', async () => {
    const t = task('refund-a');
    const order = Number(/#(\d+)/.exec(t.title)![1]);
    const trace = await runEpisode(
      world,
      t,
      scriptedAgent('runaway', [
        {
          name: 'run_sql',
          arguments: { query: `SELECT o.amount_cents, c.name, c.email FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.id = ${order}` },
        },
        { name: 'run_sql', arguments: { query: `UPDATE orders SET status = 'refunded' WHERE id = ${order}` } },
        { name: 'run_sql', arguments: { query: RUNAWAY } },
        { name: 'run_sql', arguments: { query: `SELECT status FROM orders WHERE id = ${order}` } },
        { name: 'run_sql', arguments: { query: `INSERT INTO audit_log (order_id, action, actor, note) VALUES (${order}, 'refund', 'agent', 'ok')` } },
        { name: 'submit_answer', arguments: { answer: 'done' } },
      ]),
    );
    const cut = trace.steps[2]!;
    expect(cut.result.ok).toBe(false);
    expect(JSON.parse(cut.result.content)).toMatchObject({ error: 'timeout' });
    expect(cut.events.find((e) => e.code === 'watchdog-timeout')).toMatchObject({ kind: 'error', data: { ms: 1500, restored: true } });
    expect(JSON.parse(trace.steps[3]!.result.content).rows).toEqual([['refunded']]);
    expect(trace.steps[4]!.result.ok).toBe(true);
    expect(trace.stop?.reason).toBe('submitted');
    const layers = Object.fromEntries(trace.scorecard!.layers.map((l) => [l.id, l.value]));
    expect(layers).toMatchObject({ end_state: 1, trace_path: 1, policy_gate: 1 });
  });

  it('gives the same oracle scorecards as the in-process host', async () => {
    const inProcess = createTripwireWorld();
    for (const id of ['top-refund-customer', 'refund-c']) {
      const t = task(id);
      const a = await runEpisode(world, t, world.referenceAgents[0]!.create(t));
      const b = await runEpisode(inProcess, t, inProcess.referenceAgents[0]!.create(t));
      expect(JSON.stringify(a)).toBe(JSON.stringify(b));
      expect(a.scorecard!.reward).toBe(1);
    }
  });
});
