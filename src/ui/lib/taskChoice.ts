import type { Task } from '../../core/types';
import type { World } from '../../core/world';

/**
 * How tasks are offered: fault-api's tasks differ by profile (the seed is
 * its own field), the other worlds' by task id.
 */
export const taskKey = (world: World, t: Task): string => (world.id === 'fault-api' ? String(t.spec.profile) : t.id);
export const taskLabel = (world: World, t: Task): string => (world.id === 'fault-api' ? String(t.spec.profile) : t.title);

export function taskChoices(world: World): Task[] {
  return [...new Map(world.listTasks().map((t) => [taskKey(world, t), t])).values()];
}
