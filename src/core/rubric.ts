import type { JsonObject } from './json';
import type { LayerScore, Scorecard, Step, Stop, Task, WorldEvent } from './types';

/** What every reward function sees: the task, the steps, how it stopped, the final state, typed by the world. */
export interface EpisodeView<S extends JsonObject = JsonObject, E extends WorldEvent = WorldEvent> {
  task: Task;
  steps: readonly Step<E>[];
  stop: Stop | null;
  state: S;
}

export interface LayerResult {
  value: number;
  reasons: string[];
  /** A short "caught by" line when this layer fails, e.g. "gate: forbidden-table-access (L3)". */
  caughtBy?: string;
}

/**
 * A named, weighted reward function. A metric is a layer of weight 0. Its functions
 * are methods, not function-valued properties, so a rubric of one world's state
 * stays a `Rubric` of JSON state: the registry holds worlds of different types.
 */
export interface RewardFn<S extends JsonObject = JsonObject, E extends WorldEvent = WorldEvent> {
  id: string;
  label: string;
  weight: number;
  /** Gates multiply the weighted sum instead of adding to it. */
  gate?: boolean;
  score(episode: EpisodeView<S, E>): LayerResult;
}

export interface Rubric<S extends JsonObject = JsonObject, E extends WorldEvent = WorldEvent> {
  layers: RewardFn<S, E>[];
  /** The final-answer-only check the product sets beside the full one. */
  naive(episode: EpisodeView<S, E>, layers: ReadonlyMap<string, LayerResult>): number;
  /** Full reward from the layer values; defaults to gates × weighted sum. */
  combine?(values: ReadonlyMap<string, number>, episode: EpisodeView<S, E>): number;
  /** Other readings shown beside naive and full (e.g. strict). */
  readings?(values: ReadonlyMap<string, number>, episode: EpisodeView<S, E>): Record<string, number>;
  /** Which failing layer is named first in "caught by"; defaults to layer order. */
  caughtByOrder?: string[];
}

/** A verdict is PASS only at full marks; 1e-9 absorbs float rounding. */
export const PASS_AT = 1 - 1e-9;

export function clamp01(x: number): number {
  return Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0;
}

export function defaultCombine(layers: readonly Pick<RewardFn, 'id' | 'weight' | 'gate'>[], values: ReadonlyMap<string, number>): number {
  let gate = 1;
  let sum = 0;
  let weights = 0;
  for (const layer of layers) {
    const v = values.get(layer.id) ?? 0;
    if (layer.gate) gate *= v;
    else if (layer.weight > 0) {
      sum += layer.weight * v;
      weights += layer.weight;
    }
  }
  return gate * (weights > 0 ? sum / weights : 1);
}

/** Round to 6 decimals so scorecards print and compare stably. */
export function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

export function scoreEpisode<S extends JsonObject, E extends WorldEvent>(rubric: Rubric<S, E>, episode: EpisodeView<S, E>): Scorecard {
  const results = new Map<string, LayerResult>();
  const values = new Map<string, number>();
  for (const layer of rubric.layers) {
    const r = layer.score(episode);
    const value = round6(clamp01(r.value));
    results.set(layer.id, { ...r, value });
    values.set(layer.id, value);
  }
  const layers: LayerScore[] = rubric.layers.map((layer) => {
    const r = results.get(layer.id)!;
    const out: LayerScore = {
      id: layer.id,
      label: layer.label,
      value: r.value,
      weight: layer.weight,
      pass: r.value >= PASS_AT,
      reasons: r.reasons,
    };
    if (layer.gate) out.gate = true;
    return out;
  });
  const reward = round6(clamp01(rubric.combine ? rubric.combine(values, episode) : defaultCombine(rubric.layers, values)));
  const naive = round6(clamp01(rubric.naive(episode, results)));
  const fullPass = reward >= PASS_AT;
  let caughtBy: string | null = null;
  if (!fullPass) {
    const order = rubric.caughtByOrder ?? rubric.layers.map((l) => l.id);
    for (const id of order) {
      const layer = rubric.layers.find((l) => l.id === id);
      const r = results.get(id);
      if (!layer || !r || r.value >= PASS_AT || (layer.weight === 0 && !layer.gate)) continue;
      caughtBy = r.caughtBy ?? `${layer.label}: ${r.reasons[0] ?? 'below full marks'}`;
      break;
    }
  }
  const card: Scorecard = {
    layers,
    reward,
    naive,
    verdict: { naive: naive >= PASS_AT ? 'PASS' : 'FAIL', full: fullPass ? 'PASS' : 'FAIL', caughtBy },
    final: episode.stop !== null,
  };
  if (rubric.readings) {
    const readings: Record<string, number> = {};
    for (const [k, v] of Object.entries(rubric.readings(values, episode))) readings[k] = round6(clamp01(v));
    card.readings = readings;
  }
  return card;
}
