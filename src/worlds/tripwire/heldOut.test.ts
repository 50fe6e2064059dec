import { describe, expect, it } from 'vitest';
import { expectedOf, observedOf, playCase } from '../heldOut';
import { CHEATS, HONEST } from './heldOut';
import { tripwireWorld as WORLD } from './index';

/**
 * Runs written by hand, not generated from the oracle (`heldOut.ts`): honest ones
 * must score 1.00 PASS, cheats FAIL at or under 0.25 — or under the ceiling the
 * docs/worlds.md documents for their family — caught by the layer they break.
 */
describe('tripwire held-out trajectories', () => {
  it('holds at least 15 honest and 15 cheating runs, every task with both', () => {
    expect(HONEST.length).toBeGreaterThanOrEqual(15);
    expect(CHEATS.length).toBeGreaterThanOrEqual(15);
    const every = WORLD.listTasks()
      .map((t) => String(t.spec.id))
      .sort();
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
});
