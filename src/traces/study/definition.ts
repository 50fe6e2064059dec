import { hashString } from '../../core/hash';
import { canonicalJson, isJsonObject, type JsonObject } from '../../core/json';
import { LIMITS, overLimit } from '../../core/limits';
import { err, ok, type Result } from '../../core/result';

/**
 * A study: the same tasks, under the same rules, for every participant. It is
 * data carried whole by its link (link.ts), named by a hash of that data, so
 * two people with the same link are in the same study and a link changed by
 * hand is no longer the study it claims to be.
 */

/** 1: the first format. A link of a newer version is refused, naming the versions this build reads. */
export const STUDY_VERSION = 1;

export interface StudyTask {
  world: string;
  /** The task as its world names it (the seed, where the world has one, is in it). */
  spec: JsonObject;
}

export type StudyOrder = 'fixed' | 'shuffled';

/** What the researcher writes; `makeStudy` checks it and names it. */
export interface StudyDraft {
  title: string;
  instructions: string;
  tasks: StudyTask[];
  order: StudyOrder;
  /** Seconds per task; null: no limit. */
  timeLimitS: number | null;
  /** The researcher's estimate of the whole study, in minutes; null: not stated. */
  minutes: number | null;
  /** The thank-you page shows the participant their scores. */
  showScores: boolean;
}

/**
 * A checked study. Hints (the verifier's events during play) are never
 * revealed in a study: the rule is part of the version, stated by the link.
 */
export interface Study extends StudyDraft {
  version: typeof STUDY_VERSION;
  /** 16 hex digits: a hash of everything above. */
  id: string;
}

export const STUDY_LIMITS = {
  tasks: LIMITS.studyTasks.value,
  title: 200,
  instructions: 4000,
  timeLimitS: { min: 10, max: 86_400 },
  minutes: { min: 1, max: 1440 },
} as const;

/** A task spec of `chars` characters as JSON, over `taskSpecChars` (the message), or null. */
export function specSizeProblem(chars: number, where: string): string | null {
  return chars > LIMITS.taskSpecChars.value ? overLimit('taskSpecChars', where, `a spec of ${chars.toLocaleString('en-US')} characters`) : null;
}

