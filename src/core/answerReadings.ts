import { labelled } from './answerNumbers';
import { AGENT_JSON_DEPTH, tryParseJson, type Json } from './json';

/**
 * The ways an answer's text can be read as rows, for `answer.ts`. Each reading
 * keeps all of the answer — it only cuts it into rows differently — so taking
 * the best-scoring one cannot hide a candidate: a row holding two candidates is
 * a hedge, and every extra row costs precision.
 */

function jsonText(v: Json): string {
  if (Array.isArray(v)) return v.map(jsonText).join(' | ');
  // Each scalar under its key: the key says what kind of value it is ("orders": 26), not what it is.
  if (v !== null && typeof v === 'object')
    return Object.entries(v)
      .map(([k, x]) => (x !== null && typeof x === 'object' ? jsonText(x) : labelled(k, jsonText(x))))
      .join(' | ');
  return v === null ? '' : String(v);
}

/** Drops a wrapper object such as {"answer": …} or {"results": […]}. */
function unwrap(v: Json): Json {
  let cur = v;
  while (cur !== null && typeof cur === 'object' && !Array.isArray(cur)) {
    const entries = Object.entries(cur);
    if (entries.length !== 1 || entries[0]![1] === null || typeof entries[0]![1] !== 'object') break;
    cur = entries[0]![1];
  }
  return cur;
}

function jsonReadings(value: Json): string[][] {
  if (typeof value === 'string') return readings(value);
  if (value === null || typeof value !== 'object') return [[jsonText(value)]];
  const v = unwrap(value);
  if (Array.isArray(v)) {
    const perItem = v.map(jsonText);
    return v.some((x) => x !== null && typeof x === 'object') ? [perItem] : [perItem, [jsonText(v)]];
  }
  if (v !== null && typeof v === 'object') return [[jsonText(v)], Object.entries(v).map(([k, x]) => `${k} | ${jsonText(x)}`)];
  return [[jsonText(v)]];
}

// Splits one line into list items: ";", ", " (not the comma in 1,234), " and ", " or ", " | ".
const ITEM_SPLIT = /;|,(?!\d{3}(?:\D|$))|\s(?:and|or|&)\s|\s\|\s|\t/i;
const items = (line: string, split: RegExp) =>
  line
    .split(split)
    .map((s) => s.trim())
    .filter(Boolean);

