import { createStore, type StoreApi } from 'zustand/vanilla';
import type { JsonObject } from '../../core/json';
import { err, ok, type Result } from '../../core/result';
import { makeStudy, normaliseTasks, type Study, type StudyDraft, type StudyOrder, type TaskMaker } from '../../traces/study/definition';
import { studyHref, studyLinkProblem } from '../../traces/study/link';

/**
 * The "Create a study" form as data: what the researcher has typed, kept as
 * text where a field can be half-typed (numbers), and the link it makes.
 */
export interface MakerState {
  title: string;
  instructions: string;
  tasks: { key: number; world: string; spec: JsonObject }[];
  order: StudyOrder;
  /** Seconds per task, as typed; empty: no limit. */
  limit: string;
  minutes: string;
  showScores: boolean;
}

export function createMaker(first: { world: string; spec: JsonObject }): StoreApi<MakerState> & { nextKey(): number } {
  let key = 0;
  const store = createStore<MakerState>()(() => ({
    title: '',
    instructions: '',
    tasks: [{ key: key++, ...first }],
    order: 'fixed',
    limit: '',
    minutes: '',
    showScores: false,
  }));
  return Object.assign(store, { nextKey: () => key++ });
}

const whole = (text: string, what: string): Result<number | null> => {
  const t = text.trim();
  if (t === '') return ok(null);
  return /^\d{1,9}$/.test(t) ? ok(Number(t)) : err(`${what} must be a whole number, got "${t}"`);
};

/** The draft the form holds, or the first thing wrong with it. */
export function draftOf(s: MakerState): Result<StudyDraft> {
  const limit = whole(s.limit, 'the time limit (seconds per task)');
  if (!limit.ok) return limit;
  const minutes = whole(s.minutes, 'the estimated length (minutes)');
  if (!minutes.ok) return minutes;
  return ok({
    title: s.title,
    instructions: s.instructions,
    tasks: s.tasks.map((t) => ({ world: t.world, spec: t.spec })),
    order: s.order,
    timeLimitS: limit.value,
    minutes: minutes.value,
    showScores: s.showScores,
  });
}

/** The study and its link, each task made by its world first (so the link spells it as traces will). */
export function linkOf(s: MakerState, make: TaskMaker): Result<{ study: Study; href: string }> {
  const draft = draftOf(s);
  if (!draft.ok) return draft;
  const normal = normaliseTasks(draft.value, make);
  if (!normal.ok) return normal;
  const study = makeStudy(normal.value);
  if (!study.ok) return study;
  const tooLong = studyLinkProblem(study.value);
  return tooLong ? err(tooLong) : ok({ study: study.value, href: studyHref(study.value) });
}
