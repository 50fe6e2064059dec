import type { Composition, Term } from './types';

/**
 * What a rubric says about one episode's full reward: which layers multiply,
 * which add and with what weight, which are scored but not counted. The reward
 * is computed from this and nothing else, so a screen that renders it shows
 * the verifier's own arithmetic.
 */
export interface CompositionSpec {
  /** Multiplied together, in this order, then times the sum of the terms. */
  factors: string[];
  /** Weights sum to 1. `fixed`: the term is `weight` itself, credited to a layer that is also a factor. */
  terms: { layer: string; weight: number; fixed?: boolean }[];
  /** Layers not counted on this episode, with why; layers a spec leaves out are listed for it. */
  unused?: { layer: string; why: string }[];
  /** The layer whose reasons explain a naive reading below full marks. */
  naiveFrom?: string | null;
  /** What the naive reading checks, as a clause that completes "naive PASS because …". */
  naiveCheck?: string | null;
}

interface LayerShape {
  id: string;
  weight: number;
  gate?: boolean;
}

export const METRIC_WHY = 'a metric, reported beside the reward and never part of it';

/** Round to 6 decimals so scorecards print and compare stably. */
export function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

export function clamp01(x: number): number {
  return Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0;
}

/** The rubric default: gates multiply, layers of positive weight add (weights normalised), the rest are metrics. */
export function defaultSpec(layers: readonly LayerShape[]): CompositionSpec {
  const weighted = layers.filter((l) => !l.gate && l.weight > 0);
  const total = weighted.reduce((s, l) => s + l.weight, 0);
  return {
    factors: layers.filter((l) => l.gate).map((l) => l.id),
    terms: weighted.map((l) => ({ layer: l.id, weight: total === 1 ? l.weight : l.weight / total })),
  };
}

/** Why a spec cannot be the arithmetic of a rubric with these layers, or null when it can. */
export function specProblem(layers: readonly LayerShape[], spec: CompositionSpec): string | null {
  const ids = new Set(layers.map((l) => l.id));
  const named = [...spec.factors, ...spec.terms.map((t) => t.layer), ...(spec.unused ?? []).map((u) => u.layer)];
  const unknown = named.filter((id) => !ids.has(id));
  if (unknown.length > 0) return `names layers the rubric does not have: ${unknown.join(', ')}`;
  const sum = spec.terms.reduce((s, t) => s + t.weight, 0);
  if (spec.terms.length > 0 && Math.abs(sum - 1) > 1e-9) return `term weights sum to ${sum}, not 1`;
  const fixedNotFactor = spec.terms.filter((t) => t.fixed && !spec.factors.includes(t.layer));
  if (fixedNotFactor.length > 0) return `fixed terms must be factors too: ${fixedNotFactor.map((t) => t.layer).join(', ')}`;
  const unused = new Set((spec.unused ?? []).map((u) => u.layer));
  const both = [...spec.factors, ...spec.terms.map((t) => t.layer)].filter((id) => unused.has(id));
  if (both.length > 0) return `counted and unused at once: ${both.join(', ')}`;
  return null;
}

/**
 * The full reward from layer values and a spec, with each term's share. Shares
 * are rounded like the reward (6 decimals); what rounding leaves over goes to
 * the largest share, so the shares sum to the reward to within float error.
 */
export function compose(
  layers: readonly LayerShape[],
  spec: CompositionSpec,
  values: ReadonlyMap<string, number>,
): { reward: number; composition: Composition } {
  const v = (id: string) => values.get(id) ?? 0;
  const scale = spec.factors.reduce((p, id) => p * v(id), 1);
  const raw = spec.terms.map((t) => t.weight * (t.fixed ? 1 : v(t.layer)));
  const sum = raw.reduce((s, x) => s + x, 0);
  const reward = round6(clamp01(scale * sum));
  const terms: Term[] = spec.terms.map((t, i) => ({ layer: t.layer, weight: t.weight, ...(t.fixed ? { fixed: true } : {}), adds: round6(scale * raw[i]!) }));
  const left = reward - terms.reduce((s, t) => s + t.adds, 0);
  if (terms.length > 0 && left !== 0) {
    const largest = terms.reduce((best, t) => (t.adds > best.adds ? t : best), terms[0]!);
    largest.adds = round6(largest.adds + left);
  }
  const counted = new Set([...spec.factors, ...spec.terms.map((t) => t.layer)]);
  const listed = new Map((spec.unused ?? []).map((u) => [u.layer, u.why]));
  const unused = layers
    .filter((l) => !counted.has(l.id))
    .map((l) => ({ layer: l.id, why: listed.get(l.id) ?? (l.weight === 0 && !l.gate ? METRIC_WHY : 'not counted on this episode') }));
  return { reward, composition: { factors: [...spec.factors], terms, unused, naiveFrom: spec.naiveFrom ?? null, naiveCheck: spec.naiveCheck ?? null } };
}

/**
 * The shares as printed with `digits` decimals, apportioned by largest remainder
 * so the printed shares add up to the printed reward: rounding each share on its
 * own can print 0.33 + 0.33 + 0.33 beside 1.00.
 */
export function printedShares(composition: Composition, reward: number, digits = 2): { total: string; adds: Map<string, string> } {
  const unit = 10 ** digits;
  const total = reward.toFixed(digits);
  const target = Math.round(Number(total) * unit);
  const parts = composition.terms.map((t) => {
    const x = Math.max(0, t.adds) * unit;
    const floor = Math.floor(x + 1e-9);
    return { layer: t.layer, units: floor, rest: x - floor };
  });
  let diff = target - parts.reduce((s, p) => s + p.units, 0);
  const byRest = [...parts].sort((a, b) => b.rest - a.rest);
  // Floors never sum above the reward; the guard below only absorbs a toFixed that rounded down.
  for (let i = 0; diff > 0 && byRest.length > 0; i = (i + 1) % byRest.length, diff--) byRest[i]!.units++;
  for (const p of [...byRest].reverse()) {
    while (diff < 0 && p.units > 0) {
      p.units--;
      diff++;
    }
  }
  return { total, adds: new Map(parts.map((p) => [p.layer, (p.units / unit).toFixed(digits)])) };
}

/** The arithmetic in words, e.g. "L3 policy gate × L0 final answer" or "policy × recall × (0.85 + 0.10·schema)". */
export function formulaOf(composition: Composition, labelOf: (layer: string) => string): string {
  const fixed = composition.terms.filter((t) => t.fixed).reduce((s, t) => s + t.weight, 0);
  const parts = composition.terms.filter((t) => !t.fixed).map((t) => (t.weight === 1 ? labelOf(t.layer) : `${t.weight.toFixed(2)}·${labelOf(t.layer)}`));
  if (fixed > 0) parts.unshift(fixed.toFixed(2));
  const sum = parts.length === 1 ? parts[0]! : `(${parts.join(' + ')})`;
  const factors = composition.factors.map(labelOf);
  if (parts.length === 0) return factors.join(' × ') || '0';
  if (parts.length === 1 && fixed === 1) return factors.join(' × ');
  return [...factors, sum].join(' × ');
}
