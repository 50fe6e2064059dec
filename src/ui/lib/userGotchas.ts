import { create } from 'zustand';
import type { Trace } from '../../core/types';
import type { World } from '../../core/world';
import { parseSuite, serializeSuite, SUITE_FORMAT, SUITE_VERSION, type ExpectedVerdicts } from '../../traces/suite';
import { entryFromTrace, rescoreEntry, type EntryResult } from '../../traces/suiteScore';
import { pageScrubber } from './model/secrets';
import { deleteGotchas, describeUnreadable, listGotchas, putGotchas, type SavedGotcha } from './storage';
import { describeStorageError } from './storageErrors';
import { isWorldId, loadWorld } from '../worlds/registry';

/**
 * The person's own gotcha suite, kept in IndexedDB: any finished trace of our
 * worlds can join it with the verdicts it gets now, and the home page holds
 * every entry to them on each visit.
 */
interface GotchaState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: SavedGotcha[];
  error: string | null;
}

export const useUserGotchas = create<GotchaState>(() => ({ status: 'idle', items: [], error: null }));

const byAdded = (a: SavedGotcha, b: SavedGotcha) => a.addedAt - b.addedAt || a.id.localeCompare(b.id);

/** Read the suite from IndexedDB into the store (again after every change, so other tabs' additions show). */
export async function reloadGotchas(): Promise<void> {
  useUserGotchas.setState((s) => ({ ...s, status: s.status === 'ready' ? 'ready' : 'loading' }));
  try {
    const { items, unreadable } = await listGotchas();
    useUserGotchas.setState({
      status: 'ready',
      items: items.sort(byAdded),
      error: unreadable.length > 0 ? `Could not read your gotchas: ${describeUnreadable('gotcha', unreadable)}` : null,
    });
  } catch (e) {
    useUserGotchas.setState({ status: 'error', error: `Could not read your gotchas: ${describeStorageError(e)}` });
  }
}

/** Replay the trace, record the verdicts it gets now, and save it as a new entry. */
export async function addGotcha(world: World, trace: Trace, label: string, note: string): Promise<SavedGotcha> {
  const entry = await entryFromTrace(world, trace, { id: `user-${crypto.randomUUID()}`, label, note });
  if (!entry.ok) throw new Error(entry.error);
  const saved: SavedGotcha = { id: entry.value.id, entry: entry.value, addedAt: Date.now() };
  await putGotchas([saved]);
  await reloadGotchas();
  return saved;
}

export async function removeGotcha(id: string): Promise<void> {
  await deleteGotchas([id]);
  await reloadGotchas();
}

/** The suite as one file, entries in the order they were added, secrets masked. */
export function exportSuiteText(items: readonly SavedGotcha[]): string {
  return serializeSuite(pageScrubber().value({ format: SUITE_FORMAT, version: SUITE_VERSION, entries: items.map((g) => g.entry) }));
}

/**
 * Import a suite file: validated whole first (format, every entry, worlds this
 * site has), then written in one transaction. Entries with an id already here
 * replace it. A bad file changes nothing; the error says where it is wrong.
 */
export async function importSuiteText(text: string): Promise<number> {
  const suite = parseSuite(text);
  if (!suite.ok) throw new Error(suite.error);
  const i = suite.value.entries.findIndex((e) => !isWorldId(e.world));
  if (i >= 0) throw new Error(`entries[${i}].world: this site has no world "${suite.value.entries[i]!.world}"`);
  const now = Date.now();
  await putGotchas(suite.value.entries.map((entry, k) => ({ id: entry.id, entry, addedAt: now + k })));
  await reloadGotchas();
  return suite.value.entries.length;
}

const rescored = new Map<string, Promise<EntryResult>>();

/**
 * An entry re-scored against the world as this page has it. The result is kept
 * per entry for the page's life: the worlds cannot change under a loaded page,
 * and the home page and the entry's view share one replay.
 */
export function rescoreSaved(g: SavedGotcha): Promise<EntryResult> {
  const key = `${g.id}|${g.addedAt}`;
  let p = rescored.get(key);
  if (!p) {
    // The calls came from a person, a model or a file: tripwire replays them behind the watchdog.
    p = loadWorld(g.entry.world, 'play').then((world) => rescoreEntry(world, g.entry));
    rescored.set(key, p);
    p.catch(() => rescored.delete(key));
  }
  return p;
}

/** "naive PASS 1.00 · full FAIL 0.73 (caught by …)": one reading of an entry's verdicts. */
export function describeVerdicts(v: ExpectedVerdicts): string {
  return `naive ${v.naive} ${v.naive_reward.toFixed(2)} · full ${v.full} ${v.reward.toFixed(2)}${v.caught_by ? ` (caught by ${v.caught_by})` : ''}`;
}
