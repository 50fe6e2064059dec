import { tryParseJson, type Json } from './json';

/** One cell of a gold row: what a SQL result or a page shows. */
export type Cell = number | string | null;

/**
 * L0 of tripwire and web-portal: the submitted answer against the gold result set, as a set of rows,
 * order-insensitive, with partial credit. Format-blind: a JSON value, list,
 * object or records, a markdown or CSV table, a list on one line, a sentence;
 * numbers with $ signs, thousands separators or trailing zeros; quotes and case.
 *
 * Shotgun-proof: an answer row matches a gold row only when it holds every gold
 * cell and no competing candidate (another number, or another value of the same
 * kind as a gold text cell — another city, another customer); and rows beyond
 * the gold's count cost precision quadratically, so listing every candidate
 * scores near 0 however it is laid out.
 */

export interface Gold {
  rows: Cell[][];
  /**
   * Known values of each kind of text the database holds (customer names,
   * cities, statuses…): another value of a gold cell's kind in the same row is a
   * competing candidate.
   */
  vocabularies?: readonly (readonly string[])[];
  /** The question: numbers it names (a year, an order id) are not candidates. */
  context?: string;
}

export interface AnswerScore {
  value: number;
  matched: number;
  gold: number;
  /** Answer rows that carry a candidate value: what precision counts. */
  contentRows: number;
  /** Rows that held every cell of a gold row beside a competing candidate. */
  hedged: number;
}

