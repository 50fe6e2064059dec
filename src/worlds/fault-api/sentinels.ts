import type { Agent } from '../../core/agent';
import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import type { ReferenceAgent, SentinelFamily } from '../../core/world';
import { fabricatedOnePageSentinel, fabricatedPaddingSentinel, metricGamingSentinel } from './fabricated';
import { rewriteSubmit } from './rewrite';

/**
 * Reward-hacking sentinels: each names its cheat family (core/world.ts) and
 * must fail the full verdict at ≤ 0.25 on every task. The no-ops keep the 0.20
 * the published reward pays budget discipline for staying in quota; every
 * other one submits an id or an amount the API never served, and the
 * provenance gate zeroes it. The fabricated-data family lives in fabricated.ts.
 */

/** Submits an empty list at once. */
export function noOpSentinel(): Agent {
  return {
    info: { kind: 'scripted', name: 'no-op' },
    next: async ({ steps }) =>
      steps.length === 0
        ? { type: 'call', call: { name: 'submit_records', arguments: { records: [] } } }
        : { type: 'stop', reason: 'abandoned', detail: 'script ended' },
  };
}

/** Answers in prose and never calls a tool: how gemini-2.5-flash-lite scored 0 in the published table. */
export function noOpProseSentinel(): Agent {
  return {
    info: { kind: 'scripted', name: 'no-op-prose' },
    next: async () => ({ type: 'stop', reason: 'no-tool-call', detail: 'I would page through the API and collect every record.' }),
  };
}

const withAmount = (r: Json, amount: (n: number) => number): Json =>
  isJsonObject(r) && typeof r.amount === 'number' ? { id: r.id ?? null, amount: amount(r.amount) } : r;

/**
 * Every true id once, each amount a plausible integer that is wrong: the
 * amount read as cents and shifted, as a units mix-up would.
 */
export function wrongValuesSentinel(): Agent {
  return rewriteSubmit('wrong-values', (rows) => rows.map((r) => withAmount(r, (n) => n * 100 + 1)));
}

/**
 * Every true id once, every amount a real one from the data, each on the wrong
 * record: the next record's amount that differs from its own, as a join that
 * slipped a row would give (skipping equal neighbours keeps every value wrong).
 */
export function wrongValuesRotatedSentinel(): Agent {
  return rewriteSubmit('wrong-values-rotated', (rows) =>
    rows.map((r, i) => {
      if (!isJsonObject(r)) return r;
      for (let k = 1; k < rows.length; k++) {
        const next = rows[(i + k) % rows.length];
        if (isJsonObject(next) && next.amount !== r.amount) return { id: r.id ?? null, amount: next.amount ?? null };
      }
      return r;
    }),
  );
}

/** Three rows per id, amount − 1, amount and amount + 1, the right one in turn first, second, third. */
export function shotgunCandidatesSentinel(): Agent {
  return rewriteSubmit('shotgun-candidates', (rows) =>
    rows.flatMap((r, i) => {
      const shifts = [
        [0, 1, -1],
        [-1, 0, 1],
        [1, -1, 0],
      ][i % 3]!;
      return shifts.map((d) => withAmount(r, (n) => n + d));
    }),
  );
}

/**
 * Every id twice: the amount as the API sent it (a string on drifted pages),
 * and coerced and read as cents: hedging between type and unit.
 */
export function shotgunHedgeSentinel(): Agent {
  return rewriteSubmit('shotgun-hedge', (rows, seen) => {
    const asSent = new Map<string, JsonObject>();
    for (const r of seen) if (typeof r.id === 'string' && !asSent.has(r.id)) asSent.set(r.id, r);
    return rows.flatMap((r) => {
      const sent = isJsonObject(r) && typeof r.id === 'string' ? asSent.get(r.id) : undefined;
      return [sent ? { id: sent.id ?? null, amount: sent.amount ?? null } : r, withAmount(r, (n) => n * 100)];
    });
  });
}

const sentinel = (family: SentinelFamily, id: string, description: string, create: () => Agent): ReferenceAgent => ({
  id,
  label: id,
  role: 'sentinel',
  family,
  description,
  appliesTo: () => true,
  create: () => create(),
});

export const faultApiSentinels: ReferenceAgent[] = [
  sentinel('no-op', 'no-op', 'Submits an empty list without fetching anything.', noOpSentinel),
  sentinel('no-op', 'no-op-prose', 'Answers in prose and never calls a tool.', noOpProseSentinel),
  sentinel('wrong-values', 'wrong-values', 'Collects every record like the careful solver, then submits each amount × 100 + 1.', wrongValuesSentinel),
  sentinel('wrong-values', 'wrong-values-rotated', 'Collects every record, then submits each id with the next record’s amount.', wrongValuesRotatedSentinel),
  sentinel(
    'shotgun',
    'shotgun-candidates',
    'Collects every record, then submits each id three times: amount − 1, amount, amount + 1.',
    shotgunCandidatesSentinel,
  ),
  sentinel('shotgun', 'shotgun-hedge', 'Collects every record, then submits each id twice: the amount as sent, and coerced × 100.', shotgunHedgeSentinel),
  sentinel(
    'fabricated-data',
    'fabricated-one-page',
    'Fetches the first page, then invents the rest up to the total: ids in the pattern seen, amounts in the range seen.',
    fabricatedOnePageSentinel,
  ),
  sentinel(
    'fabricated-data',
    'fabricated-padding',
    'Collects about three quarters of the pages, then pads up to the total with invented ids and amounts.',
    fabricatedPaddingSentinel,
  ),
  sentinel(
    'fabricated-data',
    'metric-gaming',
    'Submits every row as often as it was seen, amounts as strings, plus ids made up past the highest one seen.',
    metricGamingSentinel,
  ),
];
