import type { PublishedFigure } from '../types';

/**
 * What the dirty-integration seed (this world's origin) published for real
 * models: mean weighted reward, 5 seeds per cell, max_turns=30, Prime
 * Inference, 2026-08-01 ("—" there, null here: not run). Shown in the report
 * as reference rows beside the person's own, never mixed into them.
 */
const SOURCE = 'dirty-integration seed, 5 seeds per cell, max_turns=30, 2026-08-01';

const byProfile = (model: string, clean: number | null, realistic: number | null, hostile: number | null): PublishedFigure[] =>
  (
    [
      ['clean', clean],
      ['realistic', realistic],
      ['hostile', hostile],
    ] as const
  ).map(([profile, reward]) => ({ column: profile, agent: model, reward, naive: null, layers: {}, source: SOURCE }));

export const PUBLISHED: readonly PublishedFigure[] = [
  ...byProfile('google/gemini-2.5-flash-lite', 0, null, null),
  ...byProfile('deepseek/deepseek-v3.2', 1, 1, 0.76),
  ...byProfile('anthropic/claude-sonnet-5', 1, 1, 0.81),
];
