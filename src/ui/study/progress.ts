import { tryParseJson } from '../../core/json';
import { err, ok, type Result } from '../../core/result';
import type { Study } from '../../traces/study/definition';
import { arrayAt, booleanAt, numberAt, objectAt, ShapeError, stringAt } from '../../traces/validate';

/**
 * Where a participant is in a study, kept in this browser (localStorage) so a
 * reload resumes there. The runs themselves are the library's (IndexedDB,
 * saved after every step); this only names them, by position in the
 * participant's order.
 */
export interface TaskProgress {
  run: string | null;
  /** Wall clock (ms since the epoch): the time limit and the wall time count from here. */
  startedAt: number | null;
  endedAt: number | null;
  timedOut: boolean;
}

export interface StudyProgress {
  v: 1;
  study: string;
  pseudonym: string;
  /** One per position in the participant's order. */
  tasks: TaskProgress[];
  downloadedAt: number | null;
}

/** The little storage the progress needs (localStorage in the page, a map in tests). */
export interface KeyValue {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export const progressKey = (studyId: string) => `verifier-playground.study.${studyId}`;

export const freshProgress = (study: Study, pseudonym: string): StudyProgress => ({
  v: 1,
  study: study.id,
  pseudonym,
  tasks: study.tasks.map(() => ({ run: null, startedAt: null, endedAt: null, timedOut: false })),
  downloadedAt: null,
});

const nullable = <T>(v: unknown, read: (v: unknown) => T): T | null => (v === null || v === undefined ? null : read(v));

export function readProgress(text: string, study: Study): Result<StudyProgress> {
  const parsed = tryParseJson(text);
  if (!parsed.ok) return err(`not JSON: ${parsed.error}`);
  try {
    const o = objectAt(parsed.value, '');
    if (o.v !== 1) throw new ShapeError('v', `expected 1, got ${JSON.stringify(o.v ?? null)}`);
    const id = stringAt(o.study, 'study');
    if (id !== study.id) throw new ShapeError('study', `the progress of study ${id}, not ${study.id}`);
    const tasks = arrayAt(o.tasks, 'tasks').map((t, i): TaskProgress => {
      const p = `tasks[${i}]`;
      const x = objectAt(t, p);
      return {
        run: nullable(x.run, (v) => stringAt(v, `${p}.run`)),
        startedAt: nullable(x.startedAt, (v) => numberAt(v, `${p}.startedAt`)),
        endedAt: nullable(x.endedAt, (v) => numberAt(v, `${p}.endedAt`)),
        timedOut: booleanAt(x.timedOut ?? false, `${p}.timedOut`),
      };
    });
    if (tasks.length !== study.tasks.length) throw new ShapeError('tasks', `${tasks.length} tasks for a study of ${study.tasks.length}`);
    return ok({
      v: 1,
      study: id,
      pseudonym: stringAt(o.pseudonym, 'pseudonym'),
      tasks,
      downloadedAt: nullable(o.downloadedAt, (v) => numberAt(v, 'downloadedAt')),
    });
  } catch (e) {
    if (e instanceof ShapeError) return err(e.message);
    throw e;
  }
}

/** localStorage, which may be missing or refuse (private modes, a full disk): a failure is a value, never a throw. */
export function browserKeyValue(): KeyValue {
  return {
    get: (key) => globalThis.localStorage?.getItem(key) ?? null,
    set: (key, value) => {
      if (!globalThis.localStorage) throw new Error('this browser keeps no local storage');
      globalThis.localStorage.setItem(key, value);
    },
    remove: (key) => globalThis.localStorage?.removeItem(key),
  };
}
