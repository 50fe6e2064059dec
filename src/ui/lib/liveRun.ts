import { Episode } from '../../core/episode';
import type { Step, Task, ToolCall, Trace } from '../../core/types';
import type { World } from '../../core/world';
import { browserLocks, type HeldLock, type RunLocks } from './runLocks';
import { claimRun, loadRun, saveRun, type SavedRun } from './storage';
import { describeStorageError, StaleWriteError, StorageUnavailableError } from './storageErrors';
import { dropUnsaved, keepUnsaved } from './unsavedRuns';

/** Whether the latest trace is in storage; if not, why, and how much of it is. */
export type SaveState =
  | { kind: 'saved' }
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

export interface RunSnapshot {
  trace: Trace;
  save: SaveState;
  access: Access;
}

export interface RunStore {
  save(run: SavedRun): Promise<void>;
  load(id: string): Promise<SavedRun | undefined>;
  claim(id: string): Promise<SavedRun | undefined>;
}

export interface LiveRunDeps {
  store: RunStore;
  locks: RunLocks;
  /** Wall clock for `savedAt`. */
  now(): number;
}

const browserDeps = (): LiveRunDeps => ({ store: { save: saveRun, load: loadRun, claim: claimRun }, locks: browserLocks(), now: Date.now });

type Listener = (snapshot: RunSnapshot) => void;

/** Rebuild an episode by replaying a trace's calls: the world is deterministic, so the state is identical. */
async function replay(world: World, task: Task, trace: Trace): Promise<Episode> {
  const episode = await Episode.open(world, task, { ...trace.agent }, { events: trace.events });
  for (const s of trace.steps) {
    const step = await episode.apply(s.call);
    if (step && s.durationMs !== undefined) step.durationMs = s.durationMs;
  }
  if (trace.stop) episode.end(trace.stop);
  return episode;
}

/**
 * A person's episode in progress. It lives outside React state (the store
 * holds only its id). Every change is saved before it is shown, and a write
 * that fails is reported, never thrown: the episode in memory goes on, and
 * the next write carries all of it. Only the tab holding the run's lock
 * writes; another tab on the run shows it read-only until the person takes
 * over or forks a copy.
 */
export class LiveRun {
  private listeners = new Set<Listener>();
  private lastActionAt = performance.now();
  private busy: Promise<unknown> = Promise.resolve();
  private lock: HeldLock | null = null;
  private save: SaveState = { kind: 'saved' };

  private constructor(
    readonly id: string,
    readonly world: World,
    readonly task: Task,
    private episode: Episode,
    public trace: Trace,
    private readonly deps: LiveRunDeps,
    private access: Access,
    private lease: number,
    private savedSteps: number | null,
  ) {}

  static async start(world: World, task: Task, id: string, deps: LiveRunDeps = browserDeps()): Promise<LiveRun> {
    const episode = await Episode.open(world, task, { kind: 'human', name: 'you', hints: false });
    return LiveRun.begin(id, world, task, episode, deps);
  }

  /** A new run with a fresh id, its first write done (or its failure recorded). */
  private static async begin(id: string, world: World, task: Task, episode: Episode, deps: LiveRunDeps): Promise<LiveRun> {
    const run = new LiveRun(id, world, task, episode, await episode.toTrace(), deps, { kind: 'writer' }, 0, null);
    run.hold(await deps.locks.acquire(id, 'if-free'));
    await run.persist();
    return run;
  }

  /**
   * A saved run opened in this tab: its writer if no other tab holds it (the
   * claim makes any tab that held it before stale), else shown read-only.
   */
  static async open(world: World, id: string, deps: LiveRunDeps = browserDeps()): Promise<LiveRun> {
    const lock = await deps.locks.acquire(id, 'if-free');
    try {
      const saved = lock ? await deps.store.claim(id) : await deps.store.load(id);
      if (!saved) throw new Error(`no saved run "${id}" in this browser`);
      const task = world.makeTask(saved.trace.task);
      if (!task.ok) throw new Error(`the saved run's task is no longer valid: ${task.error}`);
      const episode = await replay(world, task.value, saved.trace);
      const access: Access = lock || saved.finished ? { kind: 'writer' } : { kind: 'reader', why: 'open-elsewhere' };
      const run = new LiveRun(id, world, task.value, episode, await episode.toTrace(), deps, access, saved.lease ?? 0, saved.trace.steps.length);
      // A finished run is never written again: no need to keep other tabs from it.
      if (saved.finished) lock?.release();
      else run.hold(lock);
      return run;
    } catch (e) {
      lock?.release();
      throw e;
    }
  }

  get finished(): boolean {
    return this.trace.stop !== null;
  }

  get snapshot(): RunSnapshot {
    return { trace: this.trace, save: this.save, access: this.access };
  }

