import { canonicalJson, isJsonObject, tryParseJson, type JsonObject } from '../../../core/json';
import type { Task } from '../../../core/types';
import type { World } from '../../../core/world';
import { DEFAULT_WORLD } from '../../worlds/registry';
import { hrefFor } from '../route';

export type ModelTab = 'episode' | 'batch';

/** What the model view shows; the URL owns it (never the settings, never the key). */
export interface ModelRoute {
  tab: ModelTab;
  world: string;
  task: JsonObject | null;
  /** Calls applied at the selected point; null follows the live end. */
  step: number | null;
  /** A recorded episode offered to the model to continue (live/forks.ts), by its id in this tab. */
  fork: string | null;
}

export function readModelRoute(query: URLSearchParams): ModelRoute {
  const raw = query.get('task');
  const parsed = raw ? tryParseJson(raw) : null;
  const stepText = query.get('step');
  return {
    tab: query.get('tab') === 'batch' ? 'batch' : 'episode',
    world: query.get('world') ?? DEFAULT_WORLD,
    task: parsed?.ok && isJsonObject(parsed.value) ? parsed.value : null,
    step: stepText !== null && /^\d+$/.test(stepText) ? Number(stepText) : null,
    fork: query.get('fork'),
  };
}

export function modelHref(r: Partial<ModelRoute>): string {
  return hrefFor(['model'], {
    tab: r.tab === 'batch' ? 'batch' : undefined,
    world: r.world,
    task: r.task ? canonicalJson(r.task) : undefined,
    step: r.step ?? undefined,
    fork: r.fork ?? undefined,
  });
}

/**
 * The task with the person's turn budget, made from the spec (every world
 * takes `max_turns`), so the prompt, the trace's task and a replay all agree.
 */
export function withMaxTurns(world: World, task: Task, maxTurns: number | undefined): Task {
  if (maxTurns === undefined || maxTurns === task.maxTurns) return task;
  const made = world.makeTask({ ...task.spec, max_turns: maxTurns });
  // Settings bound max turns to what every world accepts; anything else keeps the task's own budget.
  return made.ok ? made.value : task;
}
