import type { World } from '../core/world';
import { WORLDS } from '../worlds/registry';
import { createTripwireWorld } from '../worlds/tripwire';
import { createNodeHost } from '../worlds/tripwire/nodeHost';
import { CliError } from './io';

let guarded: readonly World[] | null = null;

/**
 * The CLI's worlds. For SQL from outside (`play`, `score`, `sql`), tripwire's
 * databases live in worker threads behind the watchdog, so a runaway query
 * cannot hang the command; the reference agents' own SQL runs in-process,
 * which is ~50× faster (a worker per episode costs ~100 ms to start).
 */
export function worldsForNode(untrusted = false): readonly World[] {
  if (!untrusted) return WORLDS;
  guarded ??= WORLDS.map((w) => (w.id === 'tripwire' ? createTripwireWorld({ host: createNodeHost() }) : w));
  return guarded;
}

export function requireWorld(id: unknown, untrusted = false): World {
  const worlds = worldsForNode(untrusted);
  if (typeof id !== 'string' || id === '') throw new CliError(`a world is required (one of: ${worlds.map((w) => w.id).join(', ')})`);
  const world = worlds.find((w) => w.id === id);
  if (!world) throw new CliError(`unknown world "${id}" (known: ${worlds.map((w) => w.id).join(', ')})`);
  return world;
}
