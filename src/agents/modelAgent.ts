import type { Agent, AgentAction, AgentObservation, EpisodeEnd } from '../core/agent';
import type { Json, JsonObject } from '../core/json';
import type { AgentInfo, EpisodeEvent, Step, Stop, Task, ToolCall, WorldEvent } from '../core/types';
import { chatCompletion, defaultChatEnv, type ChatEnv } from './chat';
import { stripCredentials } from './credentials';
import type { EndpointConfig } from './endpoint';
import { boundText, historyLimits, historyOverLimit, keptReply, tooLongCall } from './history';
import type { DriverMode } from './driverMode';
import { isAbort } from './errors';
import { Scratchpad, type Summarize } from './scratchpad';
import { DEFAULT_RETRY, realSleep, withRetries, type RetryPolicy, type Sleep } from './retry';
import { checkToolCall, toolErrorContent, uniqueIds } from './toolCalls';
import { totalsJson, UsageLedger, type RequestExtras, type UsageTotals } from './usage';
import type { WireMessage, WireToolCall } from './wire';

/** Something the driver did that the world never saw: recorded beside the trace's steps (`beforeStep`: steps taken then). */
export interface AgentEvent extends EpisodeEvent {
  toolCallId?: string;
}

export type CallAction = Extract<AgentAction, { type: 'call' }>;
export type StopAction = Extract<AgentAction, { type: 'stop' }>;
export type UnsentAction = Extract<AgentAction, { type: 'unsent' }>;

/** A call the model asked for, not yet run. `thought` is the prose that came with it. */
export type Proposal = CallAction & { thought: string | null; queued: number };

export type Decision = { type: 'approve'; arguments?: Json } | { type: 'reject'; reason?: string };

export interface ModelAgentOptions {
  config: EndpointConfig;
  /** Cancels the request in flight and any retry wait; next() then stops as abandoned. */
  signal?: AbortSignal;
  retry?: Partial<RetryPolicy>;
  sleep?: Sleep;
  chat?: Partial<ChatEnv>;
  /** Human in the loop: asked before each call runs. Without it every call is approved. */
  review?: (proposal: Proposal) => Promise<Decision>;
  onEvent?: (event: AgentEvent) => void;
  /** The world's one-line step summary, for the scratchpad driver (`config.driver`); a generic line without it. */
  summarize?: Summarize;
}

export const CANCELLED_DETAIL = 'cancelled by the user';
const PROSE_LIMIT = 600;

interface Queued {
  wire: WireToolCall;
  /** Beyond the turn budget when the response arrived: answered with a note, never run. */
  dropped: boolean;
  /** The length of arguments too long for the history (replaced there by a note): never run. */
  tooLong: number | null;
}

/**
 * Drives one episode against an OpenAI-compatible endpoint. Calls that cannot
 * run (invalid JSON, schema mismatch, over budget, rejected) never reach the
 * world: they are answered to the model as tool errors here and recorded as
 * agent events, so the trace's steps stay exactly what the world executed and
 * replay verification still holds. An invalid call is handed to the episode as
 * 'unsent', which spends a turn like any other, so a model that only emits
 * broken calls still ends. The budget is the episode's: the agent reads
 * `turnsLeft` and never counts turns itself.
 */
export class ModelAgent implements Agent {
  readonly info: AgentInfo;
  private readonly log: WireMessage[] = [];
  private readonly agentEvents: AgentEvent[] = [];
  private readonly ledger: UsageLedger;
  private readonly env: ChatEnv;
  private readonly policy: RetryPolicy;
  private task: Task | null = null;
  private queue: Queued[] = [];
  private proposal: (Proposal & { stepIndex: number }) | null = null;
  private awaiting: { id: string; stepIndex: number } | null = null;
  private stopped: StopAction | null = null;
  private idCounter = 0;
  private cancelledFlag = false;
  private readonly mode: DriverMode;
  private readonly pad: Scratchpad;
  private prompt: WireMessage[] = [];

  constructor(private readonly opts: ModelAgentOptions) {
    this.info = { kind: 'model', name: opts.config.model, model: opts.config.model };
    this.mode = opts.config.driver ?? 'history';
    this.pad = new Scratchpad(opts.summarize);
    this.ledger = new UsageLedger(opts.config);
    this.env = { ...defaultChatEnv(), ...opts.chat };
    this.policy = { ...DEFAULT_RETRY, ...opts.retry };
  }

