import type { World } from '../../core/world';
import { worldEntry } from './registry';

/**
 * A world as a Web Worker loads it to run reference agents: every world in
 * the registry, through its `inWorker` loader where the page's does not fit
 * (their SQL is ours, so tripwire runs in-process, without a watchdog).
 */
export async function referenceWorldInWorker(id: string): Promise<World> {
  const entry = worldEntry(id);
  if (!entry) throw new Error(`unknown world "${id}"`);
  return entry.inWorker ? entry.inWorker() : entry.load('reference');
}
