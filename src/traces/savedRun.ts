import { err, ok, type Result } from '../core/result';
import type { Trace } from '../core/types';
import { traceAt } from './native';
import { readEntry, type GotchaEntry } from './suite';
import { booleanAt, numberAt, objectAt, optional, ShapeError, stringAt } from './validate';

/**
 * The records the page keeps in IndexedDB, parsed like any file: a record is
 * whatever an older (or newer) build wrote, so every read goes through here, and
 * a trace of an older version comes back migrated to the current one.
 */

/** A run saved in this browser: finished, or in progress. */
export interface SavedRun {
  id: string;
  trace: Trace;
  /** When the run was last saved (ms since epoch, from the UI's clock). */
  savedAt: number;
  /** Finished runs also appear in the trace library. */
  finished: boolean;
  /**
   * Which writer owns the run: a tab that takes a run over raises it, and a
   * write carrying a lower one is refused, so a tab that lost the run cannot
   * overwrite the steps played since. Absent (0) on runs written before it existed.
   */
  lease?: number;
}

/** One entry of the person's gotcha suite; `id` is the entry's. */
export interface SavedGotcha {
  id: string;
  entry: GotchaEntry;
  addedAt: number;
}

function located<T>(read: () => T): Result<T> {
  try {
    return ok(read());
  } catch (e) {
    if (e instanceof ShapeError) return err(e.message);
    throw e;
  }
}

/** A saved run from an IndexedDB record. Never throws: a bad record is a located error ("trace.steps[2].call.name: …"). */
export function parseSavedRun(value: unknown): Result<SavedRun> {
  return located(() => {
    const o = objectAt(value, '');
    const run: SavedRun = {
      id: stringAt(o.id, 'id'),
      trace: traceAt(o.trace, 'trace'),
      savedAt: numberAt(o.savedAt, 'savedAt'),
      finished: booleanAt(o.finished, 'finished'),
    };
    const lease = optional(o.lease, (l) => numberAt(l, 'lease'));
    if (lease !== undefined) run.lease = lease;
    return run;
  });
}

/** A saved gotcha from an IndexedDB record. Never throws. */
export function parseSavedGotcha(value: unknown): Result<SavedGotcha> {
  return located(() => {
    const o = objectAt(value, '');
    return { id: stringAt(o.id, 'id'), entry: readEntry(o.entry, 'entry'), addedAt: numberAt(o.addedAt, 'addedAt') };
  });
}
