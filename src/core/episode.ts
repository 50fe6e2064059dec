import type { Agent, AgentObservation } from './agent';
import type { JsonObject } from './json';
import { readingCalls } from './lenient';
import { scoreEpisode } from './rubric';
import type { World } from './world';
import {
  HINTS_REVEALED,
  TRACE_FORMAT,
  TRACE_VERSION,
  type AgentInfo,
  type EpisodeEvent,
  type Scorecard,
  type Session,
  type Step,
  type StepExtras,
  type Stop,
  type Task,
  type ToolCall,
  type Trace,
  type WorldEvent,
} from './types';

export interface EpisodeOptions {
  /** Injected clock (ms). Without one, steps carry no durations and traces are byte-stable. */
  clock?: () => number;
  /** Episode events already recorded: a replay of a trace carries its own on. */
  events?: readonly EpisodeEvent[];
}

/**
 * What a recorded step carries beside its call (usage, model details, its
 * duration), handed back to apply on a replay so the rebuilt steps equal the
 * recorded ones: rubrics read them (latency, cost).
 */
export const extrasOf = (s: Step): StepExtras => ({
  ...(s.usage ? { usage: s.usage } : {}),
  ...(s.model ? { model: s.model } : {}),
  ...(s.durationMs !== undefined ? { durationMs: s.durationMs } : {}),
});

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * One episode: a session, the steps taken so far, and how it stopped. The only
 * place a step is appended or a turn spent, so the turn budget and stop rules
 * live here once; steps are never changed once appended.
 */
export class Episode<S extends JsonObject = JsonObject, E extends WorldEvent = WorldEvent> {
  private readonly taken: Step<E>[] = [];
  private readonly recorded: EpisodeEvent[];
  private readonly info: AgentInfo;
  private ended: Stop | null = null;
  /** Turns spent on calls the agent answered itself (AgentAction 'unsent'). */
  private unsent = 0;
  private meta: JsonObject | undefined;

  private constructor(
    readonly world: World<S, E>,
    readonly task: Task,
    agent: AgentInfo,
    private readonly session: Session<S, E>,
    private readonly options: EpisodeOptions,
  ) {
    this.info = { ...agent };
    this.recorded = [...(options.events ?? [])];
  }

  static async open<S extends JsonObject, E extends WorldEvent>(
    world: World<S, E>,
    task: Task,
    agent: AgentInfo,
    options: EpisodeOptions = {},
  ): Promise<Episode<S, E>> {
    const session = readingCalls(await world.open(task));
    return new Episode(world, task, agent, session, options);
  }

  get steps(): readonly Step<E>[] {
    return this.taken;
  }

  get stop(): Stop | null {
    return this.ended;
  }

  get agent(): Readonly<AgentInfo> {
    return this.info;
  }

  get events(): readonly EpisodeEvent[] {
    return this.recorded;
  }

  get turnsLeft(): number {
    return Math.max(0, this.task.maxTurns - this.taken.length - this.unsent);
  }

  /** What an agent is shown before its next move. */
  observation(): AgentObservation {
    return { task: this.task, steps: this.taken, turnsLeft: this.turnsLeft };
  }

  /**
   * Run one tool call, read leniently (`readingCalls`: the session gets it
   * under its tools' own names, the step keeps it as sent). Returns null if the
   * episode has already stopped or the world failed. `extras.durationMs`, when given, is the step's duration (the
   * caller's measure); otherwise the injected clock times the world's answer.
   */
  async apply(call: ToolCall, extras: StepExtras = {}): Promise<Step<E> | null> {
    if (this.ended) return null;
    const started = this.options.clock?.();
    let result;
    try {
      result = await this.session.call(call);
    } catch (e) {
      this.ended = { reason: 'world-error', terminated: false, truncated: false, detail: errorMessage(e) };
      return null;
    }
    const step: Step<E> = {
      index: this.taken.length,
      call,
      result: { ok: result.ok, content: result.content, done: result.done },
      events: result.events,
    };
    if (extras.durationMs !== undefined) step.durationMs = extras.durationMs;
    else if (started !== undefined && this.options.clock) step.durationMs = Math.max(0, this.options.clock() - started);
    if (extras.usage) step.usage = extras.usage;
    if (extras.model) step.model = extras.model;
    this.taken.push(step);
    if (result.done) this.ended = { reason: 'submitted', terminated: true, truncated: false };
    else this.checkBudget();
    return step;
  }

