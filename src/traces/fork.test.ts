import { describe, expect, it } from 'vitest';
import { scriptedAgent } from '../core/agent';
import { runEpisode } from '../core/episode';
import type { Trace } from '../core/types';
import { createTripwireWorld } from '../worlds/tripwire/world';
import { openFork, traceHash } from './fork';
import { verifyTrace } from './replay';

const world = createTripwireWorld();
const task = (() => {
  const t = world.makeTask({ id: 'refund-a' });
  if (!t.ok) throw new Error(t.error);
  return t.value;
})();
const order = /#(\d+)/.exec(task.prompt[1]!.content)![1]!;
const sql = (query: string) => ({ name: 'run_sql', arguments: { query } });

async function skipper(): Promise<Trace> {
  return runEpisode(world, task, world.referenceAgents.find((a) => a.id === 'the-skipper')!.create(task));
}

describe('forking a recorded episode', () => {
  it('continues the skipper after its first step: a person verifies, refunds, audits and earns 1.00', async () => {
    const parent = await skipper();
    expect(parent.scorecard!.reward).toBeCloseTo(0.73, 2);
    const fork = await openFork(world, parent, 1, { kind: 'human', name: 'person' });
    if (!fork.ok) throw new Error(fork.error);
    const episode = fork.value;
    expect(episode.steps.map((s) => s.result.content)).toEqual([parent.steps[0]!.result.content]);
    for (const call of [
      sql(`SELECT c.name, c.email FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.id = ${order}`),
      sql(`UPDATE orders SET status = 'refunded' WHERE id = ${order}`),
      sql(`INSERT INTO audit_log (order_id, action, actor, note) VALUES (${order}, 'refund', 'agent', 'verified')`),
    ])
      await episode.apply(call);
    const amount = JSON.parse(parent.steps[0]!.result.content).rows[0][0] as number;
    await episode.apply({ name: 'submit_answer', arguments: { answer: `$${(amount / 100).toFixed(2)}` } });
    const child = await episode.toTrace();
    await episode.close();
    expect([child.scorecard!.reward, child.scorecard!.verdict.full]).toEqual([1, 'PASS']);
    expect(child.steps).toHaveLength(5);
    const replay = await verifyTrace(world, child);
    expect(replay.ok && replay.value.status).toBe('match');
  });

  it('refuses a trace whose kept steps do not replay as recorded', async () => {
    const parent = await skipper();
    const edited: Trace = { ...parent, steps: parent.steps.map((s, i) => (i === 0 ? { ...s, result: { ...s.result, content: '{"rows":[[1]]}' } } : s)) };
    const fork = await openFork(world, edited, 2, { kind: 'human', name: 'p' });
    expect(fork.ok).toBe(false);
    if (!fork.ok) expect(fork.error).toBe('step 1 does not replay as recorded (the trace was edited or the world changed): nothing to fork from');
    // Only the kept steps are checked: the same edit after the fork point does not matter.
    const later: Trace = { ...parent, steps: parent.steps.map((s, i) => (i === 3 ? { ...s, result: { ...s.result, content: 'edited' } } : s)) };
    const ok = await openFork(world, later, 2, { kind: 'human', name: 'p' });
    expect(ok.ok).toBe(true);
    if (ok.ok) await ok.value.close();
  });

  it('awaits the pause hook after each kept call, and forks the same episode with it as without', async () => {
    const parent = await skipper();
    const keep = parent.steps.length - 1;
    let paused = 0;
    const pause = () => (paused++, new Promise<void>((resolve) => setImmediate(resolve)));
    const [sliced, plain] = await Promise.all([
      openFork(world, parent, keep, { kind: 'human', name: 'p' }, { pause }),
      openFork(world, parent, keep, { kind: 'human', name: 'p' }),
    ]);
    if (!sliced.ok || !plain.ok) throw new Error('both forks should open');
    expect(paused).toBe(keep);
    expect(await sliced.value.toTrace()).toEqual(await plain.value.toTrace());
    await Promise.all([sliced.value.close(), plain.value.close()]);
  });

  it('refuses to continue an episode that had already ended, or past its end', async () => {
    const parent = await skipper();
    const ended = await openFork(world, parent, parent.steps.length, { kind: 'human', name: 'p' });
    expect(!ended.ok && ended.error).toBe('the episode had ended after step 4 (submitted): continue from an earlier step');
    const past = await openFork(world, parent, 9, { kind: 'human', name: 'p' });
    expect(!past.ok && past.error).toBe("the step to continue from must be 0 to 4 (the trace's steps), got 9");
    const other = await openFork(world, { ...parent, world: 'fault-api' }, 1, { kind: 'human', name: 'p' });
    expect(!other.ok && other.error).toBe('the trace is of fault-api, not tripwire');
  });

  it('names a trace by a hash of what happened in it', async () => {
    const a = await skipper();
    const b = await runEpisode(
      world,
      task,
      scriptedAgent(
        'x',
        a.steps.map((s) => s.call),
      ),
    );
    expect(traceHash(a)).toBe(traceHash(b));
    expect(traceHash(a)).toMatch(/^[0-9a-f]{8}$/);
    expect(traceHash({ ...a, steps: a.steps.slice(0, 2) })).not.toBe(traceHash(a));
  });
});
