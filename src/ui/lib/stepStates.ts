import { Episode, extrasOf } from '../../core/episode';
import type { JsonObject } from '../../core/json';
import type { AgentInfo, Scorecard, Step, Stop, Task } from '../../core/types';
import type { World } from '../../core/world';
import { pauseIfDue, type Pause } from './timeSlice';

export interface StepState {
  /** The world's state for a viewer after the step (its session's inspect(), or snapshot()). */
  view: JsonObject;
  /** What the verifier says at that point; provisional before the episode has stopped. */
  scorecard: Scorecard;
}

/** What the states are of: read again on every request, so a live episode's later steps are seen. */
export interface StepSource {
  agent: AgentInfo;
  steps: readonly Step[];
  stop: Stop | null;
}

export type OpenEpisode = (world: World, task: Task, agent: AgentInfo) => Promise<Episode>;

export interface StepStatesOptions {
  /** How a replay session is opened (tests count them). */
  open?: OpenEpisode;
  /** Awaited after every replayed call and every state taken: the page's time slicer by default. */
  pause?: Pause;
}

/** Work asked for before `release()`: it stops at its next pause. */
export class Released extends Error {
  constructor() {
    super('the step states were released');
    this.name = 'AbortError';
  }
}

export { extrasOf } from '../../core/episode';

interface Cursor {
  episode: Episode;
  /** Calls applied so far. */
  at: number;
  /** The recorded stop was applied to score the last step: it can go no further. */
  sealed: boolean;
}

/**
 * The state after each step of one episode (k = calls applied, 0 = the start),
 * each computed once. A live episode puts the states its own session reached;
 * the rest come from one replay cursor that only moves forward. Stepping
 * forward moves it one call; the first step back opens one fresh session and
 * keeps every state it passes on the way, so stepping back through the
 * episode after that costs nothing: never a session (for tripwire, a Worker)
 * per step.
 *
 * A world whose calls resolve at once would replay thousands of steps in one
 * main-thread task: the loops await `pause` after every call and every state,
 * so the page stays responsive while a long trace is read.
 */
export class StepStates {
  private readonly done = new Map<number, StepState>();
  private readonly pending = new Map<number, Promise<StepState>>();
  private cursor: Cursor | null = null;
  private busy: Promise<unknown> = Promise.resolve();
  private opened = 0;
  private readonly open: OpenEpisode;
  private readonly pause: Pause;
  /** Bumped by `release()`: work asked for under an older epoch stops. */
  private epoch = 0;
  /** `every()` runs: while one does, the cursor keeps each state it passes (they are all wanted). */
  private filling = 0;
  private everyRun: { n: number; epoch: number; states: Promise<StepState[]> } | null = null;

  constructor(
    private readonly world: World,
    private readonly task: Task,
    private readonly source: () => StepSource,
    options: StepStatesOptions = {},
  ) {
    this.open = options.open ?? ((world, task, agent) => Episode.open(world, task, agent));
    this.pause = options.pause ?? pauseIfDue;
  }

  /** Replay sessions opened so far. */
  get sessionsOpened(): number {
    return this.opened;
  }

  /** A state the live session reached itself (it replaces any kept for k: a stop changes the last one). */
  put(k: number, state: StepState): void {
    this.done.set(k, state);
  }

  /** The state a live episode already holds for k, if any: read without waiting. */
  peek(k: number): StepState | undefined {
    return this.done.get(k);
  }

  at(k: number): Promise<StepState> {
    const hit = this.done.get(k);
    if (hit) return Promise.resolve(hit);
    let p = this.pending.get(k);
    if (!p) {
      const epoch = this.epoch;
      const asked: Promise<StepState> = this.enqueue(() => this.compute(k, epoch));
      this.pending.set(k, asked);
      // Only this request's own entry: after a release a newer one may hold k.
      const forget = () => this.pending.get(k) === asked && this.pending.delete(k);
      asked.then(forget, forget);
      p = asked;
    }
    return p;
  }

