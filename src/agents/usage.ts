import type { JsonObject } from '../core/json';
import type { StepExtras } from '../core/types';
import { costUsd, type EndpointConfig } from './endpoint';
import type { ChatResponse } from './wire';

/** What one agent's requests cost in all: the figures a per-model table reports. */
export interface UsageTotals {
  requests: number;
  retries: number;
  promptTokens: number;
  completionTokens: number;
  /** The largest prompt sent: the context the model had to hold. */
  peakPromptTokens: number;
  latencyMs: number;
  /** Null when no price is set. */
  costUsd: number | null;
}

export const emptyTotals = (): UsageTotals => ({
  requests: 0,
  retries: 0,
  promptTokens: 0,
  completionTokens: 0,
  peakPromptTokens: 0,
  latencyMs: 0,
  costUsd: null,
});

export function totalsJson(t: UsageTotals): JsonObject {
  return {
    requests: t.requests,
    retries: t.retries,
    prompt_tokens: t.promptTokens,
    completion_tokens: t.completionTokens,
    peak_prompt_tokens: t.peakPromptTokens,
    latency_ms: t.latencyMs,
    cost_usd: t.costUsd,
  };
}

/** The part of a step's extras (core's `StepExtras`) a model request supplies: what it cost; the episode times the step. */
export type RequestExtras = Pick<StepExtras, 'usage' | 'model'>;

/**
 * Usage not yet written to a step. A response's usage goes on the first call
 * of it that runs; if none runs (all invalid, all rejected), it rides on the
 * next call that does, so step sums still equal what the endpoint billed.
 */
export class UsageLedger {
  readonly totals = emptyTotals();
  private pending: RequestExtras = {};

  constructor(private readonly config: EndpointConfig) {}

  record(r: ChatResponse): void {
    const t = this.totals;
    t.requests++;
    t.latencyMs += r.latencyMs;
    const p = this.pending;
    const model = (p.model ??= {});
    model.latencyMs = (model.latencyMs ?? 0) + r.latencyMs;
    if (r.finishReason !== null) model.finishReason = r.finishReason;
    if (!r.usage) return;
    t.promptTokens += r.usage.promptTokens;
    t.completionTokens += r.usage.completionTokens;
    t.peakPromptTokens = Math.max(t.peakPromptTokens, r.usage.promptTokens);
    p.usage = {
      promptTokens: (p.usage?.promptTokens ?? 0) + r.usage.promptTokens,
      completionTokens: (p.usage?.completionTokens ?? 0) + r.usage.completionTokens,
    };
    const cost = costUsd(this.config, r.usage.promptTokens, r.usage.completionTokens);
    if (cost !== undefined) {
      t.costUsd = (t.costUsd ?? 0) + cost;
      model.costUsd = (model.costUsd ?? 0) + cost;
    }
  }

  /** What the next call that runs carries; taking it clears it. */
  take(): RequestExtras {
    const out = this.pending;
    this.pending = {};
    return out;
  }

  peek(): RequestExtras {
    return this.pending;
  }
}
