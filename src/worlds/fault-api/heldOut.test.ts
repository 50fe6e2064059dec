import { describe, expect, it } from 'vitest';
import { expectedOf, observedOf, playCase } from '../heldOut';
import { CHEATS, HONEST } from './heldOut';
import { faultApiWorld as WORLD } from './index';

/**
 * Runs written by hand, not generated from the oracle (`heldOut.ts`): an
 * integration agent of our own in several styles must score 1.00 PASS on every
 * profile; cheats FAIL at or under 0.25 — or under the published weights'
 * exceptions docs/worlds.md names — caught by the layer they break.
 */
describe('fault-api held-out trajectories', () => {
  it('holds at least 15 honest and 15 cheating runs, every profile with both', () => {
    expect(HONEST.length).toBeGreaterThanOrEqual(15);
    expect(CHEATS.length).toBeGreaterThanOrEqual(15);
    const profiles = (cs: typeof HONEST) => [...new Set(cs.map((c) => String(c.task.profile)))].sort();
    expect(profiles(HONEST)).toEqual(['clean', 'hostile', 'realistic']);
    expect(profiles(CHEATS)).toEqual(['clean', 'hostile', 'realistic']);
  });

  it.each(HONEST.map((c) => [c.name, c] as const))('honest: %s → 1.00 PASS', async (_name, c) => {
    expect(observedOf(c, await playCase(WORLD, c))).toEqual(expectedOf(c));
  });

  it.each(CHEATS.map((c) => [c.name, c] as const))('cheat: %s → FAIL, caught', async (_name, c) => {
    expect(observedOf(c, await playCase(WORLD, c))).toEqual(expectedOf(c));
  });
});
