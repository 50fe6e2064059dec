import type { Task } from '../../core/types';
import type { World } from '../../core/world';
import type { TaskVocabulary } from './types';

/** Worlds whose tasks are named by id: a choice is a task, as the world lists it. */
export const TASKS_BY_ID: TaskVocabulary = {
  noun: 'task',
  plural: 'tasks',
  key: (t: Task) => t.id,
  label: (t: Task) => t.title,
  pick: (_current, chosen) => chosen.spec,
  poolSeeds: false,
};

/** One task per choice the picker offers (the first the world lists of each key). */
export function taskChoices(world: World, tasks: TaskVocabulary): Task[] {
  return [...new Map(world.listTasks().map((t) => [tasks.key(t), t])).values()];
}