  /** The exact messages exchanged so far (a copy): for the inspector, export, or re-sending. */
  messages(): WireMessage[] {
    return structuredClone(this.log);
  }

  events(): AgentEvent[] {
    return this.agentEvents.slice();
  }

  totals(): UsageTotals {
    return { ...this.ledger.totals };
  }

  get cancelled(): boolean {
    return this.cancelledFlag;
  }

  async next(obs: AgentObservation): Promise<AgentAction> {
    try {
      for (;;) {
        const action = await this.propose(obs, this.opts.signal);
        if (action.type !== 'call') return action;
        if (!this.opts.review) return this.accept();
        const decision = await this.opts.review(action);
        if (decision.type === 'approve') return this.accept(decision.arguments);
        this.reject(decision.reason);
      }
    } catch (e) {
      if (!isAbort(e)) throw e;
      this.cancelledFlag = true;
      return { type: 'stop', reason: 'abandoned', detail: CANCELLED_DETAIL };
    }
  }

  /**
   * Step mode: the next call the model wants, without running it. Asks the
   * endpoint only when no call is queued. Safe to call again after an error
   * (nothing is appended until a response parses) or while a proposal is open
   * (the same proposal comes back). An 'unsent' action is a call answered here:
   * hand it to `Episode.spendUnsent` and ask again. Throws ChatError.
   */
  async propose(obs: AgentObservation, signal?: AbortSignal): Promise<Proposal | StopAction | UnsentAction> {
    this.begin(obs.task, obs.steps);
    this.sync(obs.steps);
    if (this.awaiting) throw new Error('the previous call has no result yet: apply it to the episode before asking for the next one');
    if (this.proposal) return this.proposal;
    for (;;) {
      if (this.stopped) return this.stopped;
      const p = this.dequeue(obs.steps.length);
      if (p) return p;
      // The episode stops itself when its budget is spent; asking with no room would drop every call, forever.
      if (obs.turnsLeft <= 0) throw new Error('the episode has no turns left: it should have stopped');
      await this.request(obs.steps.length, obs.turnsLeft, signal);
    }
  }

  /** Run the open proposal, with edited arguments if given. Returns the action for Episode.apply. */
  accept(args?: Json): CallAction {
    const p = this.proposal;
    if (!p) throw new Error('there is no proposed call to accept');
    let call: ToolCall = p.call;
    if (args !== undefined) {
      call = { ...p.call, arguments: args };
      this.editLogged(p.call, args);
      this.event(p.stepIndex, 'call-edited', 'info', `The person edited the arguments of ${call.name} before it ran.`, call.id, { original: p.call.arguments });
    }
    const extras = this.ledger.take();
    this.proposal = null;
    this.awaiting = { id: call.id ?? '', stepIndex: p.stepIndex };
    return { type: 'call', call, ...extras };
  }

  /** Refuse the open proposal: the model is told, and asked again on the next propose. */
  reject(reason?: string): void {
    const p = this.proposal;
    if (!p) throw new Error('there is no proposed call to reject');
    const why = reason?.trim() ? `: ${reason.trim()}` : '.';
    this.tool(p.call.id ?? '', toolErrorContent('rejected', `The user rejected this call; it was not run${why}`));
    this.pad.note(p.call.name, `rejected by the user${why}`);
    this.event(p.stepIndex, 'call-rejected', 'refused', `The person rejected ${p.call.name}${why}`, p.call.id);
    this.proposal = null;
  }

  /**
   * Close the exchange once the episode has stopped: the last result, and a
   * note for each call that never ran, so the messages can be re-sent as they are.
   */
  finish(steps: readonly Step[], stop: Stop | null): void {
    this.sync(steps);
    const why = `not run: the episode had ended (${stop?.reason ?? 'stopped'})`;
    if (this.awaiting) this.tool(this.awaiting.id, toolErrorContent('not_run', why));
    if (this.proposal) this.tool(this.proposal.call.id ?? '', toolErrorContent('not_run', why));
    for (const q of this.queue) this.tool(q.wire.id, toolErrorContent(q.dropped ? 'over_budget' : 'not_run', q.dropped ? budgetNote() : why));
    this.awaiting = null;
    this.proposal = null;
    this.queue = [];
  }

