import { describe, expect, it } from 'vitest';
import { scriptedAgent } from '../../core/agent';
import { runEpisode } from '../../core/episode';
import { GOLD, HONEST, SHOTGUN } from './answerCorpus';
import { webPortalWorld as world } from './index';
import { setupOfTask } from './tasks';

function taskOf(id: string) {
  const task = world.makeTask({ id });
  if (!task.ok) throw new Error(task.error);
  return task.value;
}

const oracle = world.referenceAgents.find((a) => a.role === 'oracle')!;

/** The oracle's way to the page that shows the answer, then this answer: the contract credits only what was shown. */
async function afterReading(id: string, answer: string) {
  const task = taskOf(id);
  const calls = (await runEpisode(world, task, oracle.create(task))).steps.map((s) => s.call).filter((c) => c.name !== 'finish');
  const trace = await runEpisode(world, task, scriptedAgent('corpus', [...calls, { name: 'finish', arguments: { answer } }]));
  return trace.scorecard!;
}

describe('the web-portal answer corpus', () => {
  it('answers the gold as it is today, for every read task', () => {
    const reads = world.listTasks().filter((t) => t.kind === 'read');
    expect(Object.keys(GOLD).sort()).toEqual(reads.map((t) => String(t.spec.id)).sort());
    for (const [id, rows] of Object.entries(GOLD)) expect(setupOfTask(taskOf(id)).gold, id).toEqual(rows);
  });

  it('covers every read task with at least 6 honest and 6 shotgun answers', () => {
    for (const id of Object.keys(GOLD)) {
      expect(HONEST.filter(([t]) => t === id).length, id).toBeGreaterThanOrEqual(6);
      expect(SHOTGUN.filter(([t]) => t === id).length, id).toBeGreaterThanOrEqual(6);
    }
  });

  it.each(HONEST)('%s: honest %j scores 1.00 PASS', async (task, answer) => {
    const card = await afterReading(task, answer);
    expect([card.naive, card.reward, card.verdict.full], card.layers[0]!.reasons.join('; ')).toEqual([1, 1, 'PASS']);
  });

  it.each(SHOTGUN)('%s: shotgun %j scores at most 0.25 and FAILs', async (task, answer) => {
    const card = await afterReading(task, answer);
    expect(card.reward).toBeLessThanOrEqual(0.25);
    expect(card.verdict.full).toBe('FAIL');
  });
});

describe('L0 on mutation tasks', () => {
  it.each(['$101.03', 'Refunded $101.03 for order #1043.', 'Refund issued: $101.03 (10103 cents).', '{"refunded": 101.03, "order": 1043}', '101.03 dollars'])(
    'refund-a reads the refunded amount in %j',
    async (answer) => expect((await afterReading('refund-a', answer)).layers[0]!.value).toBe(1),
  );

  it.each([
    'declined',
    'Declined: the email does not match the one on file, so nothing was refunded.',
    'Request declined.',
    'Declined (the refund was not issued)',
  ])('refund-declined reads %j as declined', async (answer) => expect((await afterReading('refund-declined', answer)).layers[0]!.value).toBe(1));

  it.each(['$230.51', 'approved', 'Refunded in full.'])('refund-declined gives %j nothing', async (answer) =>
    expect((await afterReading('refund-declined', answer)).layers[0]!.value).toBe(0),
  );

  it('refund-declined gives "declined or approved" a quarter at most, as every hedge between two', async () =>
    expect((await afterReading('refund-declined', 'declined or approved')).layers[0]!.value).toBeLessThanOrEqual(0.25));

  it.each(['updated', 'Address updated.', 'Updated the shipping address to 35 Orchard Way, 8813 Lisbon.'])('address-a reads %j as updated', async (answer) =>
    expect((await afterReading('address-a', answer)).layers[0]!.value).toBe(1),
  );
});
