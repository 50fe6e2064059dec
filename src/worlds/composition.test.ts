import { describe, expect, it } from 'vitest';
import { defaultSpec, printedShares, specProblem } from '../core/composition';
import { runEpisode } from '../core/episode';
import type { Scorecard } from '../core/types';
import { verdictStory } from '../core/verdictStory';
import { compositionOf } from '../traces/composition';
import { WORLDS } from './registry';
// The fixture worlds too: a world is its folder, and generic code serves any registered one.
import './testing/register';

const hundredths = (s: string) => Math.round(Number(s) * 100);

/** What every screen relies on when it prints a scorecard's shares. */
function expectShares(card: Scorecard, where: string) {
  const c = card.composition;
  expect(c, where).toBeDefined();
  if (!c) return;
  const sum = c.terms.reduce((s, t) => s + t.adds, 0);
  expect(Math.abs(sum - card.reward), `${where}: adds ${sum} vs reward ${card.reward}`).toBeLessThanOrEqual(1e-9);
  const printed = printedShares(c, card.reward);
  const printedSum = [...printed.adds.values()].reduce((s, x) => s + hundredths(x), 0);
  expect(printedSum, `${where}: printed ${[...printed.adds.values()].join(' + ')} vs ${printed.total}`).toBe(hundredths(printed.total));
  for (const x of printed.adds.values()) expect(Number(x), where).toBeGreaterThanOrEqual(0);
  const ids = new Set(card.layers.map((l) => l.id));
  const placed = [...c.factors, ...c.terms.map((t) => t.layer), ...c.unused.map((u) => u.layer)];
  for (const id of ids) expect(placed, `${where}: layer ${id} is neither counted nor listed as unused`).toContain(id);
}

describe.each(WORLDS.map((w) => [w.id, w] as const))('the scorecard shows the verifier’s arithmetic: %s', (_id, world) => {
  it('every task’s composition is well formed for the rubric', () => {
    for (const task of world.listTasks()) {
      const spec = world.rubric.compose ? world.rubric.compose(task) : defaultSpec(world.rubric.layers);
      expect(specProblem(world.rubric.layers, spec), task.id).toBeNull();
    }
  });

  it('every reference agent on every task: the shares sum to the reward, exactly as printed and to 1e-9, and a sentence says why', async () => {
    let episodes = 0;
    for (const task of world.listTasks())
      for (const ref of world.referenceAgents.filter((a) => a.appliesTo(task))) {
        const where = `${ref.id} (${ref.role}) on ${task.id}`;
        const card = (await runEpisode(world, task, ref.create(task))).scorecard!;
        expectShares(card, where);
        // A scorecard recorded without its composition gets the same one back from the rubric.
        const { composition, ...old } = card;
        expect(compositionOf(world, task.spec, old), where).toEqual(composition);
        const story = verdictStory(card);
        expect(story, where).toMatch(card.verdict.naive === card.verdict.full ? /agree/ : new RegExp(`naive ${card.verdict.naive}.*full ${card.verdict.full}`));
        episodes++;
      }
    expect(episodes).toBeGreaterThan(0);
  }, 120_000);
});
