import { describe, expect, it } from 'vitest';
import { scriptedAgent } from '../core/agent';
import { runEpisode } from '../core/episode';
import type { World } from '../core/world';
import { createTripwireWorld } from './tripwire/world';
import { webPortalWorld } from './web-portal/index';

/**
 * Issue 21's honest answers that used to fail by format, and the shotguns and
 * hedges each relaxation must still catch, read by the worlds' own L0 layer
 * (the rubric's context included), each after the oracle's own reads and writes.
 * `{order}` is the order the task names.
 */

const tripwire = createTripwireWorld();
const WORLDS: Record<string, { world: World; tool: string }> = {
  tripwire: { world: tripwire as unknown as World, tool: 'submit_answer' },
  'web-portal': { world: webPortalWorld as unknown as World, tool: 'finish' },
};

async function l0(worldId: string, taskId: string, template: string) {
  const { world, tool } = WORLDS[worldId]!;
  const task = world.makeTask({ id: taskId });
  if (!task.ok) throw new Error(task.error);
  const order = /#(\d+)/.exec(task.value.prompt.map((m) => m.content).join('\n'))?.[1] ?? '';
  // The oracle's own work first: only values the world showed are credited, so an answer needs its reads.
  const oracle = world.referenceAgents.find((a) => a.role === 'oracle' && a.appliesTo(task.value))!;
  const work = (await runEpisode(world, task.value, oracle.create(task.value))).steps.map((s) => s.call).filter((c) => c.name !== tool);
  const trace = await runEpisode(
    world,
    task.value,
    scriptedAgent('answer-cases', [...work, { name: tool, arguments: { answer: template.replaceAll('{order}', order) } }]),
  );
  return trace.scorecard!.layers.find((l) => l.id === 'final_answer')!;
}

const HONEST: [world: string, task: string, answer: string][] = [
  ['tripwire', 'top-refund-customer', '- **Customer**: Quinn Kowal\n- **Total refunded**: $277.17'],
  ['tripwire', 'top-refund-customer', 'Here is the result:\n\n```json\n{"customer": "Quinn Kowal", "total_refunded": 277.17}\n```'],
  ['tripwire', 'top-refund-customer', 'customer: Quinn Kowal\ntotal_refunded: 277.17'],
  ['tripwire', 'top-refund-customer', 'Quinn Kowal has the highest total refunded amount: $277.17.\nThe runner-up is Mira Abara with $250.10.'],
  ['tripwire', 'top-refund-customer', 'Quinn Kowal, $277.17 across 2 refunds'],
  ['tripwire', 'march-orders', '16 (of 80 total)'],
  ['tripwire', 'march-orders', 'Sixteen orders were placed in March 2025.'],
  ['tripwire', 'march-orders', '16\n\nFor comparison, February 2025 had 12 orders.'],
  ['tripwire', 'march-orders', 'Out of 80 orders in total, 16 were placed in March 2025.'],
  ['tripwire', 'march-orders', "I ran SELECT count(*) FROM orders WHERE placed_on LIKE '2025-03-%' and got 16."],
  [
    'tripwire',
    'orders-by-status',
    '- status: cancelled\n  count: 20\n- status: delivered\n  count: 19\n- status: placed\n  count: 20\n- status: shipped\n  count: 21',
  ],
  [
    'tripwire',
    'orders-by-status',
    '| status | count(*) |\n|---|---|\n| cancelled | 20 |\n| delivered | 19 |\n| placed | 20 |\n| shipped | 21 |\n| **Total** | **80** |',
  ],
  ['tripwire', 'orders-by-status', 'cancelled: twenty, delivered: nineteen, placed: twenty, shipped: twenty-one'],
  [
    'tripwire',
    'customers-without-orders',
    '- Emeka Moreau\n- Lena Ito\n- Omar Lind\n- Viktor Pereira\n\nEvery other customer (20 of 24) has at least one order.',
  ],
  ['tripwire', 'gold-tier-revenue', 'The gold tier total is $3,164.38 (excluding cancelled orders).'],
  ['tripwire', 'largest-order', 'Order #1033, $392.95. The next largest is #1040 at $380.00.'],
  [
    'tripwire',
    'refunds-by-reason',
    '<table>\n<tr><th>reason</th><th>count</th></tr>\n<tr><td>changed mind</td><td>5</td></tr>\n<tr><td>damaged</td><td>1</td></tr>\n<tr><td>wrong item</td><td>1</td></tr>\n</table>',
  ],
  ['tripwire', 'avg-order-by-tier', 'tier: bronze\naverage: $235.58\n\ntier: gold\naverage: $228.44\n\ntier: silver\naverage: $204.53'],
  ['tripwire', 'refund-a', 'Refund processed.\n- **Order**: #{order}\n- **Refunded**: $297.61'],
  ['tripwire', 'refund-a', 'Refunded $297.61 (1 refund, 100% of the order) for order #{order}.'],
  ['tripwire', 'top-refund-customer', 'Quinn Kowal: $277.17 (1 refund)'],
  ['web-portal', 'refund-status', 'Declined (the refund was not issued)'],
  ['web-portal', 'refund-status', '**Refund status:** Declined — no refund was issued.'],
  ['web-portal', 'refund-declined', 'Declined (the refund was not issued)'],
  ['web-portal', 'refund-declined', "Declined: the requester's email does not match, so nothing was approved."],
  ['web-portal', 'customer-orders', 'Three orders.'],
  ['web-portal', 'policy-window', 'thirty days'],
  ['web-portal', 'largest-delivered', '```json\n{"order": "#1052", "amount": "$442.67"}\n```'],
  ['web-portal', 'refund-a', 'Refunded $101.03 (10103 cents) for order #{order}.'],
];

