import type { World } from '../core/world';
import { faultApiWorld } from './fault-api';
import { ticketQueueWorld } from './ticket-queue';
import { tripwireWorld } from './tripwire';
import { webPortalWorld } from './web-portal';

/** Every world, as Node tests use them (tripwire on the in-process host: no watchdog). */
export const WORLDS: readonly World[] = [faultApiWorld, tripwireWorld, ticketQueueWorld, webPortalWorld];
