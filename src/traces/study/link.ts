import { canonicalJson, isJsonObject, tryParseJson } from '../../core/json';
import { LIMITS, overLimit } from '../../core/limits';
import { err, ok, type Result } from '../../core/result';
import { draftProblem, specSizeProblem, STUDY_VERSION, studyId, type Study, type StudyDraft, type StudyOrder, type StudyTask } from './definition';

/**
 * A study as the query of a `#/study?…` link: every field readable in the
 * address, the version first, the id (a hash of the rest) next, the task
 * count before the tasks so a link cut short says so. Nothing is fetched:
 * the link is the study, and it works on a static site.
 */

const SINGLE = ['v', 'id', 'n', 'title', 'about', 'minutes', 'order', 'limit', 'scores', 'hints'] as const;
const KNOWN: ReadonlySet<string> = new Set([...SINGLE, 'task']);

/** The study's fields in link order: [name, value] pairs, `task` once per task. */
export function studyParams(study: Study): [string, string][] {
  const out: [string, string][] = [
    ['v', String(study.version)],
    ['id', study.id],
    ['n', String(study.tasks.length)],
    ['title', study.title],
  ];
  if (study.instructions) out.push(['about', study.instructions]);
  if (study.minutes !== null) out.push(['minutes', String(study.minutes)]);
  out.push(['order', study.order]);
  if (study.timeLimitS !== null) out.push(['limit', String(study.timeLimitS)]);
  out.push(['scores', study.showScores ? 'shown' : 'hidden'], ['hints', 'never']);
  for (const t of study.tasks) out.push(['task', `${t.world}:${canonicalJson(t.spec)}`]);
  return out;
}

/** The link's hash part, `#/study?v=1&id=…`; prefix the site's address to share it. */
export function studyHref(study: Study): string {
  return `#/study?${new URLSearchParams(studyParams(study)).toString()}`;
}

const EXAMPLE_TASK = 'fault-api:{"profile":"clean","seed":1}';

function readTask(raw: string, i: number): Result<StudyTask> {
  const where = `task ${i + 1}`;
  const colon = raw.indexOf(':');
  if (colon <= 0 || !/^[a-z0-9][a-z0-9_-]*$/i.test(raw.slice(0, colon)))
    return err(`${where} (${JSON.stringify(raw.slice(0, 60))}) is not world:spec, e.g. ${EXAMPLE_TASK}`);
  const world = raw.slice(0, colon);
  const tooBig = specSizeProblem(raw.length - colon - 1, where);
  if (tooBig) return err(tooBig);
  const spec = tryParseJson(raw.slice(colon + 1));
  if (!spec.ok) return err(`${where}: the spec after "${world}:" is not JSON (${spec.error})`);
  if (!isJsonObject(spec.value)) return err(`${where}: the spec after "${world}:" must be a JSON object, e.g. ${EXAMPLE_TASK}`);
  return ok({ world, spec: spec.value });
}

const tasksWord = (n: number) => `${n} task${n === 1 ? '' : 's'}`;

function wholeNumber(raw: string, name: string): Result<number> {
  return /^\d{1,9}$/.test(raw) ? ok(Number(raw)) : err(`${name}=${JSON.stringify(raw)} is not a whole number`);
}

/**
 * A study from a link's query, or exactly what is wrong with the link: a
 * field missing or repeated, a value out of its bounds, a task that is not
 * world:spec, a link cut short, a newer version, or content that no longer
 * hashes to its id (the link was changed after it was made).
 */
