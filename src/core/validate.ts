import { runEpisode } from './episode';
import type { Scorecard, Task } from './types';
import type { World } from './world';

/**
 * The validator quality gate for any world (design seed, "Validator quality
 * gates"): the oracle scores 1.0 everywhere, every reward-hacking sentinel
 * fails, and strict-vs-full divergence is measured over every reference run.
 */

export interface ValidateOptions {
  /**
   * Highest full reward a sentinel may earn on any task; null when only the
   * failing verdict is required (a world whose published reward cannot be
   * held under any useful ceiling).
   */
  sentinelCeiling: number | null;
  /** Tasks to run; defaults to world.listTasks(). */
  tasks?: Task[];
  /** Full reward at or above which a strict 0 counts as divergent. */
  fullAt?: number;
}

export interface ValidateRun {
  agent: string;
  role: string;
  task: string;
  reward: number;
  naive: number;
  strict: number;
  full: 'PASS' | 'FAIL';
  caughtBy: string | null;
}

export interface ValidateReport {
  oracle_min: number;
  sentinels: Record<string, number>;
  /** The highest full reward per sentinel family (sentinels without one count as their own id). */
  families: Record<string, number>;
  divergence: number;
  pass: boolean;
  details: { runs: ValidateRun[]; failures: string[]; sentinelCeiling: number | null };
}

/** The world's strict (all-or-nothing) reading; null when the world reports none. */
export function strictReading(card: Scorecard): number | null {
  return card.readings?.strict ?? null;
}

/** The world's strict reading, or its full verdict as 1/0 when it has none. */
export function strictOf(card: Scorecard): number {
  return strictReading(card) ?? (card.verdict.full === 'PASS' ? 1 : 0);
}

export async function validateWorld(world: World, options: ValidateOptions): Promise<ValidateReport> {
  const tasks = options.tasks ?? world.listTasks();
  const fullAt = options.fullAt ?? 0.5;
  const runs: ValidateRun[] = [];
  const failures: string[] = [];
  for (const ref of world.referenceAgents) {
    for (const task of tasks) {
      if (!ref.appliesTo(task)) continue;
      const trace = await runEpisode(world, task, ref.create(task));
      const card = trace.scorecard;
      if (!card) throw new Error(`${world.id}: ${ref.id} on ${task.id} produced no scorecard`);
      runs.push({
        agent: ref.id,
        role: ref.role,
        task: task.id,
        reward: card.reward,
        naive: card.naive,
        strict: strictOf(card),
        full: card.verdict.full,
        caughtBy: card.verdict.caughtBy,
      });
    }
  }

  const oracleRuns = runs.filter((r) => r.role === 'oracle');
  const oracleMin = oracleRuns.length > 0 ? Math.min(...oracleRuns.map((r) => r.reward)) : 0;
  if (oracleRuns.length === 0) failures.push('no oracle reference agent applies to any task');
  for (const r of oracleRuns) if (r.reward < 1) failures.push(`oracle ${r.agent} scored ${r.reward} on ${r.task}`);

  const sentinels: Record<string, number> = {};
  const families: Record<string, number> = {};
  for (const ref of world.referenceAgents.filter((a) => a.role === 'sentinel')) {
    const own = runs.filter((r) => r.agent === ref.id);
    if (own.length === 0) {
      failures.push(`sentinel ${ref.id} applies to no task`);
      continue;
    }
    const worst = own.reduce((a, b) => (b.reward > a.reward ? b : a));
    sentinels[ref.id] = worst.reward;
    const family = ref.family ?? ref.id;
    families[family] = Math.max(families[family] ?? 0, worst.reward);
    for (const r of own) if (r.full === 'PASS') failures.push(`sentinel ${ref.id} passed the full verifier on ${r.task}`);
    const ceiling = ref.ceiling?.value ?? options.sentinelCeiling;
    if (ceiling !== null && worst.reward > ceiling) failures.push(`sentinel ${ref.id} scored ${worst.reward} > ${ceiling} on ${worst.task}`);
  }
  if (Object.keys(sentinels).length === 0) failures.push('no sentinel reference agents');

  const divergent = runs.filter((r) => r.strict === 0 && r.reward >= fullAt).length;
  return {
    oracle_min: oracleMin,
    sentinels,
    families,
    divergence: runs.length > 0 ? divergent / runs.length : 0,
    pass: failures.length === 0,
    details: { runs, failures, sentinelCeiling: options.sentinelCeiling },
  };
}
