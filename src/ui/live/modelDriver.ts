import type { Json } from '../../core/json';
import type { Episode } from '../../core/episode';
import type { AgentInfo, Task } from '../../core/types';
import type { World } from '../../core/world';
import type { ChatEnv } from '../../agents/chat';
import type { EndpointConfig } from '../../agents/endpoint';
import { ChatError, isAbort } from '../../agents/errors';
import { ModelAgent, modelMeta, type AgentEvent, type Proposal, type StopAction } from '../../agents/modelAgent';
import type { RetryPolicy, Sleep } from '../../agents/retry';
import type { UsageTotals } from '../../agents/usage';
import type { WireMessage } from '../../agents/wire';
import { LiveEpisode } from './controller';
import type { ControllerOptions, LiveDeps } from './types';

export type Mode = 'step' | 'run';

export type ModelStatus =
  | { kind: 'idle' }
  | { kind: 'requesting'; mode: Mode }
  | { kind: 'proposed'; proposal: Proposal }
  /** Step asked once and the model's call could not run: it was told why, and the turn is spent. */
  | { kind: 'unsent'; detail: string }
  | { kind: 'applying'; mode: Mode }
  | { kind: 'error'; mode: Mode; message: string; errorKind: string }
  | { kind: 'finished' };

/** The model driver's slice of the episode store. */
export interface ModelState {
  status: ModelStatus;
  totals: UsageTotals;
  events: AgentEvent[];
  messages: WireMessage[];
}

/** The connection fields a Retry may change without losing the conversation. */
export type Connection = Pick<EndpointConfig, 'baseUrl' | 'apiKey' | 'extraHeaders' | 'timeoutMs'>;

export interface ModelDriverOptions {
  deps: LiveDeps;
  id: string;
  /** Told every credential a request of this episode is sent with, so the page masks it wherever it writes. */
  remember(secrets: EndpointConfig): void;
  chat?: Partial<ChatEnv>;
  sleep?: Sleep;
  retry?: Partial<RetryPolicy>;
}

/**
 * A model plays, one call at a time: step mode (propose, then the person
 * approves, edits or rejects) or run mode; Stop cancels the request in
 * flight, and an error keeps the episode so Retry continues it. The
 * controller applies and saves; the finished trace carries the exchange
 * (`meta.model`), never the key.
 */
export class ModelDriver {
  private request: AbortController | null = null;
  private running = false;

  private constructor(
    readonly live: LiveEpisode<ModelState>,
    /** Owned here and read by the agent on every request: Retry can fix a key or URL in place. */
    private readonly config: EndpointConfig,
    private readonly agent: ModelAgent,
    private readonly remember: (config: EndpointConfig) => void,
  ) {}

  static async open(world: World, task: Task, config: EndpointConfig, o: ModelDriverOptions): Promise<ModelDriver> {
    return ModelDriver.openWith(world, config, o, (agent, options, state) => LiveEpisode.start(world, task, agent.info, o.id, o.deps, options, state));
  }

  /**
   * The model continues an episode under way (a fork): `open` gets the agent's
   * record (who plays) and returns the episode with its kept steps replayed.
   * Nothing is sent until Step or Run; the model is shown the kept steps as its own.
   */
  static async openFork(world: World, open: (agent: AgentInfo) => Promise<Episode>, config: EndpointConfig, o: ModelDriverOptions): Promise<ModelDriver> {
    return ModelDriver.openWith(world, config, o, async (agent, options, state) =>
      LiveEpisode.adopt(o.id, world, await open(agent.info), o.deps, options, state),
    );
  }

  private static async openWith(
    world: World,
    config: EndpointConfig,
    o: ModelDriverOptions,
    start: (agent: ModelAgent, options: ControllerOptions, state: ModelState) => Promise<LiveEpisode<ModelState>>,
  ): Promise<ModelDriver> {
    const owned: EndpointConfig = { ...config };
    o.remember(owned);
    const agent = new ModelAgent({ config: owned, chat: o.chat, sleep: o.sleep, retry: o.retry, summarize: world.summarize });
    const state: ModelState = { status: { kind: 'idle' }, totals: agent.totals(), events: [], messages: agent.messages() };
    const live = await start(agent, { persist: 'at-end', onEnd: (steps, stop) => ({ model: modelMeta(agent, steps, stop) }) }, state);
    return new ModelDriver(live, owned, agent, o.remember);
  }

  get id(): string {
    return this.live.id;
  }

  get task(): Task {
    return this.live.task;
  }

  private get status(): ModelStatus {
    return this.live.state.driver.status;
  }

  /** Whether prices are set, so "no cost yet" reads $0 rather than "unpriced". */
  get priced(): boolean {
    return this.config.pricePerMTokIn !== undefined || this.config.pricePerMTokOut !== undefined;
  }

