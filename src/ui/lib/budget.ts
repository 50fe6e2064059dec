import type { JsonObject } from '../../core/json';
import type { Step } from '../../core/types';

/**
 * fault-api: requests used after each step (a fetch_page with valid
 * arguments spends one, failures included), and the hidden quota.
 */
export function budgetSeries(steps: readonly Step[], finalState: JsonObject): { used: number[]; quota: number | null } {
  let used = 0;
  const series = steps.map((s) => {
    const rejected = s.events.some((e) => e.code === 'invalid_arguments' || e.code === 'unknown_tool' || e.code === 'episode_over');
    if (s.call.name === 'fetch_page' && !rejected) used++;
    return used;
  });
  return { used: series, quota: typeof finalState.quota === 'number' ? finalState.quota : null };
}
