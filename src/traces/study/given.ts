import { isJsonObject, tryParseJson, type Json, type JsonObject } from '../../core/json';
import { LIMITS, overLimit } from '../../core/limits';
import { err, ok, type Result } from '../../core/result';
import { makeStudy, normaliseTasks, type Study, type StudyDraft, type StudyTask, type TaskMaker } from './definition';
import { linkSizeProblem, readStudyLink } from './link';

/**
 * The study a report is held to, as the researcher gives it: its link (the
 * whole address, the `#/study?…` part, or the query), or its definition file
 * — what `vp study make --json` prints (`{study, href, url}`), a study object
 * with its id, or a definition without one (`{title, tasks, …}`, made as `vp
 * study make` makes it with no options). Its size is checked before it is
 * parsed, the task count before any task is read.
 */
export function readGivenStudy(text: string, make: TaskMaker | null): Result<Study> {
  const tooLong = linkSizeProblem(text, 'the study');
  if (tooLong) return err(tooLong);
  const t = text.trim();
  if (!t.startsWith('{')) return readStudyLink(t);
  const parsed = tryParseJson(t);
  if (!parsed.ok) return err(`the study's file is neither a study link nor JSON: ${parsed.error}`);
  const o = parsed.value;
  if (!isJsonObject(o)) return err("the study's file must be a JSON object (a study) or a study link");
  if (typeof o.href === 'string') return readStudyLink(o.href);
  if (typeof o.url === 'string') return readStudyLink(o.url);
  return studyFromDefinition(isJsonObject(o.study) ? o.study : o, make);
}

const text = (v: Json | undefined, name: string, fallback?: string): Result<string> =>
  typeof v === 'string' ? ok(v) : v === undefined && fallback !== undefined ? ok(fallback) : err(`the study's "${name}" must be text`);

const numberOrNull = (v: Json | undefined, name: string): Result<number | null> =>
  v === undefined || v === null ? ok(null) : typeof v === 'number' ? ok(v) : err(`the study's "${name}" must be a number or null`);

function readTasks(v: Json | undefined): Result<StudyTask[]> {
  if (!Array.isArray(v)) return err('the study has no "tasks" list');
  if (v.length > LIMITS.studyTasks.value) return err(overLimit('studyTasks', 'the study', `${v.length.toLocaleString('en-US')} tasks`));
  const tasks: StudyTask[] = [];
  for (const [i, row] of v.entries()) {
    const spec = isJsonObject(row) ? (row.spec ?? row.task) : undefined;
    if (!isJsonObject(row) || typeof row.world !== 'string' || !isJsonObject(spec))
      return err(`the study's task ${i + 1} must be {"world": …, "spec": {…}} (or a row of vp tasks --json)`);
    tasks.push({ world: row.world, spec });
  }
  return ok(tasks);
}

function studyFromDefinition(o: JsonObject, make: TaskMaker | null): Result<Study> {
  const tasks = readTasks(o.tasks);
  if (!tasks.ok) return tasks;
  const title = text(o.title, 'title');
  if (!title.ok) return title;
  const instructions = text(o.instructions, 'instructions', '');
  if (!instructions.ok) return instructions;
  const limit = numberOrNull(o.timeLimitS, 'timeLimitS');
  if (!limit.ok) return limit;
  const minutes = numberOrNull(o.minutes, 'minutes');
  if (!minutes.ok) return minutes;
  if (o.order !== undefined && o.order !== 'fixed' && o.order !== 'shuffled') return err(`the study's "order" must be "fixed" or "shuffled"`);
  if (o.showScores !== undefined && typeof o.showScores !== 'boolean') return err(`the study's "showScores" must be true or false`);
  const draft: StudyDraft = {
    title: title.value,
    instructions: instructions.value,
    tasks: tasks.value,
    order: o.order ?? 'fixed',
    timeLimitS: limit.value,
    minutes: minutes.value,
    showScores: o.showScores ?? false,
  };
  if (typeof o.id === 'string') {
    // A study with its id is taken as written: it must still be the study its id names.
    const made = makeStudy(draft);
    if (!made.ok) return made;
    if (made.value.id !== o.id)
      return err(`the study was changed after it was made: its content hashes to ${made.value.id}, not to its id ${o.id.slice(0, 40)}`);
    return made;
  }
  const normal = make ? normaliseTasks(draft, make) : ok(draft);
  return normal.ok ? makeStudy(normal.value) : normal;
}
