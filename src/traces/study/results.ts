import { hashString } from '../../core/hash';
import { canonicalJson, isJsonObject, type JsonObject } from '../../core/json';
import { err, ok, type Result } from '../../core/result';
import type { Trace } from '../../core/types';
import { traceAt } from '../native';
import { booleanAt, numberAt, objectAt, oneOf, optional, ShapeError, stringAt } from '../validate';
import { STUDY_VERSION, type Study, type StudyOrder } from './definition';

/**
 * What a study run says about itself, in its trace's `meta.study`. The first
 * fields are written when the task starts (so the participant's own library
 * knows the run); `wallMs`, `timedOut` and `checksum` when the results file is
 * written.
 */
export interface StudyRunMeta {
  id: string;
  version: typeof STUDY_VERSION;
  title: string;
  pseudonym: string;
  /** The task's number in the study's list, from 1. */
  task: number;
  /** When this participant played it, from 1 (shuffled studies differ per participant). */
  position: number;
  /** Tasks in the study. */
  of: number;
  order: StudyOrder;
  timeLimitS: number | null;
  /** From the task shown to its end, wall clock (a reload in between counts). */
  wallMs?: number;
  /** The time limit ended the task. */
  timedOut?: boolean;
  /** A hash of the whole run (`runChecksum`): catches a file edited by hand, not a forger who recomputes it. */
  checksum?: string;
}

/** The meta a study run starts with. */
export function startMeta(study: Study, pseudonym: string, task: number, position: number): JsonObject {
  const meta: StudyRunMeta = {
    id: study.id,
    version: STUDY_VERSION,
    title: study.title,
    pseudonym,
    task: task + 1,
    position: position + 1,
    of: study.tasks.length,
    order: study.order,
    timeLimitS: study.timeLimitS,
  };
  return { study: { ...meta } };
}

function readMeta(v: unknown): StudyRunMeta {
  const p = 'meta.study';
  const o = objectAt(v, p);
  const int = (x: unknown, name: string, min: number) => {
    const n = numberAt(x, `${p}.${name}`);
    if (!Number.isInteger(n) || n < min) throw new ShapeError(`${p}.${name}`, `expected a whole number from ${min}, got ${n}`);
    return n;
  };
  const version = int(o.version, 'version', 1);
  if (version !== STUDY_VERSION) throw new ShapeError(`${p}.version`, `version ${version}; this site reads study version ${STUDY_VERSION}`);
  const meta: StudyRunMeta = {
    id: stringAt(o.id, `${p}.id`),
    version: STUDY_VERSION,
    title: stringAt(o.title, `${p}.title`),
    pseudonym: stringAt(o.pseudonym, `${p}.pseudonym`),
    task: int(o.task, 'task', 1),
    position: int(o.position, 'position', 1),
    of: int(o.of, 'of', 1),
    order: oneOf(o.order, `${p}.order`, ['fixed', 'shuffled'] as const),
    timeLimitS: o.timeLimitS === null || o.timeLimitS === undefined ? null : int(o.timeLimitS, 'timeLimitS', 1),
  };
  if (meta.task > meta.of) throw new ShapeError(`${p}.task`, `task ${meta.task} of a study of ${meta.of}`);
  const wall = optional(o.wallMs, (x) => int(x, 'wallMs', 0));
  if (wall !== undefined) meta.wallMs = wall;
  const timedOut = optional(o.timedOut, (x) => booleanAt(x, `${p}.timedOut`));
  if (timedOut !== undefined) meta.timedOut = timedOut;
  const checksum = optional(o.checksum, (x) => stringAt(x, `${p}.checksum`));
  if (checksum !== undefined) meta.checksum = checksum;
  return meta;
}

/** The run's study meta: null when it is not a study run, an error when it claims to be one and cannot be read. */
export function studyMetaOf(trace: Pick<Trace, 'meta'>): Result<StudyRunMeta> | null {
  const v = trace.meta?.study;
  if (v === undefined) return null;
  try {
    return ok(readMeta(v));
  } catch (e) {
    if (e instanceof ShapeError) return err(e.message);
    throw e;
  }
}

/** The checksum of a run as read back from its file: everything in it but the checksum itself. */
export function runChecksum(trace: Trace): string {
  const meta = trace.meta ?? {};
  const study = isJsonObject(meta.study) ? Object.fromEntries(Object.entries(meta.study).filter(([k]) => k !== 'checksum')) : meta.study;
  const text = canonicalJson({ ...trace, meta: { ...meta, study } });
  return hashString(text).toString(16).padStart(8, '0') + hashString(`run\n${text}`).toString(16).padStart(8, '0');
}

/** What the results file adds to a finished run: its wall time, whether the clock ended it, and its checksum. */
export interface RunEnd {
  wallMs: number;
  timedOut: boolean;
}

/**
 * One run as a line of the results file. The trace is read back first, as an
 * importer will read it, so the checksum is of the same value the reader sees.
 */
export function resultsLine(trace: Trace, end: RunEnd): string {
  const meta = trace.meta ?? {};
  if (!isJsonObject(meta.study)) throw new Error('not a study run: the trace has no meta.study');
  const withEnd: Trace = { ...trace, meta: { ...meta, study: { ...meta.study, wallMs: Math.max(0, Math.round(end.wallMs)), timedOut: end.timedOut } } };
  const read = traceAt(JSON.parse(JSON.stringify(withEnd)));
  const study = read.meta?.study;
  if (!isJsonObject(study)) throw new Error('not a study run: the trace has no meta.study');
  read.meta = { ...read.meta, study: { ...study, checksum: runChecksum(read) } };
  return JSON.stringify(read);
}

/** The participant's whole results file: one native trace per line, in the order they played. */
export function resultsFile(runs: readonly { trace: Trace; end: RunEnd }[]): string {
  return runs.map((r) => `${resultsLine(r.trace, r.end)}\n`).join('');
}

const slug = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .toLowerCase()
    .slice(0, 40) || 'x';

export const resultsFileName = (study: Pick<Study, 'title' | 'id'>, pseudonym: string) =>
  `study-${slug(study.title)}-${study.id.slice(0, 6)}-${slug(pseudonym)}.jsonl`;
