import { runEpisode } from './episode';
import type { JsonObject } from './json';
import type { Verdict } from './types';
import type { ReferenceRole, World } from './world';

export interface MatrixCell {
  task: string;
  taskTitle: string;
  spec: JsonObject;
  agent: string;
  role: ReferenceRole;
  reward: number;
  naive: number;
  strict: number | null;
  full: Verdict;
  caughtBy: string | null;
}

/** Every reference agent on every task it applies to: the calibration view's table. */
export async function referenceMatrix(world: World, onProgress?: (done: number, total: number) => void): Promise<MatrixCell[]> {
  const tasks = world.listTasks();
  const jobs = tasks.flatMap((task) => world.referenceAgents.filter((a) => a.appliesTo(task)).map((agent) => ({ task, agent })));
  const cells: MatrixCell[] = [];
  onProgress?.(0, jobs.length);
  for (const [i, { task, agent }] of jobs.entries()) {
    const card = (await runEpisode(world, task, agent.create(task))).scorecard!;
    cells.push({
      task: task.id,
      taskTitle: task.title,
      spec: task.spec,
      agent: agent.id,
      role: agent.role,
      reward: card.reward,
      naive: card.naive,
      strict: card.readings?.strict ?? null,
      full: card.verdict.full,
      caughtBy: card.verdict.caughtBy,
    });
    onProgress?.(i + 1, jobs.length);
  }
  return cells;
}
