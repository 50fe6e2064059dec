import type { Json, JsonObject } from './json';
import type { Leniency, Refusal } from './lenient';

/** OpenAI function-calling tool spec. */
export interface ToolSpec {
  type: 'function';
  function: { name: string; description: string; parameters: JsonObject };
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string;
}

/**
 * What a task asks of the agent, in one vocabulary across worlds so a list can be
 * filtered by it: 'read' means the answer is the deliverable and the world's state
 * must stay as it is; 'mutation' means the job is to change that state.
 */
export type TaskKind = 'read' | 'mutation';

/**
 * A task is data. `spec` is the JSON the CLI and trace files carry to name the
 * task (fault-api: {profile, seed, ...}; tripwire: {id}; ticket-queue: {id, seed}).
 */
export interface Task {
  world: string;
  id: string;
  title: string;
  seed: number;
  spec: JsonObject;
  maxTurns: number;
  /** Optional so hand-built tasks (tests, old callers) need not say; every registered world does. */
  kind?: TaskKind;
  prompt: ChatMessage[];
  tools: ToolSpec[];
  /**
   * The other tool and argument names its world answers (see lenient.ts), so a
   * driver that checks calls against `tools` lets through what the world reads.
   */
  lenient?: Leniency;
}

export interface ToolCall {
  name: string;
  arguments: Json;
  /** The model's tool-call id, when there is one. */
  id?: string;
}

/** Where an event belongs on the timeline. */
export type EventKind = 'fault' | 'access' | 'trip' | 'refused' | 'write' | 'error' | 'info';

/**
 * Something the agent does not see: a fault injected, a trip, a refusal. Each world
 * narrows this to its own union (`World<S, E>`); a trace file holds the wide form.
 */
export interface WorldEvent {
  code: string;
  kind: EventKind;
  /** The verifier layer this event feeds, if any (e.g. "L3", "budget_discipline"). */
  layer: string | null;
  message: string;
  data?: JsonObject;
}

/** A call the world refused to run (unknown tool, bad arguments, the episode over): the agent is told why. */
export type ToolErrorEvent<Layer extends string | null = null> = { code: string; kind: 'error'; layer: Layer; message: string };

/** What the agent sees, plus what it does not. */
export interface StepResult<E extends WorldEvent = WorldEvent> {
  ok: boolean;
  content: string;
  done: boolean;
  events: E[];
}

/**
 * A world opened on a task. Async because the SQL world runs in a Worker. `S` is
 * the state the verifier scores, `E` the events the world emits. `S` must be JSON
 * (a `type`, not an `interface`, so it is assignable to JsonObject): viewers and
 * trace tools read it without knowing the world.
 */
