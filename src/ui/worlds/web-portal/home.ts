import type { World } from '../../../core/world';
import { showcaseRow, type HomeRow } from '../../lib/home/rows';

/** The three gotchas, each on the task it was written for. */
export const SHOWCASE: readonly (readonly [agent: string, task: string])[] = [
  ['the-peeker', 'refund-status'],
  ['the-skipper', 'refund-a'],
  ['the-fabricator', 'refund-a'],
];

export function showcaseRows(world: World): Promise<HomeRow[]> {
  return Promise.all(SHOWCASE.map(([agent, id]) => showcaseRow(world, { id }, agent)));
}
