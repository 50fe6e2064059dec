import { isJsonObject } from '../../core/json';
import { err, ok, type Result } from '../../core/result';
import type { IdentitySource } from '../../traces/import/identity';

/** Where a run's env or model came from: derived on import (see traces/import/identity.ts), or typed by the person. */
export type NameSource = IdentitySource | 'edited';

/** A name and where it was read; `mixed` when the rows of one file disagree. */
export interface NamedBy {
  value: string | null;
  from: NameSource | null;
  mixed: boolean;
}

/**
 * One imported file (or link): the unit the library groups, filters, renames
 * and removes by. Its rows' ids are `${id}:${n}`, stable across reloads, so a
 * link to one of them still opens it after the file is read again.
 */
export interface ImportRun {
  id: string;
  label: string;
  /** The file name or address, as imported. */
  source: string;
  /** SHA-256 of the file's bytes: the same file imported twice is the same hash. */
  hash: string;
  size: number;
  importedAt: number;
  rows: number;
  /** What the rows said, before any edit. */
  derived: { env: NamedBy; model: NamedBy };
  /** What the person typed; applied to every row of the run that is not a native trace (those name their own world and agent). */
  edited: { env: string | null; model: string | null };
  /** Row ids removed one by one: a stored file read again leaves them out. */
  hidden: string[];
  /** Kept across reloads, or why not. */
  stored: { ok: true } | { ok: false; reason: string };
  /**
   * How reading the stored file went: `opening` when a visit began reading it and
   * never finished (a bomb, a huge row killed the tab): the in-flight mark it left
   * (libraryRuns.ts, `ImportStorage.reading`; in the record itself only where no such
   * mark can be kept, or written by an earlier build); `failed` when it was refused or
   * exceeded a limit. Either way it is not read again until the person says so.
   */
  health?: { state: 'opening' } | { state: 'failed'; reason: string };
}

/** What IndexedDB keeps of a run: the record and the file itself, read again on the next visit. */
export interface StoredImport {
  run: ImportRun;
  blob: Blob;
  metadata: Blob | null;
  /** The file's path as chosen (a folder's relative path carries vf-eval's env--model layout). */
  path: string;
}

/** The env and model a run shows: the person's edit, else what its rows said. */
export function runIdentity(run: ImportRun): { env: string | null; envFrom: NameSource | null; model: string | null; modelFrom: NameSource | null } {
  return {
    env: run.edited.env ?? run.derived.env.value,
    envFrom: run.edited.env ? 'edited' : run.derived.env.from,
    model: run.edited.model ?? run.derived.model.value,
    modelFrom: run.edited.model ? 'edited' : run.derived.model.from,
  };
}

/** One name over many rows: the first row's, marked mixed when another row says otherwise. */
export function agree(rows: readonly { value: string | null; from: NameSource | null }[]): NamedBy {
  const named = rows.filter((r) => r.value !== null);
  const first = named[0];
  if (!first) return { value: null, from: null, mixed: false };
  return { value: first.value, from: first.from, mixed: named.some((r) => r.value !== first.value) };
}

const SOURCES: readonly NameSource[] = ['trace', 'inspect log', 'metadata.json', 'row', 'folder', 'file name', 'edited'];

function readNamed(v: unknown, at: string): NamedBy {
  if (!isJsonObject(v)) throw new Error(`${at}: expected an object`);
  const value = v.value === null || typeof v.value === 'string' ? v.value : fail(`${at}.value: expected a string or null`);
  const from = v.from === null ? null : (SOURCES.find((s) => s === v.from) ?? fail(`${at}.from: not a known source`));
  return { value, from, mixed: v.mixed === true };
}

function fail(message: string): never {
  throw new Error(message);
}

const str = (v: unknown, at: string): string => (typeof v === 'string' ? v : fail(`${at}: expected a string`));
const num = (v: unknown, at: string): number => (typeof v === 'number' && Number.isFinite(v) ? v : fail(`${at}: expected a number`));
const strOrNull = (v: unknown, at: string): string | null => (v === null || v === undefined ? null : str(v, at));