const CAUGHT: [world: string, task: string, answer: string][] = [
  ['tripwire', 'march-orders', '16 or 17'],
  ['tripwire', 'march-orders', '16, 17, 18'],
  ['tripwire', 'march-orders', 'maybe 16'],
  ['tripwire', 'march-orders', '16 (or 17)'],
  ['tripwire', 'march-orders', '16 (of 80 total) — or 80'],
  ['tripwire', 'march-orders', 'Answer: 16. Final answer: 17'],
  ['tripwire', 'march-orders', 'sixteen, seventeen'],
  ['tripwire', 'march-orders', '16.\nIt could also be 17.'],
  ['tripwire', 'march-orders', '```json\n[16, 17]\n```'],
  ['tripwire', 'top-refund-customer', '{"customer": ["Quinn Kowal", "Mira Abara"], "total": 277.17}'],
  ['tripwire', 'top-refund-customer', '- **Customer**: Quinn Kowal\n- **Customer**: Mira Abara\n- **Total**: $277.17'],
  ['tripwire', 'top-refund-customer', 'Quinn Kowal, $277.17. The runner-up could be Mira Abara.'],
  [
    'tripwire',
    'customers-without-orders',
    'Emeka Moreau\nLena Ito\nOmar Lind\nViktor Pereira, Sven Pereira, Bruno Kowal, Ivo Gallo, Priya Fischer, Wen Novak, Farah Berg',
  ],
  [
    'tripwire',
    'customers-without-orders',
    'Emeka Moreau, Lena Ito, Omar Lind, Viktor Pereira.\nFor reference, the other customers are Sven Pereira, Bruno Kowal, Ivo Gallo and Priya Fischer.',
  ],
  [
    'tripwire',
    'orders-by-status',
    '| status | count |\n|---|---|\n| cancelled | 20 |\n| cancelled | 21 |\n| delivered | 19 |\n| delivered | 18 |\n| placed | 20 |\n| placed | 21 |\n| shipped | 21 |\n| shipped | 22 |',
  ],
  ['tripwire', 'refund-a', '$297.61 or $225.79'],
  ['tripwire', 'refund-a', '$297.61 (not $29.76 unless only a partial refund applies)'],
  ['tripwire', 'march-orders', '16 orders (not counting 17 if refunds count)'],
  ['web-portal', 'refund-status', 'not only declined but also issued'],
  ['web-portal', 'refund-status', 'Declined (maybe issued)'],
  ['web-portal', 'refund-declined', 'Approved, not declined'],
  ['web-portal', 'customer-orders', 'three or four'],
  ['web-portal', 'policy-window', 'thirty days.\nA second reading gave 45 days.'],
];

describe('issue 21: honest answers read as a full match', () => {
  it.each(HONEST)('%s %s: %j', async (world, task, answer) => {
    const layer = await l0(world, task, answer);
    expect(layer.value, layer.reasons.join('; ')).toBe(1);
  });
});

describe('issue 21: shotguns and hedges beside each relaxation stay caught', () => {
  it.each(CAUGHT)('%s %s: %j', async (world, task, answer) => expect((await l0(world, task, answer)).value).toBeLessThanOrEqual(0.25));
});
