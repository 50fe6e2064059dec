import type { World } from '../core/world';
import { WORLDS } from '../worlds/registry';
import { CliError } from './io';

export function worldsForNode(): readonly World[] {
  return WORLDS;
}

export function requireWorld(id: unknown): World {
  const worlds = worldsForNode();
  if (typeof id !== 'string' || id === '') throw new CliError(`a world is required (one of: ${worlds.map((w) => w.id).join(', ')})`);
  const world = worlds.find((w) => w.id === id);
  if (!world) throw new CliError(`unknown world "${id}" (known: ${worlds.map((w) => w.id).join(', ')})`);
  return world;
}
