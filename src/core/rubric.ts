import { clamp01, compose, defaultSpec, round6, type CompositionSpec } from './composition';
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
  /**
   * How the full reward is made on this task (which layers multiply, which add with
   * what weight, which do not count); defaults to gates × weighted sum, metrics
   * apart. The reward is computed from it, so the scorecard shows the real sum.
   * It reads the task only: an old scorecard's composition can be recomputed.
   */
  compose?(task: Task): CompositionSpec;
  /** Other readings shown beside naive and full (e.g. strict). */
  readings?(values: ReadonlyMap<string, number>, episode: EpisodeView<S, E>): Record<string, number>;
  /** Which failing layer is named first in "caught by"; defaults to layer order. */
  caughtByOrder?: string[];
}

/** A verdict is PASS only at full marks; 1e-9 absorbs float rounding. */
export const PASS_AT = 1 - 1e-9;

/**
 * A reading of an episode worked out once per episode view, however many layers (and the naive
 * verifier) ask for it: `scoreEpisode` hands every one the same view. Pure functions of the view only.
 */
export function perEpisode<V extends object, T>(read: (ep: V) => T): (ep: V) => T {
  const done = new WeakMap<V, T>();
  return (ep) => {
    if (done.has(ep)) return done.get(ep)!;
    const value = read(ep);
    done.set(ep, value);
    return value;
  };
}

export { clamp01, round6 };

const failure = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * A layer's result, or a 0 that says the layer could not be scored: a verifier that throws on
 * an input nobody foresaw (an answer nested 10,000 deep) scores that episode 0 and says why, the
 * same in every caller (play, score, eval, MCP, the page), instead of crashing the run it judges.
 */
function scoreLayer<S extends JsonObject, E extends WorldEvent>(layer: RewardFn<S, E>, episode: EpisodeView<S, E>): LayerResult {
  try {
    return layer.score(episode);
  } catch (e) {
    return { value: 0, reasons: [`this layer could not be scored: ${failure(e)}`], caughtBy: `${layer.label}: could not be scored` };
  }
}

export function scoreEpisode<S extends JsonObject, E extends WorldEvent>(rubric: Rubric<S, E>, episode: EpisodeView<S, E>): Scorecard {
  const results = new Map<string, LayerResult>();
  const values = new Map<string, number>();
  for (const layer of rubric.layers) {
    const r = scoreLayer(layer, episode);
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
  const { reward, composition } = compose(rubric.layers, rubric.compose ? rubric.compose(episode.task) : defaultSpec(rubric.layers), values);
  let naive = 0;
  try {
    naive = round6(clamp01(rubric.naive(episode, results)));
  } catch {
    // The naive reading failing is the same input the layers met: 0, as they scored it.
  }
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
    composition,
  };
  if (rubric.readings) {
    const readings: Record<string, number> = {};
    for (const [k, v] of Object.entries(rubric.readings(values, episode))) readings[k] = round6(clamp01(v));
    card.readings = readings;
  }
  return card;
}
