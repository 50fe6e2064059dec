import { createStore, type StoreApi } from 'zustand/vanilla';
import { Episode } from '../../core/episode';
import type { AgentObservation } from '../../core/agent';
import type { JsonObject } from '../../core/json';
import { TRACE_FORMAT, TRACE_VERSION, type AgentInfo, type Step, type StepExtras, type Stop, type Task, type ToolCall, type Trace } from '../../core/types';
import type { World } from '../../core/world';
import type { HeldLock } from '../lib/runLocks';
import { describeStorageError, StaleWriteError, StorageUnavailableError } from '../lib/storageErrors';
import { extrasOf, StepStates } from '../lib/stepStates';
import type { Access, ControllerOptions, EpisodeState, LiveDeps, SaveState } from './types';

/** Rebuild an episode by replaying a trace's calls: the world is deterministic, so the state is identical. */
async function replay(world: World, task: Task, trace: Trace): Promise<Episode> {
  // The trace's own events (hints revealed, and when) carry over, so a reopened run says what it said.
  const episode = await Episode.open(world, task, { ...trace.agent }, { events: trace.events });
  for (const s of trace.steps) await episode.apply(s.call, extrasOf(s));
  if (trace.stop) episode.end(trace.stop);
  // What the trace says of itself (a fork's parent) stays with it when the run is reopened.
  if (trace.meta) episode.annotate(trace.meta);
  return episode;
}

interface Init<D> {
  access: Access;
  lease: number;
  savedSteps: number | null;
  save: SaveState;
  driver: D;
}

/**
 * One episode in progress, whoever plays it: the driver (a person's call
 * queue, a model's propose/approve loop) hands it calls, and it applies
 * them one at a time, keeps the state its own session reached after each
 * (the live tip is never replayed), saves as its policy says, and publishes
 * all of it on a zustand store the views read. A write that fails is
 * reported, never thrown: the episode in memory goes on, and the next write
 * carries all of it. A person's run is written by one tab at a time; another
 * tab on it only shows it until the person takes over or forks a copy.
 */
export class LiveEpisode<D> {
  readonly store: StoreApi<EpisodeState<D>>;
  readonly states: StepStates;
  private busy: Promise<unknown> = Promise.resolve();
  private lock: HeldLock | null = null;
  private lease: number;
  private savedSteps: number | null;
  private meta: JsonObject | null = null;
  private endStamped = false;

  private constructor(
    readonly id: string,
    readonly world: World,
    readonly task: Task,
    private episode: Episode,
    private readonly deps: LiveDeps,
    private readonly options: ControllerOptions,
    init: Init<D>,
  ) {
    this.lease = init.lease;
    this.savedSteps = init.savedSteps;
    this.states = new StepStates(world, task, () => this.store.getState().trace);
    // Replaced before anyone sees the store: start() and restore() publish the episode's first state.
    const before: Trace = {
      format: TRACE_FORMAT,
      version: TRACE_VERSION,
      world: world.id,
      task: task.spec,
      agent: episode.agent,
      steps: [],
      events: [],
      stop: null,
      scorecard: null,
    };
    this.store = createStore<EpisodeState<D>>()(() => ({ trace: before, save: init.save, access: init.access, driver: init.driver }));
  }

  /** A new episode under `id`, its first state shown (and, for a person's run, its first write done or its failure recorded). */
  static async start<D>(
    world: World,
    task: Task,
    agent: AgentInfo,
    id: string,
    deps: LiveDeps,
    options: ControllerOptions,
    driver: D,
  ): Promise<LiveEpisode<D>> {
    return LiveEpisode.begin(id, world, task, await Episode.open(world, task, agent), deps, options, driver);
  }

  /** An episode already under way (a fork, its kept steps replayed and verified) as a new live episode under `id`. */
  static adopt<D>(id: string, world: World, episode: Episode, deps: LiveDeps, options: ControllerOptions, driver: D): Promise<LiveEpisode<D>> {
    return LiveEpisode.begin(id, world, episode.task, episode, deps, options, driver);
  }

