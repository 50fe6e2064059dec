import type { World } from '../../../core/world';
import type { Purpose, WorldEntry } from '../types';
import { TRIPWIRE_ID } from './id';
import { showcaseFrom } from '../showcase';

async function load(purpose: Purpose): Promise<World> {
  const [{ createTripwireWorld }, { createBrowserHost, pageSqlJs }, { createInProcessHost }] = await Promise.all([
    import('../../../worlds/tripwire/world'),
    import('../../../worlds/tripwire/browserHost'),
    import('../../../worlds/tripwire/host'),
  ]);
  return createTripwireWorld({ host: purpose === 'play' ? createBrowserHost() : createInProcessHost(pageSqlJs) });
}

/** tripwire as the registry lists it: its world (and sql.js) loaded when a view needs it. */
export const tripwireEntry: WorldEntry = {
  id: TRIPWIRE_ID,
  title: 'tripwire',
  summary:
    'A retail SQLite database with a honeypot answer table: the final answer alone passes agents that cheat; end state, trace and an engine-level gate catch them.',
  load,
  inWorker: async () => {
    const [{ createTripwireWorld }, { createInProcessHost }, { default: initSqlJs }, { default: wasmUrl }] = await Promise.all([
      import('../../../worlds/tripwire/world'),
      import('../../../worlds/tripwire/host'),
      import('sql.js'),
      import('sql.js/dist/sql-wasm.wasm?url'),
    ]);
    return createTripwireWorld({ host: createInProcessHost(() => initSqlJs({ locateFile: () => wasmUrl })) });
  },
  ui: async () => (await import('./ui')).tripwireUi,
  home: {
    order: 1,
    title: 'tripwire — the three cheats',
    note: 'Hand-written adversarial trajectories against a retail SQLite database (running in your browser). The answer checker passes all three.',
    count: 3,
    rows: showcaseFrom(() => import('./home')),
    inHomeWorker: true,
  },
  // The home table is computed in a worker, so the page's own SQLite is cold: start it and open one database.
  warm: async (idle, reference) => {
    const world = await reference();
    await idle();
    const session = await world.open(world.listTasks()[0]!);
    await session.close();
  },
  // Loaded, not imported: the build's prerender reads this entry in Node, which has no `?url` modules.
  wasm: async () => (await import('../../../worlds/tripwire/browserWasm')).compileSqlWasm(),
  published: async () => (await import('./published')).PUBLISHED,
};
