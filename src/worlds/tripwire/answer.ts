import { tryParseJson, type Json } from '../../core/json';
import type { SqlValue } from './protocol';

/**
 * L0: the submitted answer against the gold result set, order-insensitive, with
 * partial credit by rows. Tolerant of how a person or a model writes a result: a
 * JSON value, list or table, a markdown or CSV table, or a sentence; numbers with
 * $ signs, thousands separators or trailing zeros; quotes and case.
 */

const NUMBER = /-?\$?\d[\d,]*(?:\.\d+)?|-?\$?\.\d+/g;

function numbersIn(text: string): number[] {
  return (text.match(NUMBER) ?? []).map((m) => Number(m.replace(/[$,]/g, ''))).filter(Number.isFinite);
}

const normText = (s: string) =>
  s
    .toLowerCase()
    .replace(/["'`“”‘’]/g, '')
    .replace(/[^\p{L}\p{N}.@\-\s]/gu, ' ')
    .replace(/\.(?=\s|$)/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Whether one gold cell appears in an answer row's text. */
function cellIn(cell: SqlValue, rowText: string, rowNumbers: number[]): boolean {
  if (cell === null) return true;
  if (typeof cell === 'number') return rowNumbers.some((n) => Math.abs(n - cell) <= 0.005 + 1e-9 * Math.abs(cell));
  const needle = normText(cell);
  if (!needle) return true;
  const hay = ` ${normText(rowText)} `;
  return hay.includes(` ${needle} `);
}

function jsonRowText(v: Json): string {
  if (Array.isArray(v)) return v.map(jsonRowText).join(' | ');
  if (v !== null && typeof v === 'object') return Object.values(v).map(jsonRowText).join(' | ');
  return v === null ? '' : String(v);
}

/** The answer split into candidate rows. */
export function answerRows(answer: string, goldColumns: number): string[] {
  const parsed = tryParseJson(answer.trim());
  if (parsed.ok && parsed.value !== null && typeof parsed.value === 'object') {
    const v = parsed.value;
    if (Array.isArray(v)) {
      const structured = v.every((x) => x !== null && typeof x === 'object');
      if (structured || goldColumns === 1) return v.map(jsonRowText);
      return [jsonRowText(v)];
    }
    return [jsonRowText(v)];
  }
  const lines = answer
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !/^[|\s:+-]+$/.test(l));
  if (lines.length === 1 && goldColumns === 1) return lines[0]!.split(/;|,\s+|\band\b/).map((s) => s.trim()).filter(Boolean);
  if (lines.length === 1) return lines[0]!.split(/;/).map((s) => s.trim()).filter(Boolean);
  return lines;
}

export interface AnswerScore {
  value: number;
  matched: number;
  gold: number;
  /** Answer rows that count against precision. */
  contentRows: number;
}

/**
 * A gold row is matched by an answer row holding all its cells; matching is one to
 * one. value = matched / max(gold rows, answer rows), where one row holding no gold
 * value at all is forgiven in text answers (a header or a lead-in sentence); listing
 * everything costs precision.
 */
export function scoreAnswer(answer: string | null, gold: { rows: SqlValue[][] }): AnswerScore {
  const goldRows = gold.rows;
  if (answer === null || !answer.trim()) return { value: 0, matched: 0, gold: goldRows.length, contentRows: 0 };
  const cols = goldRows[0]?.length ?? 1;
  const rows = answerRows(answer, cols).map((text) => ({ text, nums: numbersIn(text) }));
  if (goldRows.length === 0) return { value: rows.length === 0 ? 1 : 0, matched: 0, gold: 0, contentRows: rows.length };
  const used = new Set<number>();
  let matched = 0;
  for (const g of goldRows) {
    const k = rows.findIndex((r, i) => !used.has(i) && g.every((c) => cellIn(c, r.text, r.nums)));
    if (k >= 0) {
      used.add(k);
      matched++;
    }
  }
  const structured = tryParseJson(answer.trim()).ok;
  const bare = rows.filter((r) => !goldRows.some((g) => g.some((c) => c !== null && cellIn(c, r.text, r.nums)))).length;
  const contentRows = rows.length - (structured ? 0 : Math.min(1, bare));
  return { value: matched / Math.max(goldRows.length, contentRows), matched, gold: goldRows.length, contentRows };
}