  get busy(): boolean {
    const k = this.status.kind;
    return k === 'requesting' || k === 'applying' || this.running;
  }

  /** Ask the model for its next call and hold it for the person to decide. */
  async step(): Promise<void> {
    if (this.busy || this.status.kind === 'finished') return;
    const action = await this.propose('step');
    if (action && action.type === 'call') this.set({ kind: 'proposed', proposal: action });
  }

  async approve(args?: Json): Promise<void> {
    if (this.status.kind !== 'proposed') return;
    await this.applyOpen('step', args);
    if (!this.live.finished) this.set({ kind: 'idle' });
  }

  /** The model is told the call was refused; the next Step asks it again. */
  reject(reason?: string): void {
    if (this.status.kind !== 'proposed') return;
    this.agent.reject(reason);
    this.set({ kind: 'idle' });
  }

  /** Approve everything until the episode ends, Stop is pressed, or a request fails. */
  async run(): Promise<void> {
    if (this.busy || this.status.kind === 'finished') return;
    this.running = true;
    try {
      if (this.status.kind === 'proposed') await this.applyOpen('run');
      while (this.running && !this.live.finished) {
        const action = await this.propose('run');
        if (!action || action.type === 'stop') break;
        await this.applyOpen('run');
      }
    } finally {
      this.running = false;
      const k = this.status.kind;
      if (k === 'applying' || k === 'requesting') this.set({ kind: 'idle' });
    }
  }

  /** Cancel the request in flight; the episode stays open for Step or Run. */
  stop(): void {
    this.running = false;
    this.request?.abort();
  }

  /** Same again, after the person perhaps fixed the key, URL or headers. */
  async retry(connection?: Connection): Promise<void> {
    const s = this.status;
    if (s.kind !== 'error') return;
    if (connection) this.reconnect(connection);
    this.set({ kind: 'idle' });
    await (s.mode === 'run' ? this.run() : this.step());
  }

  /** The person ends it here: scored as abandoned, saved like any other. */
  async end(): Promise<void> {
    // A world call in progress must land before the episode can end.
    if (this.status.kind === 'finished' || this.status.kind === 'applying') return;
    this.stop();
    await this.live.end({ reason: 'abandoned', terminated: false, truncated: false, detail: 'ended by the person' });
    this.set({ kind: 'finished' });
  }

  /** Stop asking, and let go of the episode's sessions: the view moved on to another episode. */
  async dispose(): Promise<void> {
    this.stop();
    await this.live.close();
  }

  private reconnect(c: Connection): void {
    this.config.baseUrl = c.baseUrl;
    this.config.timeoutMs = c.timeoutMs;
    if (c.apiKey) this.config.apiKey = c.apiKey;
    else delete this.config.apiKey;
    if (c.extraHeaders) this.config.extraHeaders = c.extraHeaders;
    else delete this.config.extraHeaders;
    this.remember(this.config);
  }

  private async propose(mode: Mode): Promise<Proposal | StopAction | null> {
    this.request = new AbortController();
    this.set({ kind: 'requesting', mode });
    try {
      let action = await this.agent.propose(this.live.observation(), this.request.signal);
      // A call the agent answered itself (invalid arguments…) spends a turn; the spent budget may end the episode.
      // Step is one model call: the invalid one is shown, and the next Step asks again. Run asks on.
      while (action.type === 'unsent' && !this.live.finished) {
        await this.live.spendUnsent();
        if (mode === 'step') break;
        if (!this.live.finished) action = await this.agent.propose(this.live.observation(), this.request.signal);
      }
      if (action.type === 'stop') await this.live.end({ reason: action.reason, terminated: false, truncated: false, detail: action.detail });
      if (this.live.finished) {
        this.set({ kind: 'finished' });
        return action.type === 'stop' ? action : null;
      }
      if (action.type === 'unsent') {
        this.set({ kind: 'unsent', detail: action.detail });
        return null;
      }
      return action;
    } catch (e) {
      if (isAbort(e)) this.set({ kind: 'idle' });
      else this.set({ kind: 'error', mode, message: e instanceof Error ? e.message : String(e), errorKind: e instanceof ChatError ? e.kind : 'error' });
      return null;
    } finally {
      this.request = null;
    }
  }

  private async applyOpen(mode: Mode, args?: Json): Promise<void> {
    const action = this.agent.accept(args);
    this.set({ kind: 'applying', mode });
    await this.live.apply(action.call, { usage: action.usage, model: action.model });
    if (this.live.finished) this.set({ kind: 'finished' });
  }

  private set(status: ModelStatus): void {
    // A cancelled request can report back after the person ended the episode.
    if ((this.status.kind === 'finished' || this.live.finished) && status.kind !== 'finished') return;
    this.live.setDriver({ status, totals: this.agent.totals(), events: this.agent.events(), messages: this.agent.messages() });
  }
}