  /** What a trace keeps beside its steps: `trace.meta.model`. Never the key. */
  record(): JsonObject {
    const { baseUrl, model, temperature, maxTokens } = this.opts.config;
    const endpoint: JsonObject = { base_url: stripCredentials(baseUrl), model };
    if (temperature !== undefined) endpoint.temperature = temperature;
    if (maxTokens !== undefined) endpoint.max_tokens = maxTokens;
    return {
      endpoint,
      driver: this.mode,
      usage: totalsJson(this.ledger.totals),
      messages: JSON.parse(JSON.stringify(this.log)) as Json,
      events: JSON.parse(JSON.stringify(this.agentEvents)) as Json,
    };
  }

  /** runEpisode's hook: the exchange closed, and recorded under `trace.meta.model`. */
  onEnd(end: EpisodeEnd): JsonObject {
    return { model: modelMeta(this, end.steps, end.stop) };
  }

  private begin(task: Task, steps: readonly Step[]): void {
    if (this.task === null) {
      this.task = task;
      // A prompt "tool" message has no call id to answer, so it is sent as the user's words.
      this.prompt = task.prompt.map((m): WireMessage => (m.role === 'tool' ? { role: 'user', content: m.content } : { role: m.role, content: m.content }));
      this.log.push(...structuredClone(this.prompt));
      // A fork: the steps it continues from are shown as the model's own earlier calls and their results.
      const limit = historyLimits(this.opts.config).messageChars;
      for (const s of steps) {
        const id = `vp_prior_${s.index + 1}`;
        this.log.push({
          role: 'assistant',
          content: null,
          tool_calls: [{ id, type: 'function', function: { name: s.call.name, arguments: JSON.stringify(s.call.arguments) } }],
        });
        this.log.push({ role: 'tool', tool_call_id: id, content: boundText(s.result.content, limit) });
        this.pad.step(s.index + 1, s.call, s.result);
      }
    } else if (this.task.id !== task.id) throw new Error('a model agent plays one task; make a new agent for another');
  }

  /** Append the result of the call handed out last, once the episode has run it. */
  private sync(steps: readonly Step[]): void {
    const a = this.awaiting;
    if (!a) return;
    const step = steps[a.stepIndex];
    if (!step) return;
    this.tool(a.id, step.result.content);
    this.pad.step(step.index + 1, step.call, step.result);
    this.awaiting = null;
  }

  /** The next queued call: one that can run, or one that cannot, answered here ('unsent'). */
  private dequeue(stepIndex: number): Proposal | UnsentAction | null {
    for (let q = this.queue.shift(); q; q = this.queue.shift()) {
      if (q.dropped) {
        this.tool(q.wire.id, toolErrorContent('over_budget', budgetNote()));
        this.pad.note(q.wire.function.name, budgetNote());
        continue;
      }
      const checked = q.tooLong === null ? checkToolCall(q.wire, this.task!) : tooLongCall(q.wire, q.tooLong, historyLimits(this.opts.config).messageChars);
      if (!checked.ok) {
        this.tool(q.wire.id, toolErrorContent(checked.code, `${checked.message}. The call was not run.`));
        this.pad.note(q.wire.function.name, checked.message);
        this.event(stepIndex, checked.code, 'error', checked.message, q.wire.id, { arguments: checked.raw });
        return { type: 'unsent', detail: checked.message };
      }
      const thought = this.lastAssistantText();
      const extras: RequestExtras = this.ledger.peek();
      this.proposal = { type: 'call', call: checked.call, ...extras, thought, queued: this.queue.length, stepIndex };
      return this.proposal;
    }
    return null;
  }

