import type { World } from '../../../core/world';
import { showcaseRow, type HomeRow } from '../../lib/home/rows';

/**
 * fault-api on hostile seed 6: the seed where each solver shows its failure
 * (trusting loses data, stubborn collects it all and loses only to the 429s).
 */
export const SHOWCASE_TASK = { profile: 'hostile', seed: 6 } as const;

export const SHOWCASE_AGENTS = ['trusting', 'stubborn', 'careful'] as const;

export function showcaseRows(world: World): Promise<HomeRow[]> {
  return Promise.all(SHOWCASE_AGENTS.map((a) => showcaseRow(world, SHOWCASE_TASK, a)));
}
