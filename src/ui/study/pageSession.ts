import type { World } from '../../core/world';
import type { Study } from '../../traces/study/definition';
import { getRun, startRun } from '../live/runs';
import { browserKeyValue, progressKey } from './progress';
import { StudySession } from './session';

/** The page's sessions, one per study: a view that comes back to a study finds its session as it left it. */
const sessions = new Map<string, { session: StudySession; loaded: Promise<void> }>();

/** The study's session in this tab, its progress read and its task under way reopened. */
export function studySession(study: Study, worlds: ReadonlyMap<string, World>): { session: StudySession; loaded: Promise<void> } {
  let held = sessions.get(study.id);
  if (!held) {
    const session = new StudySession(study, {
      progress: browserKeyValue(),
      now: Date.now,
      runs: { start: startRun, get: getRun },
      world: (id) => {
        const w = worlds.get(id);
        if (!w) throw new Error(`the world "${id}" is not loaded`);
        return w;
      },
      every: (ms, fn) => {
        const timer = setInterval(fn, ms);
        return () => clearInterval(timer);
      },
    });
    held = { session, loaded: session.load() };
    sessions.set(study.id, held);
    // Another tab on the same study moved it on: this one follows instead of playing a task twice.
    window.addEventListener('storage', (e) => {
      if (e.key === progressKey(study.id)) void session.follow();
    });
  }
  return held;
}
