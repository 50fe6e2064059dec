import type { World } from '../../../../core/world';
import { showcaseRow, type HomeRow } from '../../../lib/home/rows';
import type { PublishedFigure } from '../../types';

/** The oracle, then a sentinel the naive check passes and one it fails, on seed 2. */
const SHOWCASE = ['oracle', 'blind-total', 'off-by-one'] as const;

export function showcaseRows(world: World): Promise<HomeRow[]> {
  const spec = world.listTasks()[1]!.spec;
  return Promise.all(SHOWCASE.map((agent) => showcaseRow(world, spec, agent)));
}

/** A figure in the report's published rows: made up for the test, and its source says so. */
export const PUBLISHED: readonly PublishedFigure[] = [
  { column: 'odd seeds', agent: 'fixture-model', reward: 0.5, naive: 1, layers: { observed: 0.5, total: 1 }, source: 'test fixture, not a measurement' },
];
