import { hashUnits } from '../../core/hash';
import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import { looksLikeInspectLog } from '../inspect/readRun';
import { looksLikeVfMetadata } from './metadata';

export type RecordKind = 'vf' | 'native' | 'inspect' | 'v1' | { refuse: string };

const typeName = (v: Json) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/**
 * What one parsed line or document is. Refusals name what it looks like, so
 * the message says "this is a metadata.json" rather than "bad row".
 */
export function recordKind(v: Json): RecordKind {
  if (!isJsonObject(v)) return { refuse: `a JSON ${typeName(v)}, expected one object per line (a trace or a vf-eval row)` };
  if ('prompt' in v || 'completion' in v) return 'vf';
  if ('format' in v) return 'native';
  if (looksLikeVfMetadata(v)) return { refuse: 'this is a vf-eval metadata.json, not results: open it as the metadata of its results.jsonl' };
  if (looksLikeInspectLog(v)) return 'inspect';
  if (Array.isArray(v.traces) && ('env' in v || 'task' in v)) return 'v1';
  return { refuse: `neither a trace nor a vf-eval row (keys: ${keyList(v)})` };
}

/** A row's value in a document of columns: one list entry per row. */
const perRow = (v: Json): boolean => Array.isArray(v) || typeof v === 'string';

/**
 * A document of columns: one object whose `prompt` (or `completion`) is a list with one conversation per row, each
 * other column a list as long, and `metrics` a map of such lists — what `json.dump` of verifiers' `GenerateOutputs`
 * (`env.evaluate(…)`) or a Dataset's `to_dict()` writes. A vf-eval row has a list of message objects there, never a
 * list of lists or strings, so the two cannot be confused. Its rows, and the keys that are not per row (a run's
 * `metadata`, say), or null when it is not one; a column of another length refuses the whole document.
 */
export function columnRows(v: JsonObject): { rows: JsonObject[]; other: string[] } | { refuse: string } | null {
  const lead = Array.isArray(v.prompt) ? 'prompt' : Array.isArray(v.completion) ? 'completion' : null;
  const first = lead === null ? null : (v[lead] as Json[]);
  if (first === null || first.length === 0 || !first.every(perRow)) return null;
  const n = first.length;
  const rows = first.map((): JsonObject => ({}));
  const other: string[] = [];
  for (const [key, column] of Object.entries(v)) {
    if (Array.isArray(column)) {
      if (column.length !== n)
        return { refuse: `a document of columns whose "${key}" has ${column.length} values where "${lead}" has ${n}: its rows cannot be lined up` };
      column.forEach((x, i) => (rows[i]![key] = x));
    } else if (key === 'metrics' && isJsonObject(column) && Object.values(column).every((m) => Array.isArray(m) && m.length === n)) {
      const names = Object.entries(column) as [string, Json[]][];
      rows.forEach((row, i) => (row.metrics = Object.fromEntries(names.map(([name, m]) => [name, m[i]!]))));
    } else other.push(key);
  }
  return { rows, other };
}

function keyList(o: JsonObject): string {
  const keys = Object.keys(o);
  return keys.length === 0 ? 'none' : keys.slice(0, 8).join(', ') + (keys.length > 8 ? ', …' : '');
}

/**
 * A cheap key for spotting a repeated line: its length, start, end and a
 * sample of every 17th character. Hashing whole lines cost more than parsing
 * them, so this is a heuristic: a collision only produces a warning, never a
 * dropped row.
 */
export function lineKey(text: string): string {
  const n = text.length;
  // Hashed where they stand: the slices and the sample's string cost more than the hashing (~200 ms of a 10,000-row
  // file's import in a profile of Chromium's worker; 148 → 63 ms in Node).
  return `${n}.${hashUnits(text, 0, Math.min(512, n), 1)}.${hashUnits(text, Math.max(0, n - 512), n, 1)}.${hashUnits(text, 512, n - 512, 17)}`;
}

/** 1-based line of a character offset, for "at position N" from JSON.parse. */
export function lineOfOffset(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
