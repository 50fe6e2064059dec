import type { JsonObject } from '../../core/json';
import type { Step, Stop, Trace } from '../../core/types';
import type { RunLocks } from '../lib/runLocks';
import type { SavedRun } from '../lib/storage';
import type { UnsavedRun } from '../lib/unsavedRuns';

/** Whether the latest trace is in storage; if not, why, and how much of it is. */
export type SaveState =
  | { kind: 'saved' }
  /** Written when it ends (a model's run), not before. */
  | { kind: 'not-yet' }
  | { kind: 'saving' }
  | {
      kind: 'failed';
      message: string;
      /** No storage at all (missing, or never opened): the run lives in this tab only. */
      memoryOnly: boolean;
      /** Steps of this run the last good write of this tab holds (null: none). */
      savedSteps: number | null;
    };

/** This tab writes the run, or only shows it (and why). */
export type Access = { kind: 'writer' } | { kind: 'reader'; why: 'open-elsewhere' | 'taken-over' | 'written-elsewhere' };

/** One live episode's store: what its views render. `driver` is the driver's own slice. */
export interface EpisodeState<D> {
  trace: Trace;
  save: SaveState;
  access: Access;
  driver: D;
}

/** The run records the controller reads and writes (storage.ts in the page). */
export interface RunStore {
  save(run: SavedRun): Promise<void>;
  load(id: string): Promise<SavedRun | undefined>;
  claim(id: string): Promise<SavedRun | undefined>;
}

/** Runs this tab holds that storage did not take (unsavedRuns.ts in the page). */
export interface UnsavedList {
  keep(run: UnsavedRun): void;
  drop(id: string): void;
}

export interface LiveDeps {
  store: RunStore;
  locks: RunLocks;
  /** Wall clock (ms since the epoch) for `savedAt`. */
  now(): number;
  unsaved: UnsavedList;
}

/**
 * `each-step`: a person's run, saved after every step and written by one tab
 * at a time (it can be reopened and resumed). `at-end`: a model's run, saved
 * once it has ended (its conversation cannot be resumed after a reload).
 */
export type Persist = 'each-step' | 'at-end';

export interface ControllerOptions {
  persist: Persist;
  /** Called once, when the episode has stopped: trace meta the driver adds (a model's messages and usage). */
  onEnd?(steps: readonly Step[], stop: Stop): JsonObject | undefined;
}