  private static async begin<D>(
    id: string,
    world: World,
    task: Task,
    episode: Episode,
    deps: LiveDeps,
    options: ControllerOptions,
    driver: D,
  ): Promise<LiveEpisode<D>> {
    const save: SaveState = options.persist === 'at-end' ? { kind: 'not-yet' } : { kind: 'saved' };
    // The page's clock on the run (exports write it as the run's start and end): a fork starts anew, its parent's times are the parent's.
    episode.annotate({ started_at: new Date(deps.now()).toISOString() });
    const live = new LiveEpisode(id, world, task, episode, deps, options, { access: { kind: 'writer' }, lease: 0, savedSteps: null, save, driver });
    if (options.persist === 'each-step') live.hold(await deps.locks.acquire(id, 'if-free'));
    await live.refresh();
    return live;
  }

  /**
   * A person's saved run, reopened in this tab: its writer if no other tab
   * holds it (the claim makes any tab that held it before stale), else shown
   * read-only.
   */
  static async restore<D>(world: World, id: string, deps: LiveDeps, options: ControllerOptions, driver: D): Promise<LiveEpisode<D>> {
    const lock = await deps.locks.acquire(id, 'if-free');
    try {
      const saved = lock ? await deps.store.claim(id) : await deps.store.load(id);
      if (!saved) throw new Error(`no saved run "${id}" in this browser`);
      const task = world.makeTask(saved.trace.task);
      if (!task.ok) throw new Error(`the saved run's task is no longer valid: ${task.error}`);
      const episode = await replay(world, task.value, saved.trace);
      const access: Access = lock || saved.finished ? { kind: 'writer' } : { kind: 'reader', why: 'open-elsewhere' };
      const init = { access, lease: saved.lease ?? 0, savedSteps: saved.trace.steps.length, save: { kind: 'saved' } as const, driver };
      const live = new LiveEpisode(id, world, task.value, episode, deps, options, init);
      live.endStamped = saved.finished;
      // A finished run is never written again: no need to keep other tabs from it.
      if (saved.finished) lock?.release();
      else live.hold(lock);
      await live.show();
      return live;
    } catch (e) {
      lock?.release();
      throw e;
    }
  }

  get state(): EpisodeState<D> {
    return this.store.getState();
  }

  get trace(): Trace {
    return this.state.trace;
  }

  get finished(): boolean {
    return this.trace.stop !== null;
  }

  get writer(): boolean {
    return this.state.access.kind === 'writer';
  }

  setDriver(patch: Partial<D>): void {
    this.store.setState((s) => ({ driver: { ...s.driver, ...patch } }));
  }

  /** Run one call; null when the episode is over or this tab does not write it. Calls queue, so two never interleave. */
  apply(call: ToolCall, extras: StepExtras = {}): Promise<Step | null> {
    return this.queue(async () => {
      if (!this.writer || this.episode.stop) return null;
      const step = await this.episode.apply(call, extras);
      await this.refresh();
      return step;
    });
  }

  /** What an agent is shown before its next move (the steps and the turns left). */
  observation(): AgentObservation {
    return this.episode.observation();
  }

  /** A call the agent answered itself, never run: it spends a turn, and the spent budget may end the episode. */
  spendUnsent(): Promise<void> {
    return this.queue(async () => {
      if (!this.writer || this.episode.stop) return;
      this.episode.spendUnsent();
      await this.refresh();
    });
  }

  /** End it here (a person gives up, a model stops or is stopped): scored as it stands, saved like any other. */
  end(stop: Stop): Promise<void> {
    return this.queue(async () => {
      if (!this.writer || this.episode.stop) return;
      this.episode.end(stop);
      await this.refresh();
    });
  }

