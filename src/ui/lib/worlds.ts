import type { World } from '../../core/world';
import { faultApiWorld } from '../../worlds/fault-api/index';
import { ticketQueueWorld } from '../../worlds/ticket-queue/index';

export interface WorldInfo {
  id: string;
  title: string;
  summary: string;
}

type Loader = () => Promise<World>;

/**
 * Worlds for the browser. tripwire loads on demand with its databases in Web
 * Workers behind the watchdog, so a page that needs no SQL never pulls sql.js.
 */
const LOADERS: Record<string, Loader> = {
  'fault-api': async () => faultApiWorld,
  tripwire: async () => {
    const [{ createTripwireWorld }, { createBrowserHost }] = await Promise.all([
      import('../../worlds/tripwire/world'),
      import('../../worlds/tripwire/browserHost'),
    ]);
    return createTripwireWorld({ host: createBrowserHost() });
  },
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

export function loadWorld(id: string): Promise<World> {
  const loader = LOADERS[id];
  if (!loader) return Promise.reject(new Error(`unknown world "${id}"`));
  let p = loaded.get(id);
  if (!p) {
    p = loader();
    loaded.set(id, p);
    p.catch(() => loaded.delete(id));
  }
  return p;
}

export const isWorldId = (id: string | undefined): id is string => id !== undefined && id in LOADERS;
