import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Agent } from '../../core/agent';
import type { Result } from '../../core/result';
import type { Task, Trace } from '../../core/types';
import type { World } from '../../core/world';
import type { BatchOptions, BatchProgress, BatchResult } from '../../agents/batch';
import { batchTasks, type CellMode } from '../lib/model/batch';
import type { TaskVocabulary } from '../worlds/types';
import type { RunStore, UnsavedList } from './types';

/** One finished rollout, as the library keeps it. */
export interface BatchRun {
  /** The id it was saved under in the trace library. */
  id: string;
  trace: Trace;
}

export interface BatchForm {
  /** The chosen tasks, by the vocabulary's key. */
  keys: ReadonlySet<string>;
  seeds: string;
  rollouts: string;
  concurrency: string;
  mode: CellMode;
}

export interface BatchOutcome {
  cancelled: number;
  failed: { task: string; error: string }[];
}

/** What the batch panel renders: the form, and the batch under way or last run. */
export interface BatchState {
  form: BatchForm;
  runs: BatchRun[];
  progress: BatchProgress | null;
  outcome: BatchOutcome | null;
  /** Why the last save failed; each run not saved is listed as unsaved in the library. */
  saveError: string | null;
}

/** A batch as the form describes it, or what to fix first. */
export type BatchPlan = { ok: true; tasks: Task[]; rollouts: number; concurrency: number; total: number } | { ok: false; problem: string; total: number };

/** What a batch needs from outside: the endpoint's agent, the runner, storage. */
export interface BatchDeps {
  run(opts: BatchOptions): Promise<BatchResult>;
  makeAgent(task: Task, signal: AbortSignal): Agent;
  store: Pick<RunStore, 'save'>;
  unsaved: Pick<UnsavedList, 'keep'>;
  newId(): string;
  /** Wall clock (ms since the epoch) for `savedAt`. */
  now(): number;
  describeError(e: unknown): string;
}

const positiveInt = (text: string) => (/^\d+$/.test(text.trim()) && Number(text) > 0 ? Number(text) : null);

/**
 * Tasks × seeds × rollouts against the endpoint, a few at a time. Each finished
 * rollout is saved to the trace library as it arrives, so a cancel (or a closed
 * tab) keeps everything that finished; a save that fails keeps the run in this
 * tab's unsaved list and says why.
 */
export class BatchController {
  readonly store: StoreApi<BatchState>;
  private abort: AbortController | null = null;

  constructor(
    private readonly world: World,
    private readonly vocabulary: TaskVocabulary,
    form: BatchForm,
  ) {
    this.store = createStore<BatchState>()(() => ({ form, runs: [], progress: null, outcome: null, saveError: null }));
  }

  get running(): boolean {
    const s = this.store.getState();
    return s.progress !== null && s.outcome === null;
  }

  edit(change: Partial<BatchForm>): void {
    if (this.running) return;
    this.store.setState((s) => ({ form: { ...s.form, ...change } }));
  }

  toggle(key: string, on: boolean): void {
    const keys = new Set(this.store.getState().form.keys);
    if (on) keys.add(key);
    else keys.delete(key);
    this.edit({ keys });
  }

  /** The batch the form describes, under the endpoint's settings (or why the endpoint is not usable). */
  plan(endpoint: Result<{ maxTurns?: number }>): BatchPlan {
    const { form } = this.store.getState();
    const tasks = batchTasks(this.world, this.vocabulary, form.keys, form.seeds, endpoint.ok ? endpoint.value.maxTurns : undefined);
    const rollouts = positiveInt(form.rollouts);
    const concurrency = positiveInt(form.concurrency);
    const total = tasks.ok && rollouts ? tasks.value.length * rollouts : 0;
    if (!endpoint.ok) return { ok: false, problem: `fix the endpoint settings first: ${endpoint.error}`, total };
    if (!tasks.ok) return { ok: false, problem: tasks.error, total };
    if (rollouts === null) return { ok: false, problem: 'rollouts per task must be a positive whole number', total };
    if (concurrency === null) return { ok: false, problem: 'concurrency must be a positive whole number', total };
    return { ok: true, tasks: tasks.value, rollouts, concurrency, total };
  }

  /** Runs the plan; resolves when the batch has ended (finished, cancelled or failed). */
  async start(plan: BatchPlan, deps: BatchDeps): Promise<void> {
    if (!plan.ok || this.running) return;
    const abort = new AbortController();
    this.abort = abort;
    this.store.setState({ runs: [], outcome: null, saveError: null, progress: { done: 0, total: plan.total, running: 0 } });
    const result = await deps.run({
      world: this.world,
      tasks: plan.tasks,
      rollouts: plan.rollouts,
      concurrency: plan.concurrency,
      signal: abort.signal,
      makeAgent: (rollout, signal) => deps.makeAgent(rollout.task, signal),
      onProgress: (p) => {
        this.store.setState({ progress: p });
        if (p.trace) this.keep(p.trace, deps);
      },
    });
    this.abort = null;
    this.store.setState({ outcome: { cancelled: result.cancelled, failed: result.failed.map((f) => ({ task: f.rollout.task.title, error: f.error })) } });
  }

  cancel(): void {
    this.abort?.abort();
  }

  private keep(trace: Trace, deps: BatchDeps): void {
    const id = deps.newId();
    this.store.setState((s) => ({ runs: [...s.runs, { id, trace }] }));
    deps.store.save({ id, trace, savedAt: deps.now(), finished: true }).catch((e: unknown) => {
      deps.unsaved.keep({ id, trace, reason: 'not saved' });
      this.store.setState({ saveError: deps.describeError(e) });
    });
  }
}
