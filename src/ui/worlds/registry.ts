import type { World } from '../../core/world';
import { faultApiEntry } from './fault-api/entry';
import { ticketQueueEntry } from './ticket-queue/entry';
import { tripwireEntry } from './tripwire/entry';
import type { HomeShowcase, LoadedWorld, Purpose, WorldEntry } from './types';
import { webPortalEntry } from './web-portal/entry';

const registered: WorldEntry[] = [faultApiEntry, tripwireEntry, ticketQueueEntry, webPortalEntry];

/**
 * The one table of worlds in the UI (the Node registry, src/worlds/registry,
 * holds the worlds themselves). An entry is light — the entry script, the home
 * page, every picker and the import worker read it — and is declared in the
 * world's folder (`<id>/entry.ts`); the world's code and its UI modules load
 * when a view needs them. Everything generic iterates this list, so a world is
 * added here and nowhere else. The first entry is the world a bare link opens.
 */
export const WORLD_ENTRIES: readonly WorldEntry[] = registered;

export const DEFAULT_WORLD = registered[0]!.id;

/**
 * Adds an entry to WORLD_ENTRIES for the rest of the process: the hook the
 * test-only fixture worlds come in by (`testing/register.ts`, as core's
 * `registerWorld`), so the generic UI code serves them as it serves the shipped
 * ones. A second entry with a taken id is refused: lookups by id would find only the first.
 */
export function registerWorldEntry(entry: WorldEntry): void {
  const same = registered.find((w) => w.id === entry.id);
  if (same === entry) return;
  if (same) throw new Error(`a world entry "${entry.id}" is already registered`);
  registered.push(entry);
}

export type HomeTable = WorldEntry & { home: HomeShowcase };

/** The worlds with a home-page table, in the order the home page tells them. */
export const homeTables = (): HomeTable[] => registered.filter((w): w is HomeTable => w.home !== undefined).sort((a, b) => a.home.order - b.home.order);

export const worldEntry = (id: string): WorldEntry | undefined => registered.find((w) => w.id === id);

export const isWorldId = (id: string | undefined): id is string => id !== undefined && worldEntry(id) !== undefined;

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
  return Promise.all(registered.map((w) => loadWorld(w.id, purpose)));
}

/** Starts compiling every world's WebAssembly (`WorldEntry.wasm`): the entry calls this before the app loads. */
export function compileWorldsWasm(): void {
  for (const w of registered) void w.wasm?.().catch(() => undefined);
}

/** The figures every world published for real models, each marked with its world. */
export async function publishedRows() {
  const each = await Promise.all(registered.map(async (w) => (await (w.published?.() ?? [])).map((r) => ({ ...r, world: w.id }))));
  return each.flat();
}