/** A sentence ends at . ! ? before a space and a capital, a digit, a sign, an opening bracket or quote ("$41.20 per order. The gold…"). */
export const SENTENCE = /(?<=[.!?])\s+(?=[\p{Lu}\p{Nd}$(“"'])/u;

const BULLET = /^(\s*)(?:[-*•+]|\d+[.)])\s+(?=\S)/;
// A separator line of a markdown table, a fence, a rule: no content.
const isRule = (l: string) => /^[|\s:+=_-]*$/.test(l) || /^(?:`{3,}|~{3,})[\w-]*$/.test(l);
const KEY = /^\s*(?:[-*•+]\s+)?[*_]{0,2}([^:*_]{1,60}?)[*_]{0,2}\s*:(?:\s|$)/;

/**
 * Lines grouped into records, as YAML and `key: value` blocks write one row
 * over several lines: a record ends at a blank line, before a key it already
 * has, and (YAML lists) before a bullet at the outer indent — or not, where the
 * bullets are the fields of one record ("- **customer**: …\n- **total**: …").
 */
function records(raw: string[], bulletsSplit: boolean): string[] {
  const out: string[] = [];
  let cur: string[] = [];
  let keys = new Set<string>();
  let outer: number | null = null;
  const flush = () => {
    if (cur.length) out.push(cur.join(' | '));
    cur = [];
    keys = new Set();
  };
  for (const line of raw) {
    if (!line.trim() || isRule(line.trim())) {
      if (!line.trim()) flush();
      continue;
    }
    const bullet = BULLET.exec(line);
    const indent = bullet ? bullet[1]!.length : null;
    if (indent !== null) outer ??= indent;
    const key = KEY.exec(line)?.[1]?.trim().toLowerCase();
    if ((bulletsSplit && indent !== null && indent <= outer!) || (key !== undefined && keys.has(key))) flush();
    cur.push(line.trim().replace(BULLET, ''));
    if (key !== undefined) keys.add(key);
  }
  flush();
  return out;
}

/** An HTML table as text: a row per line, cells apart. */
function htmlAsText(answer: string): string {
  return answer
    .replace(/<\/t[dh]\s*>/gi, ' | ')
    .replace(/<\/tr\s*>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .join('\n');
}

/** The cells of a table line: markdown or HTML ("a | b"), else CSV (quotes honoured); null for a line of one cell. */
function cellsOf(line: string, piped: boolean): string[] | null {
  if (piped) {
    if (!line.includes('|')) return null;
    return line
      .replace(/^\|/, '')
      .replace(/\|\s*$/, '')
      .split('|')
      .map((c) => c.trim());
  }
  const cells: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === '"' && (quoted ? line[i + 1] !== '"' : cur.trim() === '')) quoted = !quoted;
    else if (ch === '"' && quoted) cur += line[++i]!;
    else if (ch === ',' && !quoted) {
      cells.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  cells.push(cur.trim());
  return cells.length > 1 ? cells : null;
}

/**
 * A table (markdown, HTML, CSV) with a header line, each cell under its
 * column's label: the label says what kind of value a cell is ("rank",
 * "orders"), never what it is. Null when the lines hold no such table.
 */
function labelledTable(lines: string[]): string[] | null {
  const piped = lines.some((l) => l.includes('|'));
  const at = lines.findIndex((l) => cellsOf(l, piped) !== null);
  if (at < 0) return null;
  const header = cellsOf(lines[at]!, piped)!;
  if (header.some((h) => /\d/.test(h.replace(/\([^()]*\)|\([^()]*\([^()]*\)[^()]*\)/g, ''))) || header.every((h) => !h)) return null;
  let changed = false;
  const out = lines.map((l, i) => {
    const cells = i > at ? cellsOf(l, piped) : null;
    if (!cells || cells.length !== header.length) return l;
    changed = true;
    return cells.map((c, k) => (header[k] ? labelled(header[k]!, c) : c)).join(' | ');
  });
  return changed ? out : null;
}

function textReadings(answer: string): string[][] {
  const raw = answer.split(/\r?\n/);
  const lines = raw.map((l) => l.trim().replace(BULLET, '')).filter((l) => l && !isRule(l));
  const table = labelledTable(lines);
  const out = [
    lines,
    // One sentence per row, several on a line: "The bronze tier averages $41.20. The gold tier averages $63.05."
    lines.flatMap((l) => items(l, SENTENCE)),
    lines.flatMap((l) => items(l, /;/)),
    lines.flatMap((l) => items(l, ITEM_SPLIT)),
    records(raw, true),
    records(raw, false),
    ...(table ? [table] : []),
  ];
  const seen = new Set<string>();
  return out.filter((r) => {
    const key = JSON.stringify(r);
    return !seen.has(key) && (seen.add(key), true);
  });
}

const FENCE = /^[ \t]*(?:```|~~~)[\w-]*[ \t]*\r?\n([\s\S]*?)\r?\n[ \t]*(?:```|~~~)[ \t]*$/gm;

/** The ways an answer can be read as rows. */
export function readings(answer: string): string[][] {
  const trimmed = answer.trim();
  const parsed = tryParseJson(trimmed, AGENT_JSON_DEPTH);
  if (parsed.ok) return jsonReadings(parsed.value);
  // JSON in a code fence, with prose around it: the prose stays, as rows of its own.
  const blocks: Json[] = [];
  const outside = trimmed.replace(FENCE, (m, body: string) => {
    const inner = tryParseJson(body.trim(), AGENT_JSON_DEPTH);
    if (!inner.ok) return m;
    blocks.push(inner.value);
    return '\n';
  });
  if (blocks.length > 0) {
    const rest = textReadings(outside)[0]!;
    const each = blocks.map(jsonReadings);
    const n = Math.max(...each.map((r) => r.length));
    return Array.from({ length: n }, (_, i) => [...rest, ...each.flatMap((r) => r[Math.min(i, r.length - 1)]!)]);
  }
  return textReadings(/<t[dhr][\s>]/i.test(trimmed) ? htmlAsText(trimmed) : trimmed);
}
