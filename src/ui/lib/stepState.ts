import { Episode } from '../../core/episode';
import type { JsonObject } from '../../core/json';
import type { Scorecard, Task, Trace } from '../../core/types';
import type { World } from '../../core/world';

export interface StepState {
  /** The world's inspectable state after step `step` (-1: before any call). */
  state: JsonObject;
  /** What the verifier says at that point; provisional before the last step. */
  scorecard: Scorecard;
}

const cache = new WeakMap<Trace, Map<number, Promise<StepState>>>();

/**
 * State at step k = replay of calls 0..k on a fresh session. Stepping back
 * re-derives state this way; the recorded history is never mutated.
 */
export function stepState(world: World, task: Task, trace: Trace, step: number): Promise<StepState> {
  let perTrace = cache.get(trace);
  if (!perTrace) {
    perTrace = new Map();
    cache.set(trace, perTrace);
  }
  let p = perTrace.get(step);
  if (!p) {
    p = compute(world, task, trace, step);
    perTrace.set(step, p);
    p.catch(() => perTrace!.delete(step));
  }
  return p;
}

async function compute(world: World, task: Task, trace: Trace, step: number): Promise<StepState> {
  const episode = await Episode.open(world, task, trace.agent);
  try {
    const last = trace.steps.length - 1;
    for (const s of trace.steps.slice(0, step + 1)) await episode.apply(s.call);
    if (step >= last && trace.stop) episode.end(trace.stop);
    const scorecard = await episode.scorecard();
    const state = await episode.inspect();
    return { state, scorecard };
  } finally {
    await episode.close();
  }
}
