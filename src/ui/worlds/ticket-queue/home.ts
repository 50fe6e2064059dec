import type { World } from '../../../core/world';
import { showcaseRow, type HomeRow } from '../../lib/home/rows';

/** The oracle and the sentinels the validator must reject, on the first task. */
export const SHOWCASE_AGENTS = ['oracle', 'empty', 'wrong-values', 'metric-gaming'] as const;

export function showcaseRows(world: World): Promise<HomeRow[]> {
  const spec = world.listTasks()[0]!.spec;
  return Promise.all(SHOWCASE_AGENTS.map((a) => showcaseRow(world, spec, a)));
}