  /** Show the verifier's events during play; recorded on the trace for good. */
  revealHints(): Promise<void> {
    return this.queue(async () => {
      if (!this.writer || this.episode.stop) return;
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
      if (this.writer) return;
      const lock = await this.deps.locks.acquire(this.id, 'steal');
      try {
        const saved = await this.deps.store.claim(this.id);
        if (!saved) throw new Error('this run is no longer saved in this browser (deleted in another tab?)');
        const episode = await replay(this.world, this.task, saved.trace);
        void this.episode.close().catch(() => undefined);
        this.episode = episode;
        this.lease = saved.lease ?? 0;
        this.savedSteps = saved.trace.steps.length;
      } catch (e) {
        lock?.release();
        throw e;
      }
      this.hold(lock);
      await this.states.reset();
      this.store.setState({ access: { kind: 'writer' }, save: { kind: 'saved' } });
      this.deps.unsaved.drop(this.id);
      await this.show();
    });
  }

  /** A copy of the episode as this tab shows it, under a new id, written by this tab. */
  fork<E>(id: string, driver: E): Promise<LiveEpisode<E>> {
    return this.queue(async () =>
      LiveEpisode.begin(id, this.world, this.task, await replay(this.world, this.task, this.trace), this.deps, this.options, driver),
    );
  }

  /** Let go of the sessions (the episode's, the replay cursor's): for an episode nobody will play on. */
  close(): Promise<void> {
    return this.queue(async () => {
      this.lock?.release();
      this.lock = null;
      await Promise.all([this.episode.close().catch(() => undefined), this.states.release()]);
    });
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
      if (this.writer && !this.finished) this.store.setState({ access: { kind: 'reader', why: 'taken-over' } });
    });
  }

  /** The trace now, with the state the session reached kept for the views: the live tip is never replayed. */
  private async current(): Promise<Trace> {
    const trace = await this.episode.toTrace();
    if (this.episode.stop && this.options.onEnd && this.meta === null) this.meta = this.options.onEnd(trace.steps, this.episode.stop) ?? {};
    if (this.meta && Object.keys(this.meta).length) trace.meta = { ...trace.meta, ...this.meta };
    this.states.put(trace.steps.length, { view: await this.episode.inspect(), scorecard: trace.scorecard! });
    return trace;
  }

  /** Publish the episode as it is, without writing it (reopened or taken over: storage already holds it). */
  private async show(): Promise<void> {
    const trace = await this.current();
    this.store.setState({ trace });
    if (trace.stop) await this.settle();
  }

  /** After a change: save as the policy says, then show it (a person's step is saved before it is shown). */
  private async refresh(): Promise<void> {
    // Only a change made here ends the run now: a run reopened already finished keeps the end it had (or none).
    if (this.episode.stop && this.endStamped === false) {
      this.episode.annotate({ ended_at: new Date(this.deps.now()).toISOString() });
      this.endStamped = true;
    }
    const trace = await this.current();
    if (this.options.persist === 'each-step') {
      await this.persist(trace);
      this.store.setState({ trace });
    } else if (trace.stop) {
      this.store.setState({ trace, save: { kind: 'saving' } });
      await this.persist(trace);
    } else this.store.setState({ trace });
    if (trace.stop) await this.settle();
  }

  /** A finished episode is never written again: other tabs may have it, and its session is done. */
  private async settle(): Promise<void> {
    this.lock?.release();
    this.lock = null;
    await this.episode.close().catch(() => undefined);
  }

  /** Write the whole trace; a failure is recorded for the banner, never thrown. */
  private async persist(trace: Trace): Promise<void> {
    try {
      await this.deps.store.save({ id: this.id, trace, savedAt: this.deps.now(), finished: trace.stop !== null, lease: this.lease });
      this.savedSteps = trace.steps.length;
      this.store.setState({ save: { kind: 'saved' } });
      this.deps.unsaved.drop(this.id);
    } catch (e) {
      if (e instanceof StaleWriteError) {
        this.lock?.release();
        this.lock = null;
        this.store.setState({ access: { kind: 'reader', why: 'written-elsewhere' } });
      }
      const memoryOnly = e instanceof StorageUnavailableError;
      this.store.setState({ save: { kind: 'failed', message: describeStorageError(e), memoryOnly, savedSteps: this.savedSteps } });
      this.deps.unsaved.keep({ id: this.id, trace, reason: memoryOnly ? 'not saved: in this tab only' : 'not saved' });
    }
  }
}
