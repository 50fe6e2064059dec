import { runEpisode } from '../../core/episode';
import type { Task, Trace } from '../../core/types';
import { findReferenceAgent, type World } from '../../core/world';

const cache = new Map<string, Promise<Trace>>();

/** A reference agent's whole episode on a task; worlds are deterministic, so it is computed once per page. */
export function referenceTrace(world: World, task: Task, agentId: string): Promise<Trace> {
  const key = `${world.id}|${task.id}|${JSON.stringify(task.spec)}|${agentId}`;
  let p = cache.get(key);
  if (!p) {
    const ref = findReferenceAgent(world, agentId);
    if (!ref) return Promise.reject(new Error(`${world.id} has no reference agent "${agentId}"`));
    if (!ref.appliesTo(task)) return Promise.reject(new Error(`${ref.label} has no trajectory for ${task.title}`));
    p = runEpisode(world, task, ref.create(task));
    cache.set(key, p);
    p.catch(() => cache.delete(key));
  }
  return p;
}
