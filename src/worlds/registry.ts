import type { World } from '../core/world';
import { faultApiWorld } from './fault-api';

export const WORLDS: readonly World[] = [faultApiWorld];

export function getWorld(id: string): World | undefined {
  return WORLDS.find((w) => w.id === id);
}
