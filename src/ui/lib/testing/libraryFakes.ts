import { runEpisode } from '../../../core/episode';
import type { Trace } from '../../../core/types';
import type { ImportSummary } from '../../../traces/import/types';
import { verifyTrace } from '../../../traces/replay';
import { faultApiWorld } from '../../../worlds/fault-api/index';
import type { ImportMessage, ImportRequest } from '../../workers/importProtocol';
import type { StoredImport } from '../importRuns';
import { createLibrary, type LibraryDeps } from '../library';
import type { ImportPort } from '../libraryImport';
import type { SavedRun } from '../storage';
import type { UnsavedRun } from '../unsavedRuns';

export async function trace(agent = 'careful', seed = 2): Promise<Trace> {
  const task = faultApiWorld.makeTask({ profile: 'clean', seed });
  if (!task.ok) throw new Error(task.error);
  return runEpisode(faultApiWorld, task.value, faultApiWorld.referenceAgents.find((a) => a.id === agent)!.create(task.value));
}

/** An import worker the test speaks for: what the page posted, and a way to answer. */
export class FakeWorker implements ImportPort {
  requests: ImportRequest[] = [];
  terminated = false;
  private message: (m: ImportMessage) => void = () => {};
  private failure: (m: string) => void = () => {};
  post(r: ImportRequest) {
    this.requests.push(r);
  }
  onMessage(cb: (m: ImportMessage) => void) {
    this.message = cb;
  }
  onFailure(cb: (m: string) => void) {
    this.failure = cb;
  }
  terminate() {
    this.terminated = true;
  }
  send(m: ImportMessage) {
    this.message(m);
  }
  fail(m: string) {
    this.failure(m);
  }
}

export const summary = (items: number, fatal: string | null = null): ImportSummary => ({
  format: 'native-jsonl',
  items,
  inspect: 0,
  native: items,
  vf: 0,
  errors: [],
  warnings: [],
  unlisted: 0,
  fatal,
  lines: items,
  chars: 0,
  vfEras: [],
  inferred: [],
});

export function setup(over: Partial<LibraryDeps> = {}) {
  const workers: FakeWorker[] = [];
  const saved = new Map<string, SavedRun>();
  const unsaved: UnsavedRun[] = [];
  let storageDown: unknown = null;
  const forgotten: string[] = [];
  const stored = new Map<string, StoredImport>();
  /** The in-flight marks (ImportStorage.reading): localStorage in the page, shared by the visits a test makes over `stored`. */
  const reading = new Set<string>();
  /** Files this library holds while it reads them (ImportStorage.reading.hold), and those another tab is reading now. */
  const held = new Map<string, number>();
  const otherTab = new Set<string>();
  let estimate = { usage: 0, quota: 1e9 };
  let runCounter = 0;
  const lib = createLibrary({
    spawnImport: () => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    },
    runs: {
      list: async () => {
        if (storageDown) throw storageDown;
        return { items: [...saved.values()], unreadable: [] };
      },
      delete: async (ids) => {
        if (storageDown) throw storageDown;
        for (const id of ids) saved.delete(id);
      },
    },
    unsaved: () => unsaved,
    forget: (ids) => void forgotten.push(...ids),
    verify: async (t) => {
      const r = await verifyTrace(faultApiWorld, t);
      if (!r.ok) throw new Error(r.error);
      return r.value;
    },
    imports: {
      list: async () => ({ items: [...stored.values()], unreadable: [] }),
      put: async (r) => void stored.set(r.run.id, r),
      update: async (run) => void stored.set(run.id, { ...stored.get(run.id)!, run }),
      delete: async (ids) => ids.forEach((id) => stored.delete(id)),
      estimate: async () => estimate,
      reading: {
        has: (id) => reading.has(id),
        set: (id, on) => (on ? reading.add(id) : reading.delete(id), true),
        hold: async (id) => {
          held.set(id, (held.get(id) ?? 0) + 1);
          return () => void held.set(id, held.get(id)! - 1);
        },
        busy: async (id) => (held.get(id) ?? 0) > 0 || otherTab.has(id),
      },
    },
    // The file's text stands for its hash: the same text, the same file.
    hash: async (blob) => blob.text(),
    newRunId: () => `import${++runCounter}`,
    now: () => 1000,
    later: (fn) => fn(),
    ...over,
  });
  const ids = () => lib.store.getState().entries.map((e) => e.id);
  const full = (usage: number, quota: number) => void (estimate = { usage, quota });
  return { lib, workers, saved, unsaved, forgotten, ids, stored, reading, held, otherTab, full, down: (e: unknown) => void (storageDown = e) };
}

export const file = (name: string) => new File(['{}'], name);
export const tick = () => new Promise((r) => setTimeout(r, 0));
