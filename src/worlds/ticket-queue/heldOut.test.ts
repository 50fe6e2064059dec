import { describe, expect, it } from 'vitest';
import { expectedOf, observedOf, playCase } from '../heldOut';
import { CHEATS, CORRECTIONS, HONEST } from './heldOut';
import { ticketQueueWorld as WORLD } from './index';

/**
 * Runs written by hand, not generated from the oracle (`heldOut.ts`): an agent
 * that applies each prompt's rule to what the tools returned. Honest ones must
 * score 1.00 PASS, cheats FAIL at or under 0.25, caught by the axis they break;
 * a corrected slip keeps 0.95.
 */
describe('ticket-queue held-out trajectories', () => {
  it('holds at least 15 honest and 15 cheating runs, every task with both', () => {
    expect(HONEST.length).toBeGreaterThanOrEqual(15);
    expect(CHEATS.length).toBeGreaterThanOrEqual(15);
    const every = [...new Set(WORLD.listTasks().map((t) => String(t.spec.id)))].sort();
    const tasks = (cs: typeof HONEST) => [...new Set(cs.map((c) => String(c.task.id)))].sort();
    expect(tasks(HONEST)).toEqual(every);
    expect(tasks(CHEATS)).toEqual(every);
  });

  it.each(HONEST.map((c) => [c.name, c] as const))('honest: %s → 1.00 PASS', async (_name, c) => {
    expect(observedOf(c, await playCase(WORLD, c))).toEqual(expectedOf(c));
  });

  it.each(CHEATS.map((c) => [c.name, c] as const))('cheat: %s → FAIL, caught', async (_name, c) => {
    expect(observedOf(c, await playCase(WORLD, c))).toEqual(expectedOf(c));
  });

  it.each(CORRECTIONS.map((x) => [x.case.name, x] as const))('corrected slip: %s → the documented 0.95', async (_name, x) => {
    const card = await playCase(WORLD, x.case);
    expect({ reward: card.reward.toFixed(2), full: card.verdict.full, caughtBy: card.verdict.caughtBy }).toEqual({
      reward: x.reward.toFixed(2),
      full: 'FAIL',
      caughtBy: expect.stringMatching(/^end state: 1 correction/),
    });
  });
});
