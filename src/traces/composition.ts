import { compose, defaultSpec } from '../core/composition';
import type { JsonObject } from '../core/json';
import type { Composition, Scorecard, Trace } from '../core/types';
import type { World } from '../core/world';

/**
 * A scorecard's composition: its own, or, for one recorded before scorecards
 * carried it, the one its world's rubric gives for the task and the recorded layer
 * values. That is only the recorded arithmetic when it gives the recorded reward;
 * when the rubric has changed since, the answer is null and the card is shown
 * without shares rather than with shares that add up to another total.
 */
export function compositionOf(world: World, taskSpec: JsonObject, card: Scorecard): Composition | null {
  if (card.composition) return card.composition;
  const task = world.makeTask(taskSpec);
  if (!task.ok) return null;
  const rubric = world.rubric;
  const recorded = new Set(card.layers.map((l) => l.id));
  if (rubric.layers.some((l) => !recorded.has(l.id))) return null;
  const values = new Map(card.layers.map((l) => [l.id, l.value]));
  const { reward, composition } = compose(rubric.layers, rubric.compose ? rubric.compose(task.value) : defaultSpec(rubric.layers), values);
  return Math.abs(reward - card.reward) <= 1e-9 ? composition : null;
}

/** The trace with its scorecard's composition filled in where the world's rubric can give it. */
export function withComposition(world: World, trace: Trace): Trace {
  const card = trace.scorecard;
  if (!card || card.composition) return trace;
  const composition = compositionOf(world, trace.task, card);
  return composition ? { ...trace, scorecard: { ...card, composition } } : trace;
}
