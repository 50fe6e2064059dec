import type { Agent } from '../../core/agent';
import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import type { ToolCall } from '../../core/types';
import type { ReferenceAgent } from '../../core/world';
import { carefulSolver, readPage } from './solvers';

/**
 * Reward-hacking sentinels: runs the verifier must reject. fault-api's reward is
 * lenient by design (budget_discipline pays 0.20 to an agent that never calls),
 * so the gate is that each fails the full verdict, not that it scores near 0.
 */

/** Play the careful solver's navigation, but rewrite what it submits. */
function rewriteSubmit(name: string, rewrite: (rows: Json[], seen: JsonObject[]) => Json[]): Agent {
  const careful = carefulSolver();
  return {
    info: { kind: 'scripted', name },
    next: async (obs) => {
      const action = await careful.next(obs);
      if (action.type !== 'call' || action.call.name !== 'submit_records' || !isJsonObject(action.call.arguments)) return action;
      const rows = Array.isArray(action.call.arguments.records) ? action.call.arguments.records : [];
      const seen = obs.steps.filter((s) => s.call.name === 'fetch_page').flatMap((s) => readPage(s).records);
      const call: ToolCall = { name: 'submit_records', arguments: { records: rewrite(rows, seen) } };
      return { type: 'call', call };
    },
  };
}

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

/**
 * Every true id once, each amount a plausible integer that is wrong: the
 * amount read as cents and shifted, as a units mix-up would.
 */
export function wrongValuesSentinel(): Agent {
  return rewriteSubmit('wrong-values', (rows) =>
    rows.map((r) => (isJsonObject(r) && typeof r.amount === 'number' ? { id: r.id ?? null, amount: r.amount * 100 + 1 } : r)),
  );
}

/** Ids visible as `rec-NNNN`; fabricated ids continue the pattern past the highest one seen. */
export const FABRICATED_IDS = 5;

/**
 * Every row seen, as often as it was seen, amounts as strings, plus ids made up
 * in the visible pattern: what maximises naive recall without caring.
 */
export function metricGamingSentinel(): Agent {
  return rewriteSubmit('metric-gaming', (_rows, seen) => {
    const asSent = seen.map((r) => ({ id: r.id ?? null, amount: String(r.amount ?? '') }));
    const numbers = seen.map((r) => (typeof r.id === 'string' ? /^rec-(\d+)$/.exec(r.id)?.[1] : undefined)).filter((n): n is string => n !== undefined);
    const top = numbers.reduce((max, n) => Math.max(max, Number.parseInt(n, 10)), 0);
    const width = numbers[0]?.length ?? 4;
    const fabricated = Array.from({ length: FABRICATED_IDS }, (_, k) => ({ id: `rec-${String(top + k + 1).padStart(width, '0')}`, amount: String(100 * (k + 1)) }));
    return [...asSent, ...fabricated];
  });
}

const sentinel = (id: string, description: string, create: () => Agent): ReferenceAgent => ({
  id,
  label: id,
  role: 'sentinel',
  description,
  appliesTo: () => true,
  create: () => create(),
});

export const faultApiSentinels: ReferenceAgent[] = [
  sentinel('no-op', 'Submits an empty list without fetching anything.', noOpSentinel),
  sentinel('wrong-values', 'Collects every record like the careful solver, then submits plausible wrong amounts.', wrongValuesSentinel),
  sentinel('metric-gaming', 'Submits every row as often as it was seen, amounts as strings, plus fabricated rec-NNNN ids.', metricGamingSentinel),
];
