import type { SavedRun } from '../lib/storage';
import { StaleWriteError } from '../lib/storageErrors';
import type { HeldLock, RunLocks } from '../lib/runLocks';
import type { UnsavedRun } from '../lib/unsavedRuns';
import type { LiveDeps, RunStore, UnsavedList } from './types';

/** IndexedDB's run store as storage.ts keeps it: whole records, and a write with a lower lease refused. */
export class MemoryStore implements RunStore {
  records = new Map<string, SavedRun>();
  writes = 0;
  /** While set, every operation rejects with it (a full disk, no IndexedDB). */
  failure: unknown = null;

  async save(run: SavedRun): Promise<void> {
    if (this.failure) throw this.failure;
    const held = this.records.get(run.id);
    if ((held?.lease ?? 0) > (run.lease ?? 0)) throw new StaleWriteError(run.id, held!.trace.steps.length);
    this.records.set(run.id, structuredClone(run));
    this.writes++;
  }

  async load(id: string): Promise<SavedRun | undefined> {
    if (this.failure) throw this.failure;
    return structuredClone(this.records.get(id));
  }

  async claim(id: string): Promise<SavedRun | undefined> {
    if (this.failure) throw this.failure;
    const held = this.records.get(id);
    if (!held) return undefined;
    const claimed = { ...held, lease: (held.lease ?? 0) + 1 };
    this.records.set(id, claimed);
    return structuredClone(claimed);
  }
}

/** Web Locks as two tabs of one browser share them: one holder per name, a steal tells the holder. */
export class SharedLocks implements RunLocks {
  private held = new Map<string, () => void>();

  async acquire(runId: string, how: 'if-free' | 'steal'): Promise<HeldLock | null> {
    if (this.held.has(runId) && how === 'if-free') return null;
    this.held.get(runId)?.();
    let markLost = () => {};
    const lost = new Promise<void>((r) => (markLost = r));
    this.held.set(runId, markLost);
    return { lost, release: () => this.held.get(runId) === markLost && this.held.delete(runId) };
  }

  isHeld(runId: string): boolean {
    return this.held.has(runId);
  }
}

/** Every tab may write: a browser without Web Locks (the storage lease still guards). */
export const noLocks: RunLocks = { acquire: async () => ({ lost: new Promise(() => undefined), release: () => undefined }) };

/** The library's list of runs storage did not take, for one test. */
export class UnsavedMemory implements UnsavedList {
  runs = new Map<string, UnsavedRun>();
  keep(run: UnsavedRun): void {
    this.runs.set(run.id, run);
  }
  drop(id: string): void {
    this.runs.delete(id);
  }
}

/** One tab's dependencies over a shared store and locks. */
export const tabDeps = (store: RunStore, locks: RunLocks, unsaved: UnsavedList = new UnsavedMemory()): LiveDeps => ({ store, locks, now: () => 1, unsaved });
