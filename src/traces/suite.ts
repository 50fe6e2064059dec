import { tryParseJson, type Json, type JsonObject } from '../core/json';
import { err, ok, type Result } from '../core/result';
import type { AgentInfo, Verdict } from '../core/types';
import { readAgent } from './native';
import { arrayAt, numberAt, objectAt, oneOf, optional, ShapeError, stringAt } from './validate';

/**
 * A gotcha suite: observed cheats (and honest runs) kept as regression evals.
 * Each entry is the calls an agent made on a task and the verdicts the
 * verifiers gave them when the entry was recorded; re-scoring replays the
 * calls into the world as it is now and reports what changed.
 */

export const SUITE_FORMAT = 'verifier-playground.gotchas';
export const SUITE_VERSION = 1;

const VERDICTS: readonly Verdict[] = ['PASS', 'FAIL'];

/** What the verifiers said; snake_case because it is the file's own shape (as `vp score` prints it). */
export interface ExpectedVerdicts {
  naive: Verdict;
  full: Verdict;
  caught_by: string | null;
  reward: number;
  naive_reward: number;
}

export interface SuiteCall {
  name: string;
  arguments: Json;
}

export interface GotchaEntry {
  id: string;
  label: string;
  world: string;
  /** The task spec, as `vp tasks` prints it and `world.makeTask` reads it. */
  task: JsonObject;
  agent: AgentInfo;
  calls: SuiteCall[];
  expected: ExpectedVerdicts;
  note?: string;
}

export interface GotchaSuite {
  format: typeof SUITE_FORMAT;
  version: typeof SUITE_VERSION;
  entries: GotchaEntry[];
}

function readExpected(v: unknown, path: string): ExpectedVerdicts {
  const o = objectAt(v, path);
  return {
    naive: oneOf(o.naive, `${path}.naive`, VERDICTS),
    full: oneOf(o.full, `${path}.full`, VERDICTS),
    caught_by: o.caught_by === null ? null : stringAt(o.caught_by, `${path}.caught_by`),
    reward: numberAt(o.reward, `${path}.reward`),
    naive_reward: numberAt(o.naive_reward, `${path}.naive_reward`),
  };
}

function readCall(v: unknown, path: string): SuiteCall {
  const o = objectAt(v, path);
  if (!('arguments' in o)) throw new ShapeError(`${path}.arguments`, 'missing: every call carries its arguments (use {} for none)');
  return { name: stringAt(o.name, `${path}.name`), arguments: o.arguments ?? null };
}

function nonEmpty(v: unknown, path: string): string {
  const s = stringAt(v, path);
  if (s.trim() === '') throw new ShapeError(path, 'must not be empty');
  return s;
}

/** One suite entry; throws a ShapeError located at `path`. */
export function readEntry(v: unknown, path: string): GotchaEntry {
  const o = objectAt(v, path);
  const entry: GotchaEntry = {
    id: nonEmpty(o.id, `${path}.id`),
    label: nonEmpty(o.label, `${path}.label`),
    world: nonEmpty(o.world, `${path}.world`),
    task: objectAt(o.task, `${path}.task`),
    agent: readAgent(o.agent, `${path}.agent`),
    calls: arrayAt(o.calls, `${path}.calls`).map((c, i) => readCall(c, `${path}.calls[${i}]`)),
    expected: readExpected(o.expected, `${path}.expected`),
  };
  const note = optional(o.note, (n) => stringAt(n, `${path}.note`));
  if (note !== undefined) entry.note = note;
  return entry;
}

/** Read a suite from parsed JSON. Never throws: bad input is one located error. */
export function readSuite(value: unknown): Result<GotchaSuite> {
  try {
    const o = objectAt(value, '');
    if (o.format !== SUITE_FORMAT) throw new ShapeError('format', `expected "${SUITE_FORMAT}", got ${JSON.stringify(o.format ?? null)}: not a gotcha suite`);
    if (o.version !== SUITE_VERSION)
      throw new ShapeError('version', `version ${JSON.stringify(o.version ?? null)} is not supported (this build reads version ${SUITE_VERSION})`);
    const entries = arrayAt(o.entries, 'entries').map((e, i) => readEntry(e, `entries[${i}]`));
    const seen = new Map<string, number>();
    entries.forEach((e, i) => {
      const first = seen.get(e.id);
      if (first !== undefined) throw new ShapeError(`entries[${i}].id`, `duplicate id "${e.id}" (also entries[${first}])`);
      seen.set(e.id, i);
    });
    return ok({ format: SUITE_FORMAT, version: SUITE_VERSION, entries });
  } catch (e) {
    if (e instanceof ShapeError) return err(e.message);
    throw e;
  }
}

export function parseSuite(text: string): Result<GotchaSuite> {
  if (text.trim() === '') return err('the file is empty');
  const parsed = tryParseJson(text);
  if (!parsed.ok) return err(`not JSON: ${parsed.error}`);
  return readSuite(parsed.value);
}

/** One entry per line: a changed entry is a one-line diff, and the file stays small. */
export function serializeSuite(suite: GotchaSuite): string {
  const head = `{"format": ${JSON.stringify(suite.format)}, "version": ${suite.version}, "entries": [`;
  if (suite.entries.length === 0) return `${head}]}\n`;
  return `${head}\n${suite.entries.map((e) => `  ${JSON.stringify(e)}`).join(',\n')}\n]}\n`;
}
