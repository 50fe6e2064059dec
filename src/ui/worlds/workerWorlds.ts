import type { World } from '../../core/world';
import { worldEntry } from './registry';
import type { CalibrationJob } from './types';

function entryOf(id: string) {
  const entry = worldEntry(id);
  if (!entry) throw new Error(`unknown world "${id}"`);
  return entry;
}

/**
 * A world as a Web Worker loads it to run reference agents: every world in
 * the registry, through its `inWorker` loader where the page's does not fit
 * (their SQL is ours, so tripwire runs in-process, without a watchdog).
 */
export async function referenceWorldInWorker(id: string): Promise<World> {
  const entry = entryOf(id);
  return entry.inWorker ? entry.inWorker() : entry.load('reference');
}

/** A world's own calibration job, for the calibration worker. */
export async function calibrationJobInWorker(id: string): Promise<CalibrationJob> {
  const entry = entryOf(id);
  if (!entry.calibrationJob) throw new Error(`${id} has no calibration job of its own`);
  return entry.calibrationJob();
}