function readRun(v: unknown): ImportRun {
  if (!isJsonObject(v)) fail('run: expected an object');
  const derived = isJsonObject(v.derived) ? v.derived : fail('run.derived: expected an object');
  const edited = isJsonObject(v.edited) ? v.edited : fail('run.edited: expected an object');
  const stored = isJsonObject(v.stored) ? v.stored : fail('run.stored: expected an object');
  return {
    id: str(v.id, 'run.id'),
    label: str(v.label, 'run.label'),
    source: str(v.source, 'run.source'),
    hash: str(v.hash, 'run.hash'),
    size: num(v.size, 'run.size'),
    importedAt: num(v.importedAt, 'run.importedAt'),
    rows: num(v.rows, 'run.rows'),
    derived: { env: readNamed(derived.env, 'run.derived.env'), model: readNamed(derived.model, 'run.derived.model') },
    edited: { env: strOrNull(edited.env, 'run.edited.env'), model: strOrNull(edited.model, 'run.edited.model') },
    hidden: Array.isArray(v.hidden) ? v.hidden.map((h, i) => str(h, `run.hidden[${i}]`)) : fail('run.hidden: expected an array'),
    stored: stored.ok === true ? { ok: true } : { ok: false, reason: str(stored.reason, 'run.stored.reason') },
    ...readHealth(v.health),
  };
}

function readHealth(v: unknown): Pick<ImportRun, 'health'> {
  if (v === undefined || v === null) return {};
  if (!isJsonObject(v)) fail('run.health: expected an object');
  if (v.state === 'opening') return { health: { state: 'opening' } };
  if (v.state === 'failed') return { health: { state: 'failed', reason: str(v.reason, 'run.health.reason') } };
  return fail('run.health.state: expected "opening" or "failed"');
}

/** Why a stored run is not read on this visit, in a sentence; null when it is read as usual. */
export function unhealthy(run: ImportRun): string | null {
  if (!run.health) return null;
  return run.health.state === 'opening'
    ? 'the page stopped while reading it on an earlier visit (it may be too large for this browser)'
    : `it could not be read on an earlier visit: ${run.health.reason}`;
}

/** A stored import read back from IndexedDB: parsed, never cast (a newer build may have written it). */
export function parseStoredImport(v: unknown): Result<StoredImport> {
  try {
    if (typeof v !== 'object' || v === null) return err('expected an object');
    const r: Record<string, unknown> = Object.fromEntries(Object.entries(v));
    if (!(r.blob instanceof Blob)) return err('blob: expected the imported file');
    const metadata = r.metadata === null || r.metadata === undefined ? null : r.metadata instanceof Blob ? r.metadata : fail('metadata: expected a file');
    return ok({ run: readRun(r.run), blob: r.blob, metadata, path: str(r.path, 'path') });
  } catch (e) {
    return err(e instanceof Error ? e.message : String(e));
  }
}

/** "1.4 MB": sizes the library states. */
export function describeBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} kB`;
  if (n < 1024 ** 3) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}

/**
 * An import's progress bar: the size read of the file's. Read whole, the file is hashed (is it one already
 * imported?) and stored — most of a second for 70 MB — and the bar says so rather than sitting at 100 %. A fetch
 * without a length says what has come.
 */
export function importProgress(job: { done: number; total: number | null }): { done: number; total: number; count: string } {
  const read = describeBytes(job.done);
  if (job.total === null) return { done: job.done, total: Math.max(job.done, 1), count: `${read} so far` };
  const count = job.done >= job.total ? `${read} read: checking it against the files kept, and keeping it` : `${read} of ${describeBytes(job.total)}`;
  return { done: job.done, total: job.total, count };
}

/** Whether a file of `size` bytes fits what the browser still grants this site; the sentence to show when it does not. */
export function quotaCheck(size: number, estimate: { usage: number; quota: number } | null): { ok: true } | { ok: false; reason: string } {
  if (!estimate) return { ok: true };
  const free = estimate.quota - estimate.usage;
  if (size <= free) return { ok: true };
  return {
    ok: false,
    reason: `the browser's storage for this site is full (${describeBytes(estimate.usage)} used of ${describeBytes(estimate.quota)}, this file needs ${describeBytes(size)}): listed for this tab only. Clear stored imports or delete runs to keep files across reloads`,
  };
}
