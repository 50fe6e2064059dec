import { isJsonObject, tryParseJson, type Json } from '../../core/json';
import { clampText } from './clamp';

/**
 * Long tool calls and results, folded to one line that expands: a finished
 * episode's 40-record submission is not six phone screens of JSON above its
 * scorecard. A fold says what it holds (counts, the first words), so a person
 * knows whether to open it.
 */
export interface Folded {
  long: boolean;
  summary: string;
}

/** More than this many lines of pretty JSON, rows or records is long. */
export const FOLD_LINES = 12;
const FOLD_CHARS = 1_500;

const lineCount = (s: string) => s.split('\n').length;

function describe(v: Json): string {
  if (Array.isArray(v)) return `${v.length} ${v.length === 1 ? 'item' : 'items'}`;
  if (isJsonObject(v)) return `{${Object.keys(v).length} keys}`;
  if (typeof v === 'string') return JSON.stringify(clampText(v.replace(/\s+/g, ' '), 60));
  return JSON.stringify(v);
}

/** A call's arguments: "records: 40 items · dedupe: true". */
export function foldArguments(args: Json): Folded {
  const text = JSON.stringify(args, null, 2) ?? '';
  const long = lineCount(text) > FOLD_LINES || text.length > FOLD_CHARS;
  const summary = isJsonObject(args)
    ? Object.entries(args)
        .map(([k, v]) => `${k}: ${describe(v)}`)
        .join(' · ')
    : describe(args);
  return { long, summary: clampText(summary || 'no arguments', 160) };
}

/** A result as the agent saw it: "40 records · next_cursor: null", "25 rows × 4 columns", or its first line. */
export function foldResult(content: string): Folded {
  const parsed = tryParseJson(content);
  if (parsed.ok && isJsonObject(parsed.value)) {
    const { rows, columns, records, ...rest } = parsed.value;
    const others = Object.entries(rest).map(([k, v]) => `${k}: ${describe(v)}`);
    if (Array.isArray(rows) && Array.isArray(columns))
      return { long: rows.length > FOLD_LINES, summary: clampText([`${rows.length} rows × ${columns.length} columns`, ...others].join(' · '), 160) };
    if (Array.isArray(records)) return { long: records.length > FOLD_LINES, summary: clampText([`${records.length} records`, ...others].join(' · '), 160) };
  }
  const text = parsed.ok ? (JSON.stringify(parsed.value, null, 2) ?? '') : content;
  const first = text.split('\n').find((l) => l.trim() !== '') ?? '';
  return {
    long: lineCount(text) > FOLD_LINES * 1.5 || text.length > FOLD_CHARS,
    summary: `${clampText(first.trim(), 100)} (${lineCount(text)} ${lineCount(text) === 1 ? 'line' : 'lines'})`,
  };
}
