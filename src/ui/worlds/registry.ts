import type { World } from '../../core/world';
import { faultApiWorld } from '../../worlds/fault-api/index';
import { ticketQueueWorld } from '../../worlds/ticket-queue/index';
import { webPortalWorld } from '../../worlds/web-portal/index';
import type { LoadedWorld, Purpose, WorldEntry } from './types';

export type { LoadedWorld, Purpose, WorldEntry } from './types';

async function tripwire(purpose: Purpose): Promise<World> {
  const [{ createTripwireWorld }, { createBrowserHost, pageSqlJs }, { createInProcessHost }] = await Promise.all([
    import('../../worlds/tripwire/world'),
    import('../../worlds/tripwire/browserHost'),
    import('../../worlds/tripwire/host'),
  ]);
  return createTripwireWorld({ host: purpose === 'play' ? createBrowserHost() : createInProcessHost(pageSqlJs) });
}

/**
 * The one table of worlds. An entry is light (the home page and every picker
 * read it); the world's code and its UI modules load when a view needs them.
 * The first entry is the world a bare link opens.
 */
export const WORLDS: readonly WorldEntry[] = [
  {
    id: faultApiWorld.id,
    title: faultApiWorld.title,
    summary: faultApiWorld.summary,
    fullLabel: 'full',
    load: async () => faultApiWorld,
    ui: () => import('./fault-api').then((m) => m.faultApiUi),
  },
  {
    id: 'tripwire',
    title: 'tripwire',
    summary: 'A retail SQLite database with a forbidden honeypot table; four layers (answer, end state, trace path, policy gate) built on what the SQL engine reports.',
    fullLabel: 'layered',
    load: tripwire,
    ui: () => import('./tripwire').then((m) => m.tripwireUi),
    // The home table is computed in a worker, so the page's own SQLite is cold: start it and open one database.
    warm: async (idle) => {
      const world = await loadWorld('tripwire', 'reference');
      await idle();
      const session = await world.open(world.listTasks()[0]!);
      await session.close();
    },
  },
  {
    id: ticketQueueWorld.id,
    title: ticketQueueWorld.title,
    summary: ticketQueueWorld.summary,
    fullLabel: 'dense',
    load: async () => ticketQueueWorld,
    ui: () => import('./ticket-queue').then((m) => m.ticketQueueUi),
  },
  {
    id: webPortalWorld.id,
    title: webPortalWorld.title,
    summary: webPortalWorld.summary,
    fullLabel: 'full',
    load: async () => webPortalWorld,
    ui: () => import('./web-portal').then((m) => m.webPortalUi),
  },
];

export const DEFAULT_WORLD = WORLDS[0]!.id;

/** What the home page and the pickers list. */
export const WORLD_INFO: readonly Pick<WorldEntry, 'id' | 'title' | 'summary'>[] = WORLDS;

export const worldEntry = (id: string): WorldEntry | undefined => WORLDS.find((w) => w.id === id);

export const isWorldId = (id: string | undefined): id is string => id !== undefined && worldEntry(id) !== undefined;

/** What a world calls its full verifier; "full" for a world this site does not have. */
export const fullLabelOf = (id: string): string => worldEntry(id)?.fullLabel ?? 'full';

const loaded = new Map<string, Promise<World>>();

/** A world, loaded once per purpose for the page's life (a failed load is tried again next time). */
export function loadWorld(id: string, purpose: Purpose = 'play'): Promise<World> {
  const entry = worldEntry(id);
  if (!entry) return Promise.reject(new Error(`unknown world "${id}"`));
  const key = `${id}|${purpose}`;
  let p = loaded.get(key);
  if (!p) {
    p = entry.load(purpose);
    loaded.set(key, p);
    p.catch(() => loaded.delete(key));
  }
  return p;
}

/** A world and its UI, as the episode, model and trace views use them. */
export async function loadWorldUi(id: string, purpose: Purpose = 'play'): Promise<LoadedWorld> {
  const entry = worldEntry(id);
  if (!entry) throw new Error(`unknown world "${id}"`);
  const [world, ui] = await Promise.all([loadWorld(id, purpose), entry.ui()]);
  return { entry, world, ui };
}

/** Every world, for exports that need tasks' prompts and tools. */
export function allWorlds(purpose: Purpose = 'reference'): Promise<World[]> {
  return Promise.all(WORLDS.map((w) => loadWorld(w.id, purpose)));
}
