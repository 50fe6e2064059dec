import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { Trace } from '../../core/types';
import type { World } from '../../core/world';
import { studyMetaOf } from '../../traces/study/results';
import { checkStudyRun, type StudyRunCheck } from '../../traces/study/verify';
import { payloadOf } from '../lib/library';
import type { LibraryEntry } from '../lib/librarySummary';
import { fingerprint } from '../lib/rescore';
import { loadWorld } from '../worlds/registry';

export interface ChecksState {
  /** By entry id: what the replay said, and of which recording (an entry re-imported with other content is checked again). */
  checks: Readonly<Record<string, { of: string; check: StudyRunCheck }>>;
  /** Replays under way. */
  pending: number;
}

/** Is this trace a study run a replay should check (a person's, with a study record)? */
export const isStudyRun = (t: Trace) => t.agent.kind === 'human' && studyMetaOf(t) !== null;

/** A library row that is a study's run, by its payload. */
export function isStudyEntry(e: LibraryEntry): boolean {
  const p = payloadOf(e.id);
  return p?.kind === 'native' && isStudyRun(p.trace);
}

/**
 * Every imported study run replayed once, one after another (a tripwire
 * replay starts a database worker; two cores are shared with the page), the
 * answers kept by entry and recording.
 */
export function createChecks(world: (id: string) => Promise<World | null>) {
  const store = createStore<ChecksState>()(() => ({ checks: {}, pending: 0 }));
  let queue: Promise<void> = Promise.resolve();
  const queued = new Set<string>();

  function check(items: readonly { id: string; trace: Trace }[]): void {
    const todo = items.filter((i) => {
      const key = `${i.id}|${fingerprint(i.trace)}`;
      if (queued.has(key) || store.getState().checks[i.id]?.of === fingerprint(i.trace)) return false;
      queued.add(key);
      return true;
    });
    if (!todo.length) return;
    store.setState((s) => ({ pending: s.pending + todo.length }));
    for (const item of todo)
      queue = queue.then(async () => {
        let result: StudyRunCheck;
        try {
          result = await checkStudyRun(await world(item.trace.world), item.trace);
        } catch (e) {
          result = { verified: false, problems: [`the replay failed: ${e instanceof Error ? e.message : String(e)}`], hints: false, replayed: null };
        }
        store.setState((s) => ({ checks: { ...s.checks, [item.id]: { of: fingerprint(item.trace), check: result } }, pending: s.pending - 1 }));
      });
  }
  return { store, check, settled: () => queue };
}

/** The page's checks: a recorded trace's SQL is untrusted, so tripwire replays behind the watchdog. */
export const studyChecks = createChecks((id) => loadWorld(id, 'play').catch(() => null));

export const useChecks = <T>(selector: (s: ChecksState) => T): T => useStore(studyChecks.store, selector);