  /**
   * Every state from the start to the last step, in one forward pass where any is missing.
   * One state is asked for at a time: a release stops the pass between two, and a replay
   * that fails stops it at once (each of thousands of queued requests would replay again).
   */
  every(): Promise<StepState[]> {
    const n = this.source().steps.length;
    const run = this.everyRun;
    if (run && run.n === n && run.epoch === this.epoch) return run.states;
    const states = this.fill(n, this.epoch);
    const mine = { n, epoch: this.epoch, states };
    this.everyRun = mine;
    states.catch(() => {
      if (this.everyRun === mine) this.everyRun = null;
    });
    return states;
  }

  private async fill(n: number, epoch: number): Promise<StepState[]> {
    this.filling++;
    try {
      const out: StepState[] = [];
      for (let k = 0; k <= n; k++) {
        if (this.epoch !== epoch) throw new Released();
        out.push(await this.at(k));
      }
      return out;
    } finally {
      this.filling--;
    }
  }

  /** Close the replay session (states kept); the next request opens another if it needs one. Work under way stops. */
  release(): Promise<void> {
    this.epoch++;
    this.pending.clear();
    this.everyRun = null;
    return this.enqueue(() => this.closeCursor());
  }

  /** Forget every state: the episode they were of was replaced (another tab's copy taken over). */
  reset(): Promise<void> {
    return this.enqueue(async () => {
      this.done.clear();
      await this.closeCursor();
    });
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.busy.then(work);
    this.busy = next.catch(() => undefined);
    return next;
  }

  private async compute(k: number, epoch: number): Promise<StepState> {
    const ready = this.done.get(k);
    if (ready) return ready;
    if (this.epoch !== epoch) throw new Released();
    const src = this.source();
    if (k < 0 || k > src.steps.length) throw new Error(`no step ${k}: the episode has ${src.steps.length}`);
    let c = this.cursor;
    let fill = false;
    if (!c || c.at > k || (c.sealed && c.at < k)) {
      // Going back: a fresh session, and every state on the way is kept, so the next steps back are free.
      fill = c !== null || this.done.size > 0;
      await this.closeCursor();
      c = this.cursor = { episode: await this.open(this.world, this.task, src.agent), at: 0, sealed: false };
      this.opened++;
    }
    try {
      for (;;) {
        // While every state is wanted, a jump ahead keeps the ones it passes: the fill would replay them again.
        if ((c.at === k || fill || this.filling > 0) && !this.done.has(c.at)) this.done.set(c.at, await this.capture(c, src));
        if (c.at === k) return this.done.get(k)!;
        await this.pause();
        if (this.epoch !== epoch) throw new Released();
        const recorded = src.steps[c.at]!;
        const step = await c.episode.apply(recorded.call, extrasOf(recorded));
        if (!step) throw new Error(`the replay stopped before step ${c.at + 1}: ${c.episode.stop?.detail ?? c.episode.stop?.reason ?? 'unknown'}`);
        c.at++;
      }
    } catch (e) {
      await this.closeCursor();
      throw e;
    }
  }

  private async capture(c: Cursor, src: StepSource): Promise<StepState> {
    if (c.at === src.steps.length && src.stop && !c.episode.stop) {
      c.episode.end(src.stop);
      c.sealed = true;
    }
    return { view: await c.episode.inspect(), scorecard: await c.episode.scorecard() };
  }

  private async closeCursor(): Promise<void> {
    const c = this.cursor;
    this.cursor = null;
    await c?.episode.close().catch(() => undefined);
  }
}

const recorded = new WeakMap<object, StepStates>();

/** The states of a recorded trace, shared by every view that shows that trace object. */
export function recordedStates(world: World, task: Task, trace: StepSource): StepStates {
  let s = recorded.get(trace);
  if (!s) {
    s = new StepStates(world, task, () => trace);
    recorded.set(trace, s);
  }
  return s;
}