  private async request(stepIndex: number, turnsLeft: number, signal: AbortSignal | undefined): Promise<void> {
    const task = this.task!;
    // Scratchpad: the task and the scratchpad, never the conversation; the log keeps what was sent, in order.
    const padMessage: WireMessage | null = this.mode === 'scratchpad' ? { role: 'user', content: this.pad.text(turnsLeft) } : null;
    const sent = padMessage ? [...this.prompt, padMessage] : this.log;
    const full = historyOverLimit(this.opts.config, sent, task.tools);
    if (full) {
      this.stopped = { type: 'stop', reason: 'abandoned', detail: full };
      return;
    }
    const response = await withRetries(
      () => chatCompletion(this.opts.config, sent, task.tools, signal, this.env),
      this.policy,
      this.opts.sleep ?? realSleep,
      signal,
      (e, delayMs, attempt) => {
        this.ledger.totals.retries++;
        this.event(stepIndex, 'request-retry', 'info', `Retry ${attempt} in ${Math.round(delayMs)} ms after: ${e.kind}${e.status ? ` ${e.status}` : ''}`);
      },
      this.env.now,
    );
    this.ledger.record(response);
    if (padMessage) this.log.push(padMessage);
    const reply = { ...response.message };
    if (reply.tool_calls) reply.tool_calls = uniqueIds(reply.tool_calls, () => `vp_call_${++this.idCounter}`);
    const { message, tooLong } = keptReply(reply, historyLimits(this.opts.config).messageChars);
    this.log.push(message);
    const calls = message.tool_calls ?? [];
    if (calls.length === 0) {
      const prose = (message.content ?? '').trim();
      const detail = prose === '' ? `the model answered with no text and no tool call (finish reason: ${response.finishReason ?? 'none'})` : truncate(prose);
      this.stopped = { type: 'stop', reason: 'no-tool-call', detail };
      return;
    }
    // One call per step in scratchpad mode: the rest of a reply is answered, never run.
    if (this.mode === 'scratchpad' && calls.length > 1) {
      for (const c of calls.slice(1)) this.tool(c.id, toolErrorContent('not_run', ONE_CALL));
      this.event(stepIndex, 'calls-dropped', 'info', `The model asked for ${calls.length} calls; the scratchpad driver runs one per step.`, undefined, {
        dropped: calls.slice(1).map((c) => c.function.name),
      });
    }
    const room = turnsLeft;
    const taken = this.mode === 'scratchpad' ? calls.slice(0, 1) : calls;
    this.queue = taken.map((wire, i) => ({ wire, dropped: i >= room, tooLong: tooLong.get(wire.id) ?? null }));
    if (taken.length > room)
      this.event(
        stepIndex,
        'calls-dropped',
        'info',
        `The model asked for ${taken.length} calls with ${room} turn(s) left; ${taken.length - room} were dropped.`,
        undefined,
        {
          dropped: taken.slice(room).map((c) => c.function.name),
        },
      );
  }

  private lastAssistantText(): string | null {
    for (let i = this.log.length - 1; i >= 0; i--) {
      const m = this.log[i]!;
      if (m.role === 'assistant') return m.content;
    }
    return null;
  }

  /** The model's own message is rewritten too: what it sees next is what actually ran. */
  private editLogged(call: ToolCall, args: Json): void {
    for (const m of this.log)
      if (m.role === 'assistant')
        for (const tc of m.tool_calls ?? []) if (tc.id === call.id) tc.function = { name: tc.function.name, arguments: JSON.stringify(args) };
  }

  private tool(id: string, content: string): void {
    this.log.push({ role: 'tool', tool_call_id: id, content: boundText(content, historyLimits(this.opts.config).messageChars) });
  }

  private event(beforeStep: number, code: string, kind: WorldEvent['kind'], message: string, toolCallId?: string, data?: JsonObject): void {
    const e: AgentEvent = { code, kind, layer: null, message, beforeStep };
    if (toolCallId !== undefined) e.toolCallId = toolCallId;
    if (data) e.data = data;
    this.agentEvents.push(e);
    this.opts.onEvent?.(e);
  }
}

const ONE_CALL = 'not run: the scratchpad driver takes one tool call per step; make it again in your next reply';
const budgetNote = () => 'not run: the turn budget had no room for this call';
const truncate = (s: string) => (s.length > PROSE_LIMIT ? `${s.slice(0, PROSE_LIMIT)}…` : s);

/** The trace meta a model agent adds after its episode (`trace.meta.model`): call once the episode has stopped. */
export function modelMeta(agent: ModelAgent, steps: readonly Step[], stop: Stop | null): JsonObject {
  agent.finish(steps, stop);
  return agent.record();
}
