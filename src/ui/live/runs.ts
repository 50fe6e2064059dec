import { Episode } from '../../core/episode';
import type { JsonObject } from '../../core/json';
import type { Task } from '../../core/types';
import type { World } from '../../core/world';
import { browserLocks } from '../lib/runLocks';
import { claimRun, loadRun, saveRun } from '../lib/storage';
import { StorageUnavailableError } from '../lib/storageErrors';
import { dropUnsaved, keepUnsaved } from '../lib/unsavedRuns';
import { openForkOf, type ForkOrigin } from './forks';
import { HUMAN, HumanDriver } from './humanDriver';
import type { LiveDeps } from './types';

/** The page's storage, locks and clocks. */
export const browserDeps = (): LiveDeps => ({
  store: { save: saveRun, load: loadRun, claim: claimRun },
  locks: browserLocks(),
  now: Date.now,
  unsaved: { keep: keepUnsaved, drop: dropUnsaved },
});

const monotonic = () => performance.now();

/**
 * A person's runs this tab has open, by id: a link to one (or Back) finds the
 * same run in memory instead of replaying it from storage. Read only from
 * async code (the views resolve a run through getRun), never during render.
 */
const live = new Map<string, Promise<HumanDriver>>();
const newRunId = () => `run-${crypto.randomUUID()}`;

function track(id: string, p: Promise<HumanDriver>): Promise<HumanDriver> {
  live.set(id, p);
  p.catch(() => live.delete(id));
  return p;
}

export function startRun(world: World, task: Task, meta?: JsonObject): Promise<HumanDriver> {
  const id = newRunId();
  if (meta) return track(id, startAnnotated(world, task, meta, id, browserDeps()));
  return track(id, HumanDriver.start(world, task, id, browserDeps(), monotonic));
}

/** A run that says something of itself from its first write on (a study run: its study, pseudonym and place). */
export async function startAnnotated(
  world: World,
  task: Task,
  meta: JsonObject,
  id: string,
  deps: LiveDeps,
  clock: () => number = monotonic,
): Promise<HumanDriver> {
  const episode = await Episode.open(world, task, { ...HUMAN });
  episode.annotate(meta);
  return HumanDriver.adopt(world, episode, id, deps, clock);
}

/** A person continues a recorded episode from a step: a new run, its parent in `meta.parent`. */
export async function forkToHuman(world: World, origin: ForkOrigin, step: number): Promise<HumanDriver> {
  const episode = await openForkOf(world, origin, step, { ...HUMAN });
  const id = newRunId();
  return track(id, HumanDriver.adopt(world, episode, id, browserDeps(), monotonic));
}

/** "Fork a copy": this tab's view of the run, as a new run this tab writes. */
export function forkRun(run: HumanDriver): Promise<HumanDriver> {
  const id = newRunId();
  return track(id, run.fork(id));
}

/** Drops deleted runs from this tab's memory, so their links say they are gone instead of resurrecting them. */
export function forgetRuns(ids: readonly string[]): void {
  for (const id of ids) {
    const p = live.get(id);
    live.delete(id);
    dropUnsaved(id);
    void p?.then((run) => run.live.close()).catch(() => undefined);
  }
}

/** The run with this id: the one in memory, or restored from storage after a reload. */
export function getRun(id: string, world: World): Promise<HumanDriver> {
  const held = live.get(id);
  if (held) return held;
  const p = HumanDriver.restore(world, id, browserDeps(), monotonic).catch((e: unknown) => {
    if (e instanceof StorageUnavailableError)
      throw new Error(
        `This run cannot be read from this browser’s storage (${e.message}). Reload to try again; a run played while storage was unavailable was kept in its tab only, and is gone.`,
        { cause: e },
      );
    throw e;
  });
  return track(id, p);
}
