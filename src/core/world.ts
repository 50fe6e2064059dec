import type { Agent } from './agent';
import type { JsonObject } from './json';
import type { Result } from './result';
import type { Rubric } from './rubric';
import type { Session, Task } from './types';

export type ReferenceRole = 'solver' | 'oracle' | 'sentinel' | 'gotcha' | 'honest-wrong';

/** A scripted agent shipped with a world to prove its verifier. */
export interface ReferenceAgent {
  id: string;
  label: string;
  role: ReferenceRole;
  description: string;
  /** Whether this agent has a trajectory for the task (e.g. mutation-only gotchas). */
  appliesTo(task: Task): boolean;
  create(task: Task): Agent;
}

export interface World {
  id: string;
  title: string;
  summary: string;
  /** Validate a task spec from outside (CLI, trace file, URL) into a task. */
  makeTask(spec: unknown): Result<Task>;
  /** The world's published task list. */
  listTasks(): Task[];
  open(task: Task): Promise<Session>;
  rubric: Rubric;
  referenceAgents: ReferenceAgent[];
  /** What the timeline should call this world's state counters, if anything. */
  describeState?(state: JsonObject): Record<string, number>;
}