  subscribe(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Run one call; null when the episode is over or this tab does not write the run. Calls are queued, so a double click never interleaves two steps. */
  call(call: ToolCall): Promise<Step | null> {
    return this.queue(async () => {
      if (this.access.kind !== 'writer') return null;
      const step = await this.episode.apply(call);
      if (step) {
        const now = performance.now();
        step.durationMs = Math.round(now - this.lastActionAt);
        this.lastActionAt = now;
      }
      await this.refresh();
      return step;
    });
  }

  giveUp(): Promise<void> {
    return this.queue(async () => {
      if (this.access.kind !== 'writer') return;
      this.episode.end({ reason: 'abandoned', terminated: false, truncated: false, detail: 'the player gave up' });
      await this.refresh();
    });
  }

  /** Show the verifier's events during play; recorded on the trace for good. */
  revealHints(): Promise<void> {
    return this.queue(async () => {
      if (this.access.kind !== 'writer') return;
      this.episode.revealHints();
      await this.refresh();
    });
  }

  /**
   * Become the run's writer: the other tab's lock is stolen (it goes
   * read-only), and the run is reloaded from storage as claimed, so steps the
   * other tab saved after this one last looked are kept.
   */
  takeOver(): Promise<void> {
    return this.queue(async () => {
      if (this.access.kind === 'writer') return;
      const lock = await this.deps.locks.acquire(this.id, 'steal');
      try {
        const saved = await this.deps.store.claim(this.id);
        if (!saved) throw new Error('this run is no longer saved in this browser (deleted in another tab?)');
        const episode = await replay(this.world, this.task, saved.trace);
        void this.episode.close().catch(() => undefined);
        this.episode = episode;
        this.trace = await episode.toTrace();
        this.lease = saved.lease ?? 0;
        this.savedSteps = saved.trace.steps.length;
      } catch (e) {
        lock?.release();
        throw e;
      }
      this.hold(lock);
      this.access = { kind: 'writer' };
      this.save = { kind: 'saved' };
      dropUnsaved(this.id);
      this.emit();
    });
  }

  /** A copy of the run as this tab shows it, under a new id, written by this tab. */
  fork(id: string): Promise<LiveRun> {
    return this.queue(async () => LiveRun.begin(id, this.world, this.task, await replay(this.world, this.task, this.trace), this.deps));
  }

  private queue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.busy.then(work);
    this.busy = next.catch(() => undefined);
    return next;
  }

  private hold(lock: HeldLock | null): void {
    this.lock = lock;
    if (!lock) return;
    void lock.lost.then(() => {
      if (this.lock !== lock) return;
      this.lock = null;
      if (this.access.kind === 'writer' && !this.finished) {
        this.access = { kind: 'reader', why: 'taken-over' };
        this.emit();
      }
    });
  }

  private async refresh(): Promise<void> {
    this.trace = await this.episode.toTrace();
    await this.persist();
    // A finished run is never written again: other tabs may have it.
    if (this.finished && this.access.kind === 'writer') {
      this.lock?.release();
      this.lock = null;
    }
    this.emit();
  }

  /** Write the whole trace; a failure is recorded for the banner, never thrown. */
  private async persist(): Promise<void> {
    const trace = this.trace;
    try {
      await this.deps.store.save({ id: this.id, trace, savedAt: this.deps.now(), finished: this.finished, lease: this.lease });
      this.savedSteps = trace.steps.length;
      this.save = { kind: 'saved' };
      dropUnsaved(this.id);
    } catch (e) {
      if (e instanceof StaleWriteError) {
        this.lock?.release();
        this.lock = null;
        this.access = { kind: 'reader', why: 'written-elsewhere' };
      }
      const memoryOnly = e instanceof StorageUnavailableError;
      this.save = { kind: 'failed', message: describeStorageError(e), memoryOnly, savedSteps: this.savedSteps };
      keepUnsaved({ id: this.id, trace, reason: memoryOnly ? 'not saved: in this tab only' : 'not saved' });
    }
  }

  private emit(): void {
    const snap = this.snapshot;
    for (const fn of this.listeners) fn(snap);
  }
}

const live = new Map<string, Promise<LiveRun>>();
const newRunId = () => `run-${crypto.randomUUID()}`;

export function startRun(world: World, task: Task): Promise<LiveRun> {
  const id = newRunId();
  const p = LiveRun.start(world, task, id);
  live.set(id, p);
  p.catch(() => live.delete(id));
  return p;
}

/** "Fork a copy": this tab's view of the run, as a new run this tab writes. */
export function forkRun(run: LiveRun): Promise<LiveRun> {
  const id = newRunId();
  const p = run.fork(id);
  live.set(id, p);
  p.catch(() => live.delete(id));
  return p;
}

/** Drops deleted runs from this tab's memory, so their links say they are gone instead of resurrecting them. */
export function forgetRuns(ids: readonly string[]): void {
  for (const id of ids) {
    live.delete(id);
    dropUnsaved(id);
  }
}

/** The live run with this id, restored from storage after a reload. */
export function getRun(id: string, world: World): Promise<LiveRun> {
  let p = live.get(id);
  if (!p) {
    p = LiveRun.open(world, id).catch((e: unknown) => {
      if (e instanceof StorageUnavailableError)
        throw new Error(
          `This run cannot be read from this browser’s storage (${e.message}). Reload to try again; a run played while storage was unavailable was kept in its tab only, and is gone.`,
          { cause: e },
        );
      throw e;
    });
    live.set(id, p);
    p.catch(() => live.delete(id));
  }
  return p;
}
