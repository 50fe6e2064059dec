import { afterAll, vi } from 'vitest';
import { WORLDS } from '../registry';

/**
 * Setup for the `shared` test project (vitest.config.ts), whose files run one after another in a worker on the
 * same modules: a file that registered a world, or left fake timers on, would change what every later file in
 * that worker sees, and the run would pass or fail by file order. Such a file fails here instead.
 */
const before = WORLDS.map((w) => w.id).join(', ');

afterAll(() => {
  const after = WORLDS.map((w) => w.id).join(', ');
  if (after !== before)
    throw new Error(
      `this file changed WORLDS (${before} → ${after}): register worlds only by importing worlds/testing/register.ts, which runs the file in the fixture-worlds project (vitest.config.ts)`,
    );
  if (vi.isFakeTimers()) throw new Error('this file left fake timers on: restore real timers, or run it isolated (vitest.config.ts)');
});
