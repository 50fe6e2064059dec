import type { World } from '../../core/world';
import type { HomeRow } from '../lib/home/rows';

/** A world's showcase module: its home table's rows from the world. */
export interface ShowcaseModule {
  showcaseRows(world: World): Promise<HomeRow[]>;
}

/**
 * `HomeShowcase.rows` over a showcase module loaded on demand: the module is asked for at
 * once, while the world is still loading, so the two downloads share a round trip instead of
 * following each other. Light (types only): entries use it.
 */
export function showcaseFrom(load: () => Promise<ShowcaseModule>): (world: Promise<World>) => Promise<HomeRow[]> {
  return async (world) => {
    const [{ showcaseRows }, w] = await Promise.all([load(), world]);
    return showcaseRows(w);
  };
}
