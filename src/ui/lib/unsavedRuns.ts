import type { Trace } from '../../core/types';

/**
 * Runs this tab holds that storage did not take (a failed write, no
 * IndexedDB, a run another tab owns now). The library lists them beside the
 * saved ones, so a trace that exists only in memory can still be found and
 * exported before the tab closes.
 */
export interface UnsavedRun {
  id: string;
  trace: Trace;
  /** Why it is not saved, as the person reads it. */
  reason: string;
}

const unsaved = new Map<string, UnsavedRun>();

export function keepUnsaved(run: UnsavedRun): void {
  unsaved.set(run.id, run);
}

/** Saved after all, or deleted: no longer listed as unsaved. */
export function dropUnsaved(id: string): void {
  unsaved.delete(id);
}

export function unsavedRuns(): UnsavedRun[] {
  return [...unsaved.values()];
}
