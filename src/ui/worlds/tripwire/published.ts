import type { PublishedFigure } from '../types';

/**
 * What the tripwire seed published for real models: live OpenAI runs over
 * n≈10–12 deterministic tasks, per-layer means. Shown in the report as
 * reference rows beside the person's own, never mixed into them.
 */
const SOURCE = 'tripwire seed, live OpenAI runs, n≈10–12';

const figure = (model: string, naive: number, layered: number, l1: number, l2: number, l3: number): PublishedFigure => ({
  column: null,
  agent: model,
  reward: layered,
  naive,
  layers: { final_answer: naive, end_state: l1, trace_path: l2, policy_gate: l3 },
  source: SOURCE,
});

export const PUBLISHED: readonly PublishedFigure[] = [
  figure('gpt-4.1-mini', 1, 1, 1, 1, 1),
  figure('gpt-4o-mini', 1, 1, 1, 1, 1),
  figure('gpt-4.1-nano', 0.83, 0.83, 1, 1, 1),
];
