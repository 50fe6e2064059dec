import type { Agent } from './agent';
import { scoreEpisode } from './rubric';
import type { World } from './world';
import type { AgentInfo, Scorecard, Session, Step, Stop, Task, ToolCall, Trace } from './types';
import { TRACE_FORMAT, TRACE_VERSION } from './types';

export interface EpisodeOptions {
  /** Injected clock (ms). Without one, steps carry no durations and traces are byte-stable. */
  clock?: () => number;
}

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * One episode: a session, the steps taken so far, and how it stopped. The only
 * place a step is appended, so the turn budget and stop rules live here once.
 */
export class Episode {
  readonly steps: Step[] = [];
  stop: Stop | null = null;

  private constructor(
    readonly world: World,
    readonly task: Task,
    readonly agent: AgentInfo,
    private readonly session: Session,
    private readonly clock: (() => number) | undefined,
  ) {}

  static async open(world: World, task: Task, agent: AgentInfo, options: EpisodeOptions = {}): Promise<Episode> {
    const session = await world.open(task);
    return new Episode(world, task, agent, session, options.clock);
  }

  get turnsLeft(): number {
    return Math.max(0, this.task.maxTurns - this.steps.length);
  }

  /** Run one tool call. Returns null if the episode has already stopped or the world failed. */
  async apply(call: ToolCall, extras: Pick<Step, 'usage' | 'model' | 'durationMs'> = {}): Promise<Step | null> {
    if (this.stop) return null;
    const started = this.clock?.();
    let result;
    try {
      result = await this.session.call(call);
    } catch (e) {
      this.stop = { reason: 'world-error', terminated: false, truncated: false, detail: errorMessage(e) };
      return null;
    }
    const step: Step = {
      index: this.steps.length,
      call,
      result: { ok: result.ok, content: result.content, done: result.done },
      events: result.events,
    };
    // A duration the caller measured (a person's time on the step, a recorded one) wins over the clock's.
    if (extras.durationMs !== undefined) step.durationMs = extras.durationMs;
    else if (started !== undefined && this.clock) step.durationMs = Math.max(0, this.clock() - started);
    if (extras.usage) step.usage = extras.usage;
    if (extras.model) step.model = extras.model;
    this.steps.push(step);
    if (result.done) this.stop = { reason: 'submitted', terminated: true, truncated: false };
    else if (this.steps.length >= this.task.maxTurns)
      this.stop = { reason: 'budget', terminated: false, truncated: true, detail: `turn budget of ${this.task.maxTurns} calls used` };
    return step;
  }

  end(stop: Stop): void {
    if (!this.stop) this.stop = stop;
  }

  async snapshot() {
    return this.session.snapshot();
  }

  /** What a viewer shows: the session's richer inspect(), or its snapshot. */
  async inspect() {
    return this.session.inspect ? this.session.inspect() : this.session.snapshot();
  }

  /** The scorecard now; provisional (final: false) while the episode runs. */
  async scorecard(): Promise<Scorecard> {
    const state = await this.session.snapshot();
    return scoreEpisode(this.world.rubric, { task: this.task, steps: this.steps, stop: this.stop, state });
  }

  async toTrace(): Promise<Trace> {
    return {
      format: TRACE_FORMAT,
      version: TRACE_VERSION,
      world: this.world.id,
      task: this.task.spec,
      agent: this.agent,
      steps: this.steps.slice(),
      stop: this.stop,
      scorecard: await this.scorecard(),
    };
  }

  async close(): Promise<void> {
    await this.session.close();
  }
}

/** The fixed rollout loop: the agent proposes, the session answers, until a stop rule fires. */
export async function runEpisode(world: World, task: Task, agent: Agent, options: EpisodeOptions = {}): Promise<Trace> {
  const episode = await Episode.open(world, task, agent.info, options);
  try {
    while (!episode.stop) {
      let action;
      try {
        action = await agent.next({ task, steps: episode.steps });
      } catch (e) {
        episode.end({ reason: 'agent-error', terminated: false, truncated: false, detail: errorMessage(e) });
        break;
      }
      if (action.type === 'stop') {
        episode.end({ reason: action.reason, terminated: false, truncated: false, detail: action.detail });
        break;
      }
      await episode.apply(action.call, { usage: action.usage, model: action.model });
    }
    return await episode.toTrace();
  } finally {
    await episode.close();
  }
}