export function readStudyParams(query: URLSearchParams): Result<Study> {
  const versions = query.getAll('v');
  if (versions.length === 0) return err('this is not a study link: it has no version (v=…)');
  if (versions.length > 1) return err('the link gives the version (v=…) more than once');
  const v = versions[0]!;
  if (!/^\d+$/.test(v)) return err(`v=${JSON.stringify(v)} is not a study version (this site reads version ${STUDY_VERSION})`);
  if (Number(v) > STUDY_VERSION)
    return err(`this study link is version ${v}; this site reads version ${STUDY_VERSION}: open the link on a newer copy of the site`);
  if (Number(v) !== STUDY_VERSION) return err(`v=${v} is not a study version (this site reads version ${STUDY_VERSION})`);
  for (const key of new Set(query.keys())) {
    if (!KNOWN.has(key)) return err(`the link has a field study links do not have: "${key.slice(0, 40)}"`);
    if (key !== 'task' && query.getAll(key).length > 1) return err(`the link gives "${key}" more than once`);
  }
  const get = (key: (typeof SINGLE)[number]) => query.get(key);
  const need = (key: (typeof SINGLE)[number]): Result<string> => {
    const value = get(key);
    return value === null ? err(`the link has no ${key}=…: it was cut short or edited (copy the whole link)`) : ok(value);
  };
  const id = need('id');
  if (!id.ok) return id;
  if (!/^[0-9a-f]{16}$/.test(id.value)) return err(`id=${JSON.stringify(id.value.slice(0, 40))} is not a study id (16 hex digits)`);
  const nRaw = need('n');
  if (!nRaw.ok) return nRaw;
  const n = wholeNumber(nRaw.value, 'n');
  if (!n.ok) return n;
  // Both counts before any task is read: a link naming 20,000 tasks is refused without parsing one.
  if (n.value > LIMITS.studyTasks.value) return err(overLimit('studyTasks', 'the link', `n=${n.value.toLocaleString('en-US')} tasks`));
  const rawTasks = query.getAll('task');
  if (rawTasks.length > LIMITS.studyTasks.value) return err(overLimit('studyTasks', 'the link', `${rawTasks.length.toLocaleString('en-US')} tasks listed`));
  if (rawTasks.length !== n.value)
    return err(
      rawTasks.length < n.value
        ? `the link says it has ${tasksWord(n.value)} but lists ${rawTasks.length}: it was cut short (copy the whole link)`
        : `the link says it has ${tasksWord(n.value)} but lists ${rawTasks.length}: tasks were added to it`,
    );
  const tasks: StudyTask[] = [];
  for (const [i, raw] of rawTasks.entries()) {
    const t = readTask(raw, i);
    if (!t.ok) return t;
    tasks.push(t.value);
  }
  const title = need('title');
  if (!title.ok) return title;
  const order = need('order');
  if (!order.ok) return order;
  if (order.value !== 'fixed' && order.value !== 'shuffled') return err(`order=${JSON.stringify(order.value)}: expected fixed or shuffled`);
  const scores = need('scores');
  if (!scores.ok) return scores;
  if (scores.value !== 'shown' && scores.value !== 'hidden') return err(`scores=${JSON.stringify(scores.value)}: expected shown or hidden`);
  const hints = need('hints');
  if (!hints.ok) return hints;
  if (hints.value !== 'never') return err(`hints=${JSON.stringify(hints.value)}: a study never reveals the verifier's events during play (hints=never)`);
  const limitRaw = get('limit');
  const limit = limitRaw === null ? ok(null) : wholeNumber(limitRaw, 'limit');
  if (!limit.ok) return limit;
  const minutesRaw = get('minutes');
  const minutes = minutesRaw === null ? ok(null) : wholeNumber(minutesRaw, 'minutes');
  if (!minutes.ok) return minutes;
  const draft: StudyDraft = {
    title: title.value,
    instructions: get('about') ?? '',
    tasks,
    order: order.value satisfies StudyOrder,
    timeLimitS: limit.value,
    minutes: minutes.value,
    showScores: scores.value === 'shown',
  };
  const problem = draftProblem(draft);
  if (problem) return err(problem);
  const actual = studyId(draft);
  if (actual !== id.value)
    return err(
      `the link was changed after it was made: its content does not hash to its id (id=${id.value}, the content hashes to ${actual}). Ask whoever sent it for the link again`,
    );
  return ok({ version: STUDY_VERSION, id: id.value, ...draft });
}

/** A link's text over `studyLinkChars` (the message), or null: checked before anything in it is decoded. */
export function linkSizeProblem(text: string, where = 'the study link'): string | null {
  return text.length > LIMITS.studyLinkChars.value ? overLimit('studyLinkChars', where, `${text.length.toLocaleString('en-US')} characters`) : null;
}

/**
 * A study from a link as a person pastes it: the whole address, its
 * `#/study?…` part, or the query alone. Its length is checked first, then the
 * counts, then each task's size, and only then is a task parsed.
 */
export function readStudyLink(text: string): Result<Study> {
  const tooLong = linkSizeProblem(text);
  if (tooLong) return err(tooLong);
  const trimmed = text.trim();
  const at = trimmed.indexOf('#/study?');
  const query = at >= 0 ? trimmed.slice(at + '#/study?'.length) : trimmed.startsWith('?') ? trimmed.slice(1) : trimmed;
  if (!/^[^?#\s]*$/.test(query) || !/(^|&)v=/.test(query))
    return err('this is not a study link: a study link has #/study?v=… in it (copy it from the study page or `vp study make`)');
  return readStudyParams(new URLSearchParams(query));
}

/** A study whose link would be longer than `studyLinkChars` could be made but never opened: refused when made. */
export function studyLinkProblem(study: Study): string | null {
  return linkSizeProblem(studyHref(study), "the study's link");
}
