import type { World } from '../core/world';
import { WORLD_CLIS } from '../worlds/cliRegistry';
import { WORLDS } from '../worlds/registry';
import { CliError } from './io';

/** A world's command-line extras, if it declares any. */
export const cliOf = (world: Pick<World, 'id'>) => WORLD_CLIS.find((c) => c.world === world.id);

/**
 * The CLI's worlds. For input from outside (`play`, `score`, `mcp`, a suite),
 * a world whose extras declare a guarded form (`WorldCli.guarded`) runs as
 * that; our own reference agents run on the registry's worlds.
 */
export function worldsForNode(untrusted = false): readonly World[] {
  return untrusted ? WORLDS.map((w) => cliOf(w)?.guarded?.() ?? w) : WORLDS;
}

export function requireWorld(id: unknown, untrusted = false): World {
  const worlds = worldsForNode(untrusted);
  if (typeof id !== 'string' || id === '') throw new CliError(`a world is required (one of: ${worlds.map((w) => w.id).join(', ')})`);
  const world = worlds.find((w) => w.id === id);
  if (!world) throw new CliError(`unknown world "${id}" (known: ${worlds.map((w) => w.id).join(', ')})`);
  return world;
}
