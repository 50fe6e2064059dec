import type { World } from '../../../core/world';
import { showcaseRowsInTurn, type HomeRow } from '../../lib/home/rows';

/** The three gotchas, each on its showcase task. */
export const SHOWCASE: readonly (readonly [agent: string, task: string])[] = [
  ['the-peeker', 'top-refund-customer'],
  ['the-skipper', 'refund-a'],
  ['the-fabricator', 'refund-a'],
];

/** In turn: the episodes share one sql.js. */
export function showcaseRows(world: World): Promise<HomeRow[]> {
  return showcaseRowsInTurn(
    world,
    SHOWCASE.map(([agent, id]) => [agent, { id }] as const),
  );
}
