import { Episode } from '../../core/episode';
import type { Json } from '../../core/json';
import type { Task, Trace } from '../../core/types';
import type { World } from '../../core/world';
import { secretsOf } from '../../agents/credentials';
import type { EndpointConfig } from '../../agents/endpoint';
import { ChatError, isAbort } from '../../agents/errors';
import { ModelAgent, modelMeta, type AgentEvent, type Proposal } from '../../agents/modelAgent';
import type { UsageTotals } from '../../agents/usage';
import type { WireMessage } from '../../agents/wire';
import { rememberSecrets } from './modelSecrets';
import { saveRun } from './storage';
import { describeStorageError } from './storageErrors';
import { keepUnsaved } from './unsavedRuns';

export type Mode = 'step' | 'run';

export type SessionStatus =
  | { kind: 'idle' }
  | { kind: 'requesting'; mode: Mode }
  | { kind: 'proposed'; proposal: Proposal }
  | { kind: 'applying'; mode: Mode }
  | { kind: 'error'; mode: Mode; message: string; errorKind: string }
  | { kind: 'finished'; saved: 'saving' | 'saved' | { error: string } };

export interface SessionSnapshot {
  trace: Trace;
  status: SessionStatus;
  totals: UsageTotals;
  events: AgentEvent[];
  messages: WireMessage[];
}

/** The connection fields a Retry may change without losing the conversation. */
export type Connection = Pick<EndpointConfig, 'baseUrl' | 'apiKey' | 'extraHeaders' | 'timeoutMs'>;

/**
 * One model episode driven from the page: step mode (propose, then approve /
 * edit / reject) or run mode, a Stop that cancels the request in flight, and
 * errors that keep the episode so Retry continues it. Lives outside React; the
 * view subscribes to snapshots. The finished trace is saved to the library.
 */
export class ModelSession {
  readonly id = `model-${crypto.randomUUID()}`;
  private snap: SessionSnapshot;
  private listeners = new Set<() => void>();
  private controller: AbortController | null = null;
  private running = false;
  private finishing = false;

  private constructor(
    readonly world: World,
    readonly task: Task,
    /** Owned here and read by the agent on every request: Retry can fix a key or URL in place. */
    private readonly config: EndpointConfig,
    private readonly agent: ModelAgent,
    private readonly episode: Episode,
    trace: Trace,
  ) {
    this.snap = { trace, status: { kind: 'idle' }, totals: agent.totals(), events: [], messages: agent.messages() };
  }