  /**
   * A call the agent answered itself (AgentAction 'unsent'): no step, since the
   * world never saw it (so the steps still replay), but a turn spent.
   */
  spendUnsent(): void {
    if (this.ended) return;
    this.unsent++;
    this.checkBudget();
  }

  private checkBudget(): void {
    if (this.turnsLeft > 0) return;
    const budget = `turn budget of ${this.task.maxTurns} calls used`;
    const detail = this.unsent === 0 ? budget : `${budget}; ${this.unsent} of them could not run and were answered by the agent`;
    this.ended = { reason: 'budget', terminated: false, truncated: true, detail };
  }

  end(stop: Stop): void {
    if (!this.ended) this.ended = stop;
  }

  /** The player sees the verifier's events from here on: marked on the agent, and recorded where it happened. */
  revealHints(): void {
    if (this.ended || this.info.hints) return;
    this.info.hints = true;
    this.recorded.push({
      code: HINTS_REVEALED,
      kind: 'info',
      layer: null,
      message: `The verifier's view (its verdicts and events, the world's whole state) was shown to the player from step ${this.taken.length + 1} on.`,
      beforeStep: this.taken.length,
    });
  }

  /** Add to the trace's meta (an agent's onEnd record); later keys win. */
  annotate(meta: JsonObject): void {
    this.meta = { ...this.meta, ...meta };
  }

  async snapshot(): Promise<S> {
    return this.session.snapshot();
  }

  /** What a viewer shows: the session's richer inspect(), or its snapshot. */
  async inspect(): Promise<JsonObject> {
    return this.session.inspect ? this.session.inspect() : this.session.snapshot();
  }

  /** The scorecard now; provisional (final: false) while the episode runs. */
  async scorecard(): Promise<Scorecard> {
    const state = await this.session.snapshot();
    return scoreEpisode(this.world.rubric, { task: this.task, steps: this.taken, stop: this.ended, state });
  }

  async toTrace(): Promise<Trace> {
    const trace: Trace = {
      format: TRACE_FORMAT,
      version: TRACE_VERSION,
      world: this.world.id,
      task: this.task.spec,
      agent: { ...this.info },
      steps: this.taken.slice(),
      stop: this.ended,
      scorecard: await this.scorecard(),
      events: this.recorded.slice(),
    };
    if (this.meta) trace.meta = { ...this.meta };
    return trace;
  }

  async close(): Promise<void> {
    await this.session.close();
  }
}

/** The fixed rollout loop: the agent proposes, the session answers, until a stop rule fires. Any world: the trace is JSON. */
export async function runEpisode(world: World, task: Task, agent: Agent, options: EpisodeOptions = {}): Promise<Trace> {
  return runOn(await Episode.open(world, task, agent.info, options), agent);
}

/**
 * The same loop on an episode already under way (a fork: the agent sees the
 * steps it continues from in its observation). The episode is closed after.
 */
export async function runOn(episode: Episode, agent: Agent): Promise<Trace> {
  try {
    while (!episode.stop) {
      let action;
      try {
        action = await agent.next(episode.observation());
      } catch (e) {
        episode.end({ reason: 'agent-error', terminated: false, truncated: false, detail: errorMessage(e) });
        break;
      }
      if (action.type === 'stop') {
        episode.end({ reason: action.reason, terminated: false, truncated: false, detail: action.detail });
        break;
      }
      if (action.type === 'unsent') episode.spendUnsent();
      else await episode.apply(action.call, { usage: action.usage, model: action.model });
    }
    if (agent.onEnd) episode.annotate(agent.onEnd({ steps: episode.steps, stop: episode.stop }));
    return await episode.toTrace();
  } finally {
    await episode.close();
  }
}
