import type { Episode } from '../../core/episode';
import type { AgentInfo, Step, Task, ToolCall } from '../../core/types';
import type { World } from '../../core/world';
import { LiveEpisode } from './controller';
import type { ControllerOptions, LiveDeps } from './types';

/** The human driver's slice of the episode store. */
export interface HumanState {
  /** A call is running. */
  busy: boolean;
  /** The last call could not run at all (the world failed), in words. */
  problem: string | null;
}

const IDLE: HumanState = { busy: false, problem: null };
const OPTIONS: ControllerOptions = { persist: 'each-step' };
/** Who plays a person's run (a fork opens its episode as this agent). */
export const HUMAN: Readonly<AgentInfo> = { kind: 'human', name: 'you', hints: false };

/**
 * A person plays: each call they make goes to the controller in order, with
 * the time they took on it since their last one (a monotonic clock, injected).
 */
export class HumanDriver {
  private lastActionAt: number;

  private constructor(
    readonly live: LiveEpisode<HumanState>,
    private readonly clock: () => number,
  ) {
    this.lastActionAt = clock();
  }

  static async start(world: World, task: Task, id: string, deps: LiveDeps, clock: () => number): Promise<HumanDriver> {
    return new HumanDriver(await LiveEpisode.start(world, task, { ...HUMAN }, id, deps, OPTIONS, IDLE), clock);
  }

  /** A person continues an episode under way (a fork), as a new run under `id`. */
  static async adopt(world: World, episode: Episode, id: string, deps: LiveDeps, clock: () => number): Promise<HumanDriver> {
    return new HumanDriver(await LiveEpisode.adopt(id, world, episode, deps, OPTIONS, IDLE), clock);
  }

  static async restore(world: World, id: string, deps: LiveDeps, clock: () => number): Promise<HumanDriver> {
    return new HumanDriver(await LiveEpisode.restore(world, id, deps, OPTIONS, IDLE), clock);
  }

  get id(): string {
    return this.live.id;
  }

  /** One call; a failure to run it is shown, not thrown. Null when the episode is over or another tab writes it. */
  async call(call: ToolCall): Promise<Step | null> {
    const now = this.clock();
    const durationMs = Math.round(now - this.lastActionAt);
    this.lastActionAt = now;
    this.live.setDriver({ busy: true, problem: null });
    try {
      return await this.live.apply(call, { durationMs });
    } catch (e) {
      this.live.setDriver({ problem: `The call failed: ${e instanceof Error ? e.message : String(e)}` });
      return null;
    } finally {
      this.live.setDriver({ busy: false });
    }
  }

  giveUp(): Promise<void> {
    return this.live.end({ reason: 'abandoned', terminated: false, truncated: false, detail: 'the player gave up' });
  }

  revealHints(): Promise<void> {
    return this.live.revealHints();
  }

  takeOver(): Promise<void> {
    return this.live.takeOver();
  }

  /** "Fork a copy": this tab's view of the run, as a new run this tab writes. */
  async fork(id: string): Promise<HumanDriver> {
    return new HumanDriver(await this.live.fork(id, IDLE), this.clock);
  }
}
