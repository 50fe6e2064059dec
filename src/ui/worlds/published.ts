import type { PublishedRow } from '../lib/report';

/**
 * Figures the seeds published for real models, shown in the report as
 * reference rows beside the person's own, never mixed into them.
 * dirty-integration (our fault-api): mean weighted reward, 5 seeds per cell,
 * max_turns=30, Prime Inference, 2026-08-01 ("—" there: not run). tripwire:
 * live OpenAI runs, n≈10–12 deterministic tasks, per-layer means.
 */
const DIRTY = 'dirty-integration seed, 5 seeds per cell, max_turns=30, 2026-08-01';
const TRIPWIRE = 'tripwire seed, live OpenAI runs, n≈10–12';

const dirty = (model: string, clean: number | null, realistic: number | null, hostile: number | null): PublishedRow[] =>
  (
    [
      ['clean', clean],
      ['realistic', realistic],
      ['hostile', hostile],
    ] as const
  ).map(([profile, reward]) => ({ world: 'fault-api', column: profile, agent: model, reward, naive: null, layers: {}, source: DIRTY }));

const tripwire = (model: string, naive: number, layered: number, l1: number, l2: number, l3: number): PublishedRow => ({
  world: 'tripwire',
  column: null,
  agent: model,
  reward: layered,
  naive,
  layers: { final_answer: naive, end_state: l1, trace_path: l2, policy_gate: l3 },
  source: TRIPWIRE,
});

export const PUBLISHED: readonly PublishedRow[] = [
  ...dirty('google/gemini-2.5-flash-lite', 0, null, null),
  ...dirty('deepseek/deepseek-v3.2', 1, 1, 0.76),
  ...dirty('anthropic/claude-sonnet-5', 1, 1, 0.81),
  tripwire('gpt-4.1-mini', 1, 1, 1, 1, 1),
  tripwire('gpt-4o-mini', 1, 1, 1, 1, 1),
  tripwire('gpt-4.1-nano', 0.83, 0.83, 1, 1, 1),
];