export interface Session<S extends JsonObject = JsonObject, E extends WorldEvent = WorldEvent> {
  readonly task: Task;
  /**
   * Runs one call, already read by the episode under the task's own tool and
   * argument names (`core/lenient.ts`): the name is one of `task.tools`.
   */
  call(call: ToolCall): Promise<StepResult<E>>;
  /**
   * What the agent is told, and the verifier sees, of a call the episode could
   * not read (an unknown tool, two arguments meaning one parameter); it is still
   * a step, so a session that counts steps counts it here. Without one the
   * agent gets `{"error", "message"}` and one error event on no layer.
   */
  refuse?(refusal: Refusal): StepResult<E>;
  /** The state the verifier scores. */
  snapshot(): Promise<S>;
  /**
   * Richer state for viewers (e.g. every table's rows), possibly slower than
   * snapshot(); never used for scoring. Worlds without one show the snapshot.
   */
  inspect?(): Promise<JsonObject>;
  close(): Promise<void>;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface Step<E extends WorldEvent = WorldEvent> {
  index: number;
  call: ToolCall;
  result: { ok: boolean; content: string; done: boolean };
  events: E[];
  durationMs?: number;
  usage?: TokenUsage;
  /** Model-only details: latency of the request, finish reason, cost. */
  model?: { latencyMs?: number; finishReason?: string; costUsd?: number };
}

/**
 * What the caller of `Episode.apply` knows about a step that the world does not:
 * what the model request cost, and how long the step took as the caller counts it
 * (a person's time to act, a recorded duration on replay). Given here, never
 * patched onto the step afterwards.
 */
export type StepExtras = Pick<Step, 'usage' | 'model' | 'durationMs'>;

export type StopReason = 'submitted' | 'budget' | 'no-tool-call' | 'abandoned' | 'agent-error' | 'world-error';

export interface Stop {
  reason: StopReason;
  /** The task ended (the agent submitted or finished). */
  terminated: boolean;
  /** A budget ran out before the task ended. */
  truncated: boolean;
  detail?: string;
}

export type Verdict = 'PASS' | 'FAIL';

export interface LayerScore {
  id: string;
  label: string;
  value: number;
  weight: number;
  /** A gate multiplies the weighted sum instead of adding to it. */
  gate?: boolean;
  pass: boolean;
  reasons: string[];
}

/** One additive part of the full reward, credited to a layer. */
export interface Term {
  layer: string;
  /** Its weight in the sum; the weights of one episode's terms sum to 1. */
  weight: number;
  /**
   * A fixed share credited to the layer rather than weight × its value: the layer
   * already multiplies as a factor (ticket-queue's recall × precision carry 0.85).
   */
  fixed?: boolean;
  /** What it adds to the full reward: the factors' product × weight × (its value, or 1 when fixed). */
  adds: number;
}

/**
 * How this episode's full reward was made, so every screen shows the verifier's
 * arithmetic and not its own: reward = Π factors × Σ terms, and the terms' `adds`
 * sum to the reward exactly (to 1e-9; rounding is absorbed by the largest term).
 */
export interface Composition {
  /** Layers whose values multiply the whole sum: gates, and products such as recall × precision. */
  factors: string[];
  terms: Term[];
  /** Layers scored but not counted on this episode, and why (metrics; tripwire's L1 and L2 on a read task). */
  unused: { layer: string; why: string }[];
  /** The layer whose reasons say why the naive reading is below full marks, if one does. */
  naiveFrom: string | null;
  /** What the naive reading checks, as a clause: "the answer has the gold rows". */
  naiveCheck: string | null;
}

export interface Scorecard {
  layers: LayerScore[];
  reward: number;
  naive: number;
  /** Other readings a world reports beside naive and full (e.g. strict). */
  readings?: Record<string, number>;
  verdict: { naive: Verdict; full: Verdict; caughtBy: string | null };
  /** False while the episode is still running: what the verifier would say now. */
  final: boolean;
  /** Absent on scorecards recorded before rubrics described their arithmetic (see traces/composition.ts). */
  composition?: Composition;
}

export type AgentKind = 'human' | 'model' | 'scripted' | 'replay';

export interface AgentInfo {
  kind: AgentKind;
  name: string;
  model?: string;
  /** A human played with the verifier's events visible. */
  hints?: boolean;
}

/**
 * Something that happened to the episode rather than in the world, recorded where
 * it happened (`beforeStep`: the number of steps taken then): hints revealed.
 */
export interface EpisodeEvent extends WorldEvent {
  beforeStep: number;
}

export const HINTS_REVEALED = 'hints-revealed';

export const TRACE_FORMAT = 'verifier-playground.trace';
/** 1: the first format. 2: + `events` (episode events). Older files are migrated on read (traces/migrations.ts). */
export const TRACE_VERSION = 2;

export interface Trace {
  format: typeof TRACE_FORMAT;
  version: typeof TRACE_VERSION;
  world: string;
  task: JsonObject;
  agent: AgentInfo;
  steps: Step[];
  stop: Stop | null;
  scorecard: Scorecard | null;
  events: EpisodeEvent[];
  /** Free-form metadata (source file, created-at when the UI injects a clock). */
  meta?: JsonObject;
}
