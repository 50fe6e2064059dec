import type { World } from '../core/world';
import { faultApiWorld } from './fault-api';
import { ticketQueueWorld } from './ticket-queue';

export const WORLDS: readonly World[] = [faultApiWorld, ticketQueueWorld];

export function getWorld(id: string): World | undefined {
  return WORLDS.find((w) => w.id === id);
}