const NUMBER = /-?\$?\d[\d,]*(?:\.\d+)?|-?\$?\.\d+/g;
// Dates and times are labels, not amounts or counts: "placed 2025-03-14" names no candidate.
const DATE = /\b\d{4}-\d{1,2}(?:-\d{1,2})?(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?\b/g;

function numbersIn(text: string): number[] {
  return (text.replace(DATE, ' ').match(NUMBER) ?? [])
    .map((m) => {
      // "1,234.50" is one number; "19,22" (a list without spaces) is two.
      const thousands = /^-?\$?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(m);
      return thousands ? [Number(m.replace(/[$,]/g, ''))] : m.split(',').filter(Boolean).map((p) => Number(p.replace(/\$/g, '')));
    })
    .flat()
    .filter(Number.isFinite);
}

const normText = (s: string) =>
  s
    .toLowerCase()
    .replace(/["'`“”‘’]/g, '')
    .replace(/[^\p{L}\p{N}.@\-\s]/gu, ' ')
    .replace(/\.(?=\s|$)/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const sameNumber = (a: number, b: number) => Math.abs(a - b) <= 0.005 + 1e-9 * Math.abs(b);

/** Whether `needle` (normalised) occurs in `hay` (normalised, padded) as whole words. */
const hasWords = (hay: string, needle: string) => needle !== '' && hay.includes(` ${needle} `);

/** One answer row, read once: its words and its numbers. */
interface Row {
  words: string;
  nums: number[];
}

function rowOf(text: string): Row {
  return { words: ` ${normText(text)} `, nums: numbersIn(text) };
}

function jsonText(v: Json): string {
  if (Array.isArray(v)) return v.map(jsonText).join(' | ');
  if (v !== null && typeof v === 'object') return Object.values(v).map(jsonText).join(' | ');
  return v === null ? '' : String(v);
}

// Splits one line into list items: ";", ", " (not the comma in 1,234), " and ", " or ", " | ".
const ITEM_SPLIT = /;|,(?!\d{3}(?:\D|$))|\s(?:and|or|&)\s|\s\|\s|\t/i;

function items(line: string): string[] {
  return line.split(ITEM_SPLIT).map((s) => s.trim()).filter(Boolean);
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

/**
 * The ways an answer can be read as rows. Every reading keeps all of the answer,
 * so taking the best-scoring one cannot hide a candidate.
 */
export function readings(answer: string): string[][] {
  const trimmed = answer.trim();
  const parsed = tryParseJson(trimmed);
  if (parsed.ok && typeof parsed.value === 'string') return readings(parsed.value);
  if (parsed.ok && parsed.value !== null && typeof parsed.value === 'object') {
    const v = unwrap(parsed.value);
    if (Array.isArray(v)) {
      const perItem = v.map(jsonText);
      return v.some((x) => x !== null && typeof x === 'object') ? [perItem] : [perItem, [jsonText(v)]];
    }
    if (v !== null && typeof v === 'object') {
      const pairs = Object.entries(v).map(([k, x]) => `${k} | ${jsonText(x)}`);
      return [[jsonText(v)], pairs];
    }
    return [[jsonText(v)]];
  }
  const lines = answer
    .split(/\r?\n/)
    .map((l) => l.trim().replace(/^(?:[-*•]|\d+[.)])\s+(?=\S)/, ''))
    .filter((l) => l && !/^[|\s:+-]+$/.test(l));
  const split = lines.flatMap(items);
  return split.length === lines.length ? [lines] : [lines, split];
}

// Words that offer a second answer, even one that names nothing real ("Ada or someone else").
const HEDGE_WORDS = / (?:or|either|maybe|perhaps|possibly) /;

/** What a row says about one gold row: a match, a hedge (a match beside a rival), or neither. */
function judge(row: Row, gold: Cell[], rivals: (cell: string) => readonly string[], context: number[]): 'match' | 'hedge' | null {
  let rest = row.words;
  for (const cell of gold) {
    if (cell === null) continue;
    if (typeof cell === 'number') {
      if (!row.nums.some((n) => sameNumber(n, cell))) return null;
      continue;
    }
    const needle = normText(cell);
    if (!hasWords(row.words, needle)) return null;
    rest = rest.replaceAll(` ${needle} `, ' | ');
  }
  const goldNums = gold.filter((c): c is number => typeof c === 'number');
  // A list of names has no number to compete with: "4 customers never ordered: …" names a count, not a rival.
  // The same amount in cents ("$297.61 (29761 cents)") is not a second candidate.
  const extraNumber = goldNums.length > 0 && row.nums.some((n) => !goldNums.some((g) => sameNumber(n, g) || sameNumber(n, Math.round(g * 100))) && !context.some((c) => sameNumber(n, c)));
  const rivalText = gold.some((cell) => typeof cell === 'string' && rivals(cell).some((r) => hasWords(rest, r)));
  return extraNumber || rivalText || HEDGE_WORDS.test(rest) ? 'hedge' : 'match';
}

/** Values of the gold's own kinds the row names, and its numbers not from the question (when the gold has numbers). */
function carries(row: Row, vocab: readonly string[], context: number[], numeric: boolean): { values: string[]; numbers: number[] } {
  return {
    values: vocab.filter((v) => hasWords(row.words, v)),
    numbers: numeric ? row.nums.filter((n) => !context.some((c) => sameNumber(n, c))) : [],
  };
}

function scoreRows(texts: string[], gold: Gold): AnswerScore {
  const goldRows = gold.rows;
  const vocabs = (gold.vocabularies ?? []).map((v) => v.map(normText).filter(Boolean));
  const goldTexts = goldRows.flatMap((g) => g.filter((c): c is string => typeof c === 'string').map(normText));
  // Only the kinds the gold is made of are candidates: a tier named in a revenue answer is prose.
  const kinds = [...new Set(vocabs.filter((v) => goldTexts.some((t) => v.includes(t))).flat())];
  const numeric = goldRows.some((g) => g.some((c) => typeof c === 'number'));
  const context = numbersIn(gold.context ?? '');
  const rivals = (cell: string) => {
    const n = normText(cell);
    return vocabs.find((v) => v.includes(n))?.filter((x) => x !== n && !n.includes(x)) ?? [];
  };
  const goldKeys = new Set(goldTexts);
  const rows = texts.map(rowOf);
  // Rows naming no candidate (a header, a lead-in, a closing sentence) are prose, and free;
  // so is "late: 0" for a category the gold leaves out (no rows means zero).
  const content = rows.filter((r) => {
    const c = carries(r, kinds, context, numeric);
    if (c.values.length === 0 && c.numbers.length === 0) return false;
    const zeroForAbsentKey = c.values.length > 0 && c.values.every((v) => !goldKeys.has(v)) && c.numbers.length > 0 && c.numbers.every((n) => n === 0);
    return !zeroForAbsentKey;
  });
  const used = new Set<number>();
  let matched = 0;
  let hedged = 0;
  for (const g of goldRows) {
    let k = -1;
    let sawHedge = false;
    content.forEach((r, i) => {
      if (k >= 0 || used.has(i)) return;
      const verdict = judge(r, g, rivals, context);
      if (verdict === 'match') k = i;
      else if (verdict === 'hedge') sawHedge = true;
    });
    if (k >= 0) {
      used.add(k);
      matched++;
    } else if (sawHedge) hedged++;
  }
  const G = goldRows.length;
  if (G === 0) return { value: content.length === 0 ? 1 : 0, matched: 0, gold: 0, contentRows: content.length, hedged: 0 };
  const precision = G / Math.max(G, content.length);
  return { value: (matched / G) * precision * precision, matched, gold: G, contentRows: content.length, hedged };
}

/**
 * value = (matched gold rows / gold rows) × (gold rows / max(gold rows, content rows))².
 * Honest partial answers keep their share; one extra row in a one-row question
 * halves the precision and so quarters the credit.
 */
export function scoreAnswer(answer: string | null, gold: Gold): AnswerScore {
  const empty: AnswerScore = { value: 0, matched: 0, gold: gold.rows.length, contentRows: 0, hedged: 0 };
  if (answer === null || !answer.trim()) return empty;
  let best: AnswerScore | null = null;
  for (const texts of readings(answer)) {
    const s = scoreRows(texts, gold);
    if (!best || s.value > best.value) best = s;
  }
  return best ?? empty;
}
