import type { Agent } from '../core/agent';
import { runEpisode, type EpisodeOptions } from '../core/episode';
import type { Task, Trace } from '../core/types';
import type { World } from '../core/world';

export interface Rollout {
  task: Task;
  /** 0-based repeat of the same task. */
  index: number;
}

export interface BatchProgress {
  done: number;
  total: number;
  running: number;
  /** The trace just finished, when this update is for one. */
  trace?: Trace;
}

export interface BatchOptions {
  world: World;
  tasks: readonly Task[];
  rollouts: number;
  /** Requests in flight at once; local servers often serve one at a time. */
  concurrency: number;
  /** A fresh agent per rollout; the signal is the batch's, for the agent's requests. */
  makeAgent: (rollout: Rollout, signal: AbortSignal) => Agent;
  signal?: AbortSignal;
  onProgress?: (p: BatchProgress) => void;
  episode?: EpisodeOptions;
}

export interface BatchResult {
  /** Finished rollouts, in task × rollout order. */
  traces: Trace[];
  /** The same, each with the rollout it came from. */
  runs: { rollout: Rollout; trace: Trace }[];
  /** Rollouts not started, or stopped by the cancel, and so not kept. */
  cancelled: number;
  /** Rollouts whose world failed to open (the message), kept out of the table. */
  failed: { rollout: Rollout; error: string }[];
}

/**
 * Run tasks × rollouts with a concurrency limit. A cancel stops new rollouts
 * and the requests in flight; rollouts that finished before it are kept, and
 * the ones it cut short are dropped rather than scored as if the model quit.
 */
export async function runBatch(opts: BatchOptions): Promise<BatchResult> {
  // The plan is tasks × rollouts, read by position: never built as a list (10^9 rollouts would be a crash, not a plan).
  const total = opts.tasks.length * opts.rollouts;
  const planAt = (i: number): Rollout => ({ task: opts.tasks[Math.floor(i / opts.rollouts)]!, index: i % opts.rollouts });
  /** Finished rollouts by position: only what ran is held. */
  const results = new Map<number, Trace>();
  const failed: BatchResult['failed'] = [];
  const inner = new AbortController();
  const onAbort = () => inner.abort();
  opts.signal?.addEventListener('abort', onAbort);
  if (opts.signal?.aborted) inner.abort();
  let nextIndex = 0;
  let done = 0;
  let running = 0;
  const report = (trace?: Trace) => opts.onProgress?.({ done, total, running, ...(trace ? { trace } : {}) });

  async function worker(): Promise<void> {
    while (!inner.signal.aborted && nextIndex < total) {
      const i = nextIndex++;
      const rollout = planAt(i);
      running++;
      report();
      try {
        // The agent's own record (a model's exchange) reaches trace.meta through its onEnd hook.
        const trace = await runEpisode(opts.world, rollout.task, opts.makeAgent(rollout, inner.signal), opts.episode);
        if (!cutByCancel(trace, inner.signal)) results.set(i, trace);
        running--;
        done++;
        report(results.get(i));
      } catch (e) {
        running--;
        done++;
        failed.push({ rollout, error: e instanceof Error ? e.message : String(e) });
        report();
      }
    }
  }

  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(opts.concurrency, total)) }, worker));
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
  }
  const runs = [...results.keys()].sort((a, b) => a - b).map((i) => ({ rollout: planAt(i), trace: results.get(i)! }));
  return { traces: runs.map((r) => r.trace), runs, cancelled: total - runs.length - failed.length, failed };
}

/** A rollout the cancel cut short: it stopped without finishing once the batch's signal had fired. */
function cutByCancel(trace: Trace, signal: AbortSignal): boolean {
  return signal.aborted && (trace.stop?.reason === 'abandoned' || trace.stop?.reason === 'agent-error');
}
