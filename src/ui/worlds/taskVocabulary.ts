import type { Task } from '../../core/types';
import type { World } from '../../core/world';
import type { TaskParam, TaskVocabulary } from './types';

/** Every world's spec takes `max_turns` (the turn budget a task states to its agent). */
export const MAX_TURNS_PARAM: TaskParam = { key: 'max_turns', label: 'max turns', min: 1, max: 10000, read: (t) => t.maxTurns };

/** Worlds whose tasks are named by id: a choice is a task, as the world lists it. */
export const TASKS_BY_ID: TaskVocabulary = {
  noun: 'task',
  plural: 'tasks',
  key: (t: Task) => t.id,
  label: (t: Task) => t.title,
  pick: (_current, chosen) => chosen.spec,
  poolSeeds: false,
  params: [MAX_TURNS_PARAM],
};

/** One task per choice the picker offers (the first the world lists of each key). */
export function taskChoices(world: World, tasks: TaskVocabulary): Task[] {
  const first = new Map<string, Task>();
  for (const t of world.listTasks()) if (!first.has(tasks.key(t))) first.set(tasks.key(t), t);
  return [...first.values()];
}
