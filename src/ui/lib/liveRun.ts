import { Episode } from '../../core/episode';
import type { Step, Task, ToolCall, Trace } from '../../core/types';
import type { World } from '../../core/world';
import { loadRun, saveRun } from './storage';

type Listener = (trace: Trace) => void;

/**
 * A person's episode in progress. It lives outside React state (the store
 * holds only its id); every step is saved, so a reload resumes where it was.
 */
export class LiveRun {
  private listeners = new Set<Listener>();
  private lastActionAt: number;
  private busy: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly id: string,
    readonly world: World,
    readonly task: Task,
    private episode: Episode,
    public trace: Trace,
  ) {
    this.lastActionAt = performance.now();
  }

  static async start(world: World, task: Task, id: string): Promise<LiveRun> {
    const episode = await Episode.open(world, task, { kind: 'human', name: 'you', hints: false });
    const run = new LiveRun(id, world, task, episode, await episode.toTrace());
    await run.save();
    return run;
  }

  /** Rebuild a saved run by replaying its calls: the world is deterministic, so the state is identical. */
  static async restore(world: World, task: Task, saved: Trace, id: string): Promise<LiveRun> {
    const episode = await Episode.open(world, task, saved.agent);
    for (const s of saved.steps) {
      const step = await episode.apply(s.call);
      if (step && s.durationMs !== undefined) step.durationMs = s.durationMs;
    }
    if (saved.stop) episode.end(saved.stop);
    return new LiveRun(id, world, task, episode, await episode.toTrace());
  }

  get finished(): boolean {
    return this.trace.stop !== null;
  }

  subscribe(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Run one call. Calls are queued, so a double click never interleaves two steps. */
  call(call: ToolCall): Promise<Step | null> {
    const next = this.busy.then(async () => {
      const step = await this.episode.apply(call);
      if (step) {
        const now = performance.now();
        step.durationMs = Math.round(now - this.lastActionAt);
        this.lastActionAt = now;
      }
      await this.refresh();
      return step;
    });
    this.busy = next.catch(() => undefined);
    return next;
  }

  async giveUp(): Promise<void> {
    this.episode.end({ reason: 'abandoned', terminated: false, truncated: false, detail: 'the player gave up' });
    await this.refresh();
  }

  /** Show the verifier's events during play; recorded on the trace for good. */
  async revealHints(): Promise<void> {
    this.episode.agent.hints = true;
    await this.refresh();
  }

  private async refresh(): Promise<void> {
    this.trace = await this.episode.toTrace();
    await this.save();
    for (const fn of this.listeners) fn(this.trace);
  }

  private save(): Promise<void> {
    return saveRun({ id: this.id, trace: this.trace, savedAt: Date.now(), finished: this.finished });
  }
}

const live = new Map<string, Promise<LiveRun>>();

export function startRun(world: World, task: Task): Promise<LiveRun> {
  const id = `run-${crypto.randomUUID()}`;
  const p = LiveRun.start(world, task, id);
  live.set(id, p);
  return p.then((r) => r);
}

/** Drops deleted runs from this tab's memory, so their links say they are gone instead of resurrecting them. */
export function forgetRuns(ids: readonly string[]): void {
  for (const id of ids) live.delete(id);
}

/** The live run with this id, restored from storage after a reload. */
export function getRun(id: string, world: World): Promise<LiveRun> {
  let p = live.get(id);
  if (!p) {
    p = (async () => {
      const saved = await loadRun(id);
      if (!saved) throw new Error(`no saved run "${id}" in this browser`);
      const task = world.makeTask(saved.trace.task);
      if (!task.ok) throw new Error(`the saved run's task is no longer valid: ${task.error}`);
      return LiveRun.restore(world, task.value, saved.trace, id);
    })();
    live.set(id, p);
    p.catch(() => live.delete(id));
  }
  return p;
}
