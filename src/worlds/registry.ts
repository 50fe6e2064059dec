import type { World } from '../core/world';
import { faultApiWorld } from './fault-api';
import { ticketQueueWorld } from './ticket-queue';
import { tripwireWorld } from './tripwire';
import { webPortalWorld } from './web-portal';

const registered: World[] = [faultApiWorld, tripwireWorld, ticketQueueWorld, webPortalWorld];

/**
 * Every world, as Node tests use them (tripwire on the in-process host: no
 * watchdog). Everything generic outside the UI iterates this list — validate,
 * the CLI's world lists, suites, the contract and variant tests — so a world is
 * added here and nowhere else (its CLI extras: `cliRegistry.ts`).
 */
export const WORLDS: readonly World[] = registered;

/**
 * Adds a world to WORLDS for the rest of the process: the hook the test-only
 * fixture worlds come in by (`testing/register.ts`), so they run through the
 * same generic code as the shipped ones. A second world with a taken id is
 * refused: lookups by id would find only the first.
 */
export function registerWorld(world: World): void {
  const same = registered.find((w) => w.id === world.id);
  if (same === world) return;
  if (same) throw new Error(`a world "${world.id}" is already registered`);
  registered.push(world);
}
