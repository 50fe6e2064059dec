import { canonicalJson, isJsonObject, type JsonObject } from '../core/json';
import type { Trace } from '../core/types';

/** Usage of one rollout, from the model record when there is one, else from the steps. */
export interface RolloutUsage {
  promptTokens: number;
  completionTokens: number;
  peakPromptTokens: number;
  latencyMs: number;
  costUsd: number | null;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function rolloutUsage(trace: Trace): RolloutUsage {
  const model = trace.meta?.model;
  const u = isJsonObject(model) && isJsonObject(model.usage) ? model.usage : null;
  if (u && num(u.prompt_tokens) !== null)
    return {
      promptTokens: num(u.prompt_tokens) ?? 0,
      completionTokens: num(u.completion_tokens) ?? 0,
      peakPromptTokens: num(u.peak_prompt_tokens) ?? 0,
      latencyMs: num(u.latency_ms) ?? 0,
      costUsd: num(u.cost_usd),
    };
  // Steps only carry what was attached to calls that ran: a final prose answer is missing here.
  const out: RolloutUsage = { promptTokens: 0, completionTokens: 0, peakPromptTokens: 0, latencyMs: 0, costUsd: null };
  for (const s of trace.steps) {
    out.promptTokens += s.usage?.promptTokens ?? 0;
    out.completionTokens += s.usage?.completionTokens ?? 0;
    out.peakPromptTokens = Math.max(out.peakPromptTokens, s.usage?.promptTokens ?? 0);
    out.latencyMs += s.model?.latencyMs ?? 0;
    if (s.model?.costUsd !== undefined) out.costUsd = (out.costUsd ?? 0) + s.model.costUsd;
  }
  return out;
}

/** One row of the per-model table: every rollout of one cell. Means unless said. */
export interface CellRow {
  cell: string;
  n: number;
  reward: number;
  naive: number;
  /** Share of rollouts whose full / naive verdict is PASS. */
  fullPass: number;
  naivePass: number;
  layers: Record<string, number>;
  readings: Record<string, number>;
  steps: number;
  promptTokens: number;
  completionTokens: number;
  /** The largest prompt of any rollout in the cell. */
  peakPromptTokens: number;
  /** Total over the cell; null when no price was set. */
  costUsd: number | null;
  latencyMs: number;
  stops: Record<string, number>;
}

/** Cells keyed by some task spec fields (e.g. fault-api's "profile" pools the seeds). */
export function cellBy(...keys: string[]): (trace: Trace) => string {
  return (trace) => {
    const picked: JsonObject = {};
    for (const k of keys) if (trace.task[k] !== undefined) picked[k] = trace.task[k]!;
    return `${trace.world} ${canonicalJson(picked)}`;
  };
}

export const cellByTask = (trace: Trace): string => `${trace.world} ${canonicalJson(trace.task)}`;

const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

function meanRecord(records: Record<string, number>[]): Record<string, number> {
  const keys = [...new Set(records.flatMap((r) => Object.keys(r)))];
  return Object.fromEntries(keys.map((k) => [k, mean(records.map((r) => r[k]).filter((v): v is number => v !== undefined))]));
}

/** The results table: one row per cell, in the order cells first appear. Unscored traces are skipped. */
export function aggregate(traces: readonly Trace[], cellOf: (trace: Trace) => string = cellByTask): CellRow[] {
  const groups = new Map<string, Trace[]>();
  for (const t of traces) {
    if (!t.scorecard) continue;
    const key = cellOf(t);
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  return [...groups.entries()].map(([cell, ts]) => {
    const cards = ts.map((t) => t.scorecard!);
    const usage = ts.map(rolloutUsage);
    const costs = usage.map((u) => u.costUsd).filter((c): c is number => c !== null);
    const stops: Record<string, number> = {};
    for (const t of ts) stops[t.stop?.reason ?? 'running'] = (stops[t.stop?.reason ?? 'running'] ?? 0) + 1;
    return {
      cell,
      n: ts.length,
      reward: mean(cards.map((c) => c.reward)),
      naive: mean(cards.map((c) => c.naive)),
      fullPass: mean(cards.map((c) => (c.verdict.full === 'PASS' ? 1 : 0))),
      naivePass: mean(cards.map((c) => (c.verdict.naive === 'PASS' ? 1 : 0))),
      layers: meanRecord(cards.map((c) => Object.fromEntries(c.layers.map((l) => [l.id, l.value])))),
      readings: meanRecord(cards.map((c) => c.readings ?? {})),
      steps: mean(ts.map((t) => t.steps.length)),
      promptTokens: mean(usage.map((u) => u.promptTokens)),
      completionTokens: mean(usage.map((u) => u.completionTokens)),
      peakPromptTokens: Math.max(0, ...usage.map((u) => u.peakPromptTokens)),
      costUsd: costs.length === 0 ? null : costs.reduce((a, b) => a + b, 0),
      latencyMs: mean(usage.map((u) => u.latencyMs)),
      stops,
    };
  });
}