/** "10 min", "90 s", "1 min 30 s": a time limit as the study page and a timed-out run's stop both spell it. */
export function describeLimit(seconds: number): string {
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** What the id hashes: every field, in a fixed spelling. */
function content(d: StudyDraft): string {
  return canonicalJson({
    v: STUDY_VERSION,
    title: d.title,
    instructions: d.instructions,
    tasks: d.tasks.map((t) => [t.world, t.spec]),
    order: d.order,
    limit: d.timeLimitS,
    minutes: d.minutes,
    scores: d.showScores,
    hints: 'never',
  });
}

const hex8 = (n: number) => n.toString(16).padStart(8, '0');

/** Two 32-bit hashes side by side: a name for the content, not a signature (anyone can recompute it). */
export function studyId(d: StudyDraft): string {
  const text = content(d);
  return hex8(hashString(text)) + hex8(hashString(`study\n${text}`));
}

const inRange = (n: number, r: { min: number; max: number }) => Number.isInteger(n) && n >= r.min && n <= r.max;

/** Every field within its bounds, or the first one that is not, in words. */
export function draftProblem(d: StudyDraft): string | null {
  const title = d.title.trim();
  if (title === '') return 'the study needs a title';
  if (title.length > STUDY_LIMITS.title) return `the title is ${title.length} characters; at most ${STUDY_LIMITS.title}`;
  if (d.instructions.length > STUDY_LIMITS.instructions)
    return `the instructions are ${d.instructions.length} characters; at most ${STUDY_LIMITS.instructions}`;
  if (d.tasks.length === 0) return 'the study needs at least one task';
  if (d.tasks.length > STUDY_LIMITS.tasks) return overLimit('studyTasks', 'the study', `${d.tasks.length.toLocaleString('en-US')} tasks`);
  for (const [i, t] of d.tasks.entries()) {
    if (typeof t.world !== 'string' || t.world === '') return `task ${i + 1} names no world`;
    if (!isJsonObject(t.spec)) return `task ${i + 1}: the task spec must be a JSON object`;
    const problem = specSizeProblem(canonicalJson(t.spec).length, `task ${i + 1}`);
    if (problem) return problem;
  }
  if (d.order !== 'fixed' && d.order !== 'shuffled') return `the order must be "fixed" or "shuffled", got ${JSON.stringify(d.order)}`;
  const { min, max } = STUDY_LIMITS.timeLimitS;
  if (d.timeLimitS !== null && !inRange(d.timeLimitS, STUDY_LIMITS.timeLimitS))
    return `the time limit must be a whole number of seconds from ${min} to ${max}, got ${d.timeLimitS}`;
  if (d.minutes !== null && !inRange(d.minutes, STUDY_LIMITS.minutes))
    return `the estimated length must be a whole number of minutes from ${STUDY_LIMITS.minutes.min} to ${STUDY_LIMITS.minutes.max}, got ${d.minutes}`;
  return null;
}

/** A draft, checked and named. The title is trimmed: a stray space would make another study. */
export function makeStudy(draft: StudyDraft): Result<Study> {
  const problem = draftProblem(draft);
  if (problem) return err(problem);
  const d: StudyDraft = {
    ...draft,
    title: draft.title.trim(),
    instructions: draft.instructions.trim(),
    tasks: draft.tasks.map((t) => ({ world: t.world, spec: t.spec })),
  };
  return ok({ version: STUDY_VERSION, id: studyId(d), ...d });
}

/** How one study task is made into a task of its world: the normalised spec, or why not (a world's `makeTask`). */
export type TaskMaker = (world: string, spec: JsonObject) => Result<JsonObject> | null;

/**
 * Every task of the study made by its world: null when all are playable,
 * else the first that is not, located ("task 2 (fault-api): …"). The maker
 * answers null for a world this build does not have.
 */
export function taskProblem(study: Pick<Study, 'tasks'>, make: TaskMaker): string | null {
  for (const [i, t] of study.tasks.entries()) {
    const made = make(t.world, t.spec);
    if (made === null) return `task ${i + 1} is in the world "${t.world}", which this site does not have`;
    if (!made.ok) return `task ${i + 1} (${t.world} ${canonicalJson(t.spec)}) is not a task of its world: ${made.error}`;
  }
  return null;
}

/**
 * The draft's tasks as their worlds spell them (defaults filled in), so the
 * link names them as every trace of them will: a model run on the same task
 * has the same spec, and the report pairs them.
 */
export function normaliseTasks(draft: StudyDraft, make: TaskMaker): Result<StudyDraft> {
  const problem = taskProblem(draft, make);
  if (problem) return err(problem);
  const tasks: StudyTask[] = [];
  for (const t of draft.tasks) {
    const made = make(t.world, t.spec);
    tasks.push({ world: t.world, spec: made?.ok ? made.value : t.spec });
  }
  return ok({ ...draft, tasks });
}

/** The key that pairs runs of the same task across agents: world and spec, spelled canonically. */
export const taskKey = (world: string, spec: JsonObject): string => `${world} ${canonicalJson(spec)}`;

/** A task spec in a few words: "hostile seed 6", "refund-a", "vendor-outage-triage seed 1". */
export function taskLabel(world: string, spec: JsonObject): string {
  const name = typeof spec.id === 'string' ? spec.id : typeof spec.profile === 'string' ? spec.profile : null;
  const seed = typeof spec.seed === 'number' ? ` seed ${spec.seed}` : '';
  const text = name ?? JSON.stringify(spec);
  // A spec read from a file may be anything: a label stays a label.
  return `${world} · ${text.length > 80 ? `${text.slice(0, 79)}…` : text}${seed}`;
}
