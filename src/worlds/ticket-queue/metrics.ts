import type { EpisodeView, LayerResult, RewardFn } from '../../core/rubric';

/**
 * Metrics: layers of weight 0, reported beside the reward and never part of it.
 * Each value is an efficiency in [0, 1] (1 = free) so it fits a scorecard row;
 * the raw numbers are in the reasons.
 */

export function stepCount(ep: EpisodeView): LayerResult {
  const used = ep.steps.length;
  const budget = ep.task.maxTurns;
  return { value: budget > 0 ? 1 - used / budget : 0, reasons: [`${used} calls of a budget of ${budget}`] };
}

/** Seconds at which the latency efficiency halves: a minute is slow for a dozen tickets. */
export const LATENCY_HALF_S = 60;
/** Dollars at which the cost efficiency halves. */
export const COST_HALF_USD = 0.1;

/** Model latency where the driver recorded it, else the step's wall time. */
export function latency(ep: EpisodeView): LayerResult {
  const timed = ep.steps.flatMap((s) => {
    const ms = s.model?.latencyMs ?? s.durationMs;
    return ms === undefined ? [] : [ms];
  });
  if (timed.length === 0) return { value: 1, reasons: ['no timing in the trace (a scripted agent, or no clock injected)'] };
  const total = timed.reduce((a, b) => a + b, 0);
  const seconds = total / 1000;
  return {
    value: 1 / (1 + seconds / LATENCY_HALF_S),
    reasons: [`${seconds.toFixed(2)} s over ${timed.length} timed steps (mean ${Math.round(total / timed.length)} ms)`],
  };
}

export function cost(ep: EpisodeView): LayerResult {
  let prompt = 0;
  let completion = 0;
  let usd = 0;
  let priced = 0;
  for (const s of ep.steps) {
    prompt += s.usage?.promptTokens ?? 0;
    completion += s.usage?.completionTokens ?? 0;
    if (s.model?.costUsd !== undefined) {
      usd += s.model.costUsd;
      priced++;
    }
  }
  if (prompt + completion === 0 && priced === 0) return { value: 1, reasons: ['no model usage in the trace'] };
  const tokens = `${prompt} prompt + ${completion} completion tokens`;
  if (priced === 0) return { value: 1, reasons: [tokens, 'no price recorded'] };
  return { value: 1 / (1 + usd / COST_HALF_USD), reasons: [`$${usd.toFixed(4)} over ${priced} priced steps`, tokens] };
}

export const metricLayers: RewardFn[] = [
  { id: 'steps', label: 'step count', weight: 0, score: stepCount },
  { id: 'latency', label: 'latency', weight: 0, score: latency },
  { id: 'cost', label: 'cost', weight: 0, score: cost },
];
