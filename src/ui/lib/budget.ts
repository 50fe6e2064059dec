import type { JsonObject } from '../../core/json';
import { toolOf } from '../../core/lenient';
import type { Step } from '../../core/types';

/**
 * fault-api: requests used after each step (a fetch_page with valid
 * arguments spends one, failures included, under any name the world reads
 * as fetch_page), and the hidden quota.
 */
export function budgetSeries(steps: readonly Step[], finalState: JsonObject): { used: number[]; quota: number | null } {
  let used = 0;
  const series = steps.map((s) => {
    const rejected = s.events.some((e) => e.code === 'invalid_arguments' || e.code === 'unknown_tool' || e.code === 'episode_over');
    if (toolOf(s) === 'fetch_page' && !rejected) used++;
    return used;
  });
  return { used: series, quota: typeof finalState.quota === 'number' ? finalState.quota : null };
}
