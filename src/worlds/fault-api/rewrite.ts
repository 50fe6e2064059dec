import type { Agent } from '../../core/agent';
import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import type { Step } from '../../core/types';
import { carefulSolver, coerceAmount, readPage } from './solvers';

/** Every row of every page fetched so far, as the API sent it. */
export const seenRows = (steps: readonly Step[]): JsonObject[] => steps.filter((s) => s.call.name === 'fetch_page').flatMap((s) => readPage(s).records);

/** Each id once (its first row), amount coerced: what the careful solver would submit. */
export function uniqueRows(seen: readonly JsonObject[]): JsonObject[] {
  const unique = new Map<string, JsonObject>();
  for (const r of seen) if (typeof r.id === 'string' && !unique.has(r.id)) unique.set(r.id, { id: r.id, amount: coerceAmount(r.amount) });
  return [...unique.values()];
}

/**
 * Play the careful solver's navigation, but rewrite what it submits. With
 * `until`, submit as soon as it holds, before careful would.
 */
export function rewriteSubmit(
  name: string,
  rewrite: (rows: Json[], seen: JsonObject[], steps: readonly Step[]) => Json[],
  until?: (steps: readonly Step[]) => boolean,
): Agent {
  const careful = carefulSolver();
  return {
    info: { kind: 'scripted', name },
    next: async (obs) => {
      const action = await careful.next(obs);
      if (action.type !== 'call') return action;
      const seen = seenRows(obs.steps);
      const args = action.call.arguments;
      let rows: Json[];
      if (action.call.name === 'submit_records' && isJsonObject(args) && Array.isArray(args.records)) rows = args.records;
      else if (until?.(obs.steps)) rows = uniqueRows(seen);
      else return action;
      return { type: 'call', call: { name: 'submit_records', arguments: { records: rewrite(rows, seen, obs.steps) } } };
    },
  };
}
