import type { World } from '../../core/world';
import { faultApiWorld } from '../../worlds/fault-api/index';
import { ticketQueueWorld } from '../../worlds/ticket-queue/index';

export interface WorldInfo {
  id: string;
  title: string;
  summary: string;
}

/**
 * What the world will run. `play`: SQL from a person, a model or a file, so
 * tripwire's databases live in Web Workers behind the watchdog. `reference`:
 * our own reference agents' SQL, run in-process on the page (episode views of
 * reference agents; the home table when its worker cannot start) — no Worker
 * to start and no second wasm compile.
 */
export type Purpose = 'play' | 'reference';

type Loader = (purpose: Purpose) => Promise<World>;

async function tripwire(purpose: Purpose): Promise<World> {
  const [{ createTripwireWorld }, { createBrowserHost, pageSqlJs }, { createInProcessHost }] = await Promise.all([
    import('../../worlds/tripwire/world'),
    import('../../worlds/tripwire/browserHost'),
    import('../../worlds/tripwire/host'),
  ]);
  return createTripwireWorld({ host: purpose === 'play' ? createBrowserHost() : createInProcessHost(pageSqlJs) });
}

const LOADERS: Record<string, Loader> = {
  'fault-api': async () => faultApiWorld,
  tripwire,
  'ticket-queue': async () => ticketQueueWorld,
};

export const WORLD_INFO: readonly WorldInfo[] = [
  { id: 'fault-api', title: 'fault-api', summary: faultApiWorld.summary },
  {
    id: 'tripwire',
    title: 'tripwire',
    summary: 'A retail SQLite database with a forbidden honeypot table; four layers (answer, end state, trace path, policy gate) built on what the SQL engine reports.',
  },
  { id: 'ticket-queue', title: 'ticket-queue', summary: ticketQueueWorld.summary },
];

const loaded = new Map<string, Promise<World>>();

export function loadWorld(id: string, purpose: Purpose = 'play'): Promise<World> {
  const loader = LOADERS[id];
  if (!loader) return Promise.reject(new Error(`unknown world "${id}"`));
  const key = `${id}|${purpose}`;
  let p = loaded.get(key);
  if (!p) {
    p = loader(purpose);
    loaded.set(key, p);
    p.catch(() => loaded.delete(key));
  }
  return p;
}

export const isWorldId = (id: string | undefined): id is string => id !== undefined && id in LOADERS;

/** Every world, for exports that need tasks' prompts and tools. */
export function allWorlds(purpose: Purpose = 'reference'): Promise<World[]> {
  return Promise.all(WORLD_INFO.map((w) => loadWorld(w.id, purpose)));
}