  static async open(world: World, task: Task, config: EndpointConfig): Promise<ModelSession> {
    const owned: EndpointConfig = { ...config };
    rememberSecrets(secretsOf(owned));
    const agent = new ModelAgent({ config: owned });
    const episode = await Episode.open(world, task, agent.info);
    return new ModelSession(world, task, owned, agent, episode, await episode.toTrace());
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getSnapshot = (): SessionSnapshot => this.snap;

  /** Whether prices are set, so "no cost yet" reads $0 rather than "unpriced". */
  get priced(): boolean {
    return this.config.pricePerMTokIn !== undefined || this.config.pricePerMTokOut !== undefined;
  }

  get busy(): boolean {
    const k = this.snap.status.kind;
    return k === 'requesting' || k === 'applying' || this.running;
  }

  /** Ask the model for its next call and hold it for the person to decide. */
  async step(): Promise<void> {
    if (this.busy || this.snap.status.kind === 'finished') return;
    const action = await this.propose('step');
    if (action) this.set({ kind: 'proposed', proposal: action });
  }

  async approve(args?: Json): Promise<void> {
    if (this.snap.status.kind !== 'proposed') return;
    await this.applyOpen('step', args);
    if (!this.episode.stop) this.set({ kind: 'idle' });
  }

  /** The model is told the call was refused; the next Step asks it again. */
  reject(reason?: string): void {
    if (this.snap.status.kind !== 'proposed') return;
    this.agent.reject(reason);
    this.set({ kind: 'idle' });
  }

  /** Approve everything until the episode ends, Stop is pressed, or a request fails. */
  async run(): Promise<void> {
    if (this.busy || this.snap.status.kind === 'finished') return;
    this.running = true;
    try {
      if (this.snap.status.kind === 'proposed') await this.applyOpen('run');
      while (this.running && !this.episode.stop) {
        const action = await this.propose('run');
        if (!action) break;
        await this.applyOpen('run');
      }
    } finally {
      this.running = false;
      if (this.snap.status.kind === 'applying' || this.snap.status.kind === 'requesting') this.set({ kind: 'idle' });
    }
  }

  /** Cancel the request in flight; the episode stays open for Step or Run. */
  stop(): void {
    this.running = false;
    this.controller?.abort();
  }

  /** Same again, after the person perhaps fixed the key, URL or headers. */
  async retry(connection?: Connection): Promise<void> {
    const s = this.snap.status;
    if (s.kind !== 'error') return;
    if (connection) this.reconnect(connection);
    this.set({ kind: 'idle' });
    await (s.mode === 'run' ? this.run() : this.step());
  }

  /** The person ends it here: scored as abandoned, saved like any other. */
  async end(): Promise<void> {
    // A world call in progress must land before the episode can close.
    if (this.snap.status.kind === 'finished' || this.snap.status.kind === 'applying') return;
    this.stop();
    this.episode.end({ reason: 'abandoned', terminated: false, truncated: false, detail: 'ended by the person' });
    await this.finish();
  }

  private reconnect(c: Connection): void {
    this.config.baseUrl = c.baseUrl;
    this.config.timeoutMs = c.timeoutMs;
    if (c.apiKey) this.config.apiKey = c.apiKey;
    else delete this.config.apiKey;
    if (c.extraHeaders) this.config.extraHeaders = c.extraHeaders;
    else delete this.config.extraHeaders;
    rememberSecrets(secretsOf(this.config));
  }

  private async propose(mode: Mode): Promise<Proposal | null> {
    this.controller = new AbortController();
    this.set({ kind: 'requesting', mode });
    try {
      let action = await this.agent.propose(this.episode.observation(), this.controller.signal);
      // A call the agent answered itself spends a turn; the spent budget may end the episode.
      while (action.type === 'unsent' && !this.episode.stop) {
        this.episode.spendUnsent();
        if (!this.episode.stop) action = await this.agent.propose(this.episode.observation(), this.controller.signal);
      }
      if (action.type === 'stop') this.episode.end({ reason: action.reason, terminated: false, truncated: false, detail: action.detail });
      if (this.episode.stop) {
        await this.finish();
        return null;
      }
      return action.type === 'call' ? action : null;
    } catch (e) {
      if (isAbort(e)) this.set({ kind: 'idle' });
      else this.set({ kind: 'error', mode, message: e instanceof Error ? e.message : String(e), errorKind: e instanceof ChatError ? e.kind : 'error' });
      return null;
    } finally {
      this.controller = null;
    }
  }

  private async applyOpen(mode: Mode, args?: Json): Promise<void> {
    const action = this.agent.accept(args);
    this.set({ kind: 'applying', mode });
    await this.episode.apply(action.call, action);
    if (this.episode.stop) await this.finish();
    else await this.refresh();
  }

  private async finish(): Promise<void> {
    if (this.finishing) return;
    this.finishing = true;
    const trace = await this.episode.toTrace();
    trace.meta = { ...trace.meta, model: modelMeta(this.agent, trace.steps, trace.stop) };
    this.snap = { ...this.snap, trace };
    this.set({ kind: 'finished', saved: 'saving' });
    await this.episode.close();
    try {
      await saveRun({ id: this.id, trace, savedAt: Date.now(), finished: true });
      this.set({ kind: 'finished', saved: 'saved' });
    } catch (e) {
      // Listed in the library as not saved, so it can still be exported from there.
      keepUnsaved({ id: this.id, trace, reason: 'not saved' });
      this.set({ kind: 'finished', saved: { error: describeStorageError(e) } });
    }
  }

  private async refresh(): Promise<void> {
    this.snap = { ...this.snap, trace: await this.episode.toTrace() };
    this.emit();
  }

  private set(status: SessionStatus): void {
    // A cancelled request can report back after the person ended the episode.
    if (this.snap.status.kind === 'finished' && status.kind !== 'finished') return;
    this.snap = { ...this.snap, status, totals: this.agent.totals(), events: this.agent.events(), messages: this.agent.messages() };
    this.emit();
  }

  private emit(): void {
    for (const fn of this.listeners) fn();
  }
}
