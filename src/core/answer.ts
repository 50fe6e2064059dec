import { allNumbersIn, countNoun, kindClass, numbersWithKinds, sameNumber, withoutLabels, type Kind } from './answerNumbers';
import { LIMITS, overLimit } from './limits';
import { readings, SENTENCE } from './answerReadings';
import { plainSpelling } from './answerSpelling';
import { AGENT_JSON_DEPTH, tryParseJson } from './json';

/** One cell of a gold row: what a SQL result or a page shows. */
export type Cell = number | string | null;

/**
 * L0 of tripwire and web-portal: the submitted answer against the gold result
 * set, as a set of rows, order-insensitive, with partial credit. Format-blind
 * (`answerReadings.ts`: JSON, fenced JSON, tables, CSV, YAML, `key: value`,
 * lists, prose; `answerNumbers.ts`: $, thousands, numbers in words) and
 * shotgun-proof: every value in the answer is either a *candidate* — offered as
 * the answer, so it can match a gold cell or compete with one — or *context*,
 * which can do neither. A gold row matches an answer row that holds its cells
 * and no competing candidate; a number competes only if it is the same kind of
 * quantity as the gold value it sits beside (`offKind`: "$277.17 (1 refund)",
 * "5 (71.4%)", a "rank" or "orders" column, "3 orders (2 delivered, 1 shipped)"
 * hold context, "$277.17, $250.10" a rival); rows beyond the gold's count cost precision
 * quadratically. CONTEXT.md ("Reading answers") says what is context and why
 * no shotgun passes.
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
  /** Candidate rows in the answer, what precision counts: a row offering several values of a kind counts once per value. */
  contentRows: number;
  /** Rows that held every cell of a gold row beside a competing candidate. */
  hedged: number;
  /** Why the answer was not read: longer than the answerChars limit, or a list of more numbers than any answer holds. */
  over?: string;
}

/** One spelling of a word where English has two (`canceled`, `cancelled`): the one the data uses. */
const VARIANTS: Record<string, string> = { canceled: 'cancelled', canceling: 'cancelling', cancelation: 'cancellation' };
const VARIANT = new RegExp(`\\b(?:${Object.keys(VARIANTS).join('|')})\\b`, 'g');

const normText = (s: string) =>
  s
    .normalize('NFKD')
    // Accents dropped ("Zoë", "Zoe"), hyphens between letters a space ("wrong-item"), as people write either.
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/(?<=\p{L})-(?=\p{L})/gu, ' ')
    .replace(VARIANT, (w) => VARIANTS[w]!)
    .replace(/["'`“”‘’]/g, '')
    .replace(/[^\p{L}\p{N}.@\-\s]/gu, ' ')
    .replace(/\.(?=\s|$)/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const NEGATIONS = new Set([
  'not',
  'never',
  'nor',
  'neither',
  'nothing',
  'none',
  'without',
  'cannot',
  'cant',
  'wont',
  'isnt',
  'wasnt',
  'arent',
  'werent',
  'hasnt',
  'havent',
  'hadnt',
  'didnt',
  'doesnt',
  'dont',
]);
const FILLERS = new Set([
  'been',
  'be',
  'being',
  'yet',
  'ever',
  'get',
  'got',
  'actually',
  'currently',
  'marked',
  'set',
  'as',
  'was',
  'were',
  'is',
  'are',
  'has',
  'have',
  'had',
]);

/** Whether the words before a value negate it: "not issued", "has never been issued", "no refund was issued". */
function negated(before: string): boolean {
  const toks = before.trim().split(' ');
  let i = toks.length - 1;
  let skipped = 0;
  while (i >= 0 && skipped < 3 && FILLERS.has(toks[i]!)) {
    i--;
    skipped++;
  }
  if (i >= 0 && NEGATIONS.has(toks[i]!)) return true;
  return skipped > 0 && i >= 1 && toks[i - 1] === 'no';
}

/** Whether `needle` (normalised) occurs in `hay` (normalised, padded) as whole words, at least once not negated. */
function affirmed(hay: string, needle: string): boolean {
  if (!needle) return false;
  for (let at = hay.indexOf(` ${needle} `); at >= 0; at = hay.indexOf(` ${needle} `, at + 1)) if (!negated(hay.slice(0, at + 1))) return true;
  return false;
}

/**
 * The spellings of a name a row may use: as given, and surname first (`Kowal, Quinn`
 * for `Quinn Kowal`; the comma is gone once normalised) for a name of two or three words.
 */
const SPELLINGS = new Map<string, readonly string[]>();
function spellings(needle: string): readonly string[] {
  let out = SPELLINGS.get(needle);
  if (!out) {
    const words = needle.split(' ');
    const name = words.length >= 2 && words.length <= 3 && words.every((w) => /^\p{L}[\p{L}'-]*$/u.test(w));
    out = name ? [needle, [words.at(-1)!, ...words.slice(0, -1)].join(' ')] : [needle];
    // Needles are gold cells and vocabulary entries, a few hundred per world: the cache stays small.
    if (SPELLINGS.size < 10_000) SPELLINGS.set(needle, out);
  }
  return out;
}

/** Whether the row names `needle` in any of its spellings, affirmed. */
const names = (hay: string, needle: string) => spellings(needle).some((n) => affirmed(hay, n));

/** A candidate number and the kind of quantity the answer says it is (`answerNumbers.ts`). */
interface Num {
  value: number;
  kind: Kind;
}

/** One answer row, read once: its words (a reading's labels aside) and its candidate numbers. */
interface Row {
  words: string;
  nums: number[];
  occ: Num[];
}

function rowOf(text: string): Row {
  const occ = numbersWithKinds(text);
  return { words: ` ${normText(withoutLabels(text))} `, nums: occ.map((o) => o.value), occ };
}

/** What a gold makes of every row: its kinds of text, the numbers that are context, who competes with whom. */
interface Reader {
  gold: Cell[][];
  /** The vocabularies a gold text cell belongs to: only these kinds are candidates. */
  kinds: string[][];
  numeric: boolean;
  /** Every number of the gold. */
  goldNums: number[];
  /** Numbers the question names. */
  context: number[];
  /** A numeric column's total (gold of several rows): context in a row that says it is the total. */
  totals: number[];
  /** Whether the question asks for a percentage or a rank: then those kinds may compete with a bare number. */
  asks: Set<string>;
  /** Cells per gold row: how many numbers one answer row may offer before it counts as several. */
  width: number;
  goldKeys: Set<string>;
  rivals(cell: string): readonly string[];
  /** A text read as a row, once per answer: readings share most of their rows. */
  row(text: string): Row;
}

function readerOf(gold: Gold): Reader {
  const vocabs = (gold.vocabularies ?? []).map((v) => v.map(normText).filter(Boolean));
  const goldTexts = gold.rows.flatMap((g) => g.filter((c): c is string => typeof c === 'string').map(normText));
  const goldNums = gold.rows.flat().filter((c): c is number => typeof c === 'number');
  const totals: number[] = [];
  const width = Math.max(0, ...gold.rows.map((r) => r.length));
  for (let c = 0; c < width && gold.rows.length > 1; c++) {
    const col = gold.rows.map((r) => r[c]);
    if (col.every((x) => typeof x === 'number')) totals.push((col as number[]).reduce((a, b) => a + b, 0));
  }
  const rows = new Map<string, Row>();
  return {
    row: (text) => {
      let row = rows.get(text);
      if (!row) rows.set(text, (row = rowOf(text)));
      return row;
    },
    gold: gold.rows,
    kinds: vocabs.filter((v) => goldTexts.some((t) => v.includes(t))),
    numeric: goldNums.length > 0,
    goldNums,
    context: allNumbersIn(gold.context ?? ''),
    asks: new Set([
      ...(/\b(?:percent|percentage|share|proportion)\b|%/i.test(gold.context ?? '') ? ['percent'] : []),
      ...(/\b(?:rank|ranks|ranked|position|place)\b/i.test(gold.context ?? '') ? ['rank'] : []),
    ]),
    totals: totals.filter((t) => !goldNums.some((g) => sameNumber(t, g))),
    width: Math.max(1, width),
    goldKeys: new Set(goldTexts),
    rivals: (cell) => {
      const n = normText(cell);
      return vocabs.find((v) => v.includes(n))?.filter((x) => x !== n && !n.includes(x)) ?? [];
    },
  };
}

const TOTAL_LABEL = / (?:total|totals|sum|overall|all) /;

/** A number the question named, or the column's total in a row labelled as such ("Total: 80"). */
const isContext = (r: Reader, row: Row, n: number) =>
  r.context.some((c) => sameNumber(n, c)) || (TOTAL_LABEL.test(row.words) && r.totals.some((t) => sameNumber(n, t)));

// Words that offer a second answer, even one that names nothing real ("Ada or someone else").
const HEDGE_WORDS = / (?:or|either|maybe|perhaps|possibly|probably|alternatively) /;

/** What a row says about one gold row: a match, a hedge (a match beside a rival), or neither. */
function judge(row: Row, gold: Cell[], r: Reader): 'match' | 'hedge' | null {
  let rest = row.words;
  for (const cell of gold) {
    if (cell === null) continue;
    if (typeof cell === 'number') {
      if (!row.nums.some((n) => sameNumber(n, cell))) return null;
      continue;
    }
    const needle = normText(cell);
    if (!names(row.words, needle)) return null;
    for (const n of spellings(needle)) rest = rest.replaceAll(` ${n} `, ' | ');
  }
  const goldNums = gold.filter((c): c is number => typeof c === 'number');
  // A list of names has no number to compete with: "4 customers never ordered: …" names a count, not a rival.
  // The same amount in cents ("$297.61 (29761 cents)") is not a second candidate.
  // A number of another kind than the asked one ("$277.17 (1 refund)", "5 (71.4%)") is context, not a rival.
  const off = offKind(row, goldNums, r);
  const extraNumber =
    goldNums.length > 0 &&
    row.occ.some(
      (o, i) =>
        !off[i] &&
        !goldNums.some((g) => sameNumber(o.value, g) || (sameNumber(o.value, Math.round(g * 100)) && restated(row, o.value))) &&
        !isContext(r, row, o.value),
    );
  const rivalText = gold.some((cell) => typeof cell === 'string' && r.rivals(cell).some((x) => names(rest, x)));
  return extraNumber || rivalText || HEDGE_WORDS.test(rest) ? 'hedge' : 'match';
}

/**
 * Whether a number may stand for the same value as `anchor`, one the row offers
 * for a gold cell: a number of unknown kind always may; else both must be the
 * same class of quantity (amount, percent, rank, count, time). An anchor of
 * unknown kind is any plain quantity — not a percentage or a rank unless the
 * question asks for one, and not a count or a duration when it has decimals.
 */
function compatible(anchor: Num, o: Num, r: Reader): boolean {
  const b = kindClass(o.kind);
  if (b === null) return true;
  const a = kindClass(anchor.kind);
  // Identifiers compete only with identifiers of the same thing: "order 1033" and "customer 18" are two things.
  if (a === 'id' && b === 'id') return anchor.kind === o.kind || anchor.kind === 'id:?' || o.kind === 'id:?';
  if (a !== null) return a === b;
  if ((b === 'percent' || b === 'rank') && !r.asks.has(b)) return false;
  return Number.isInteger(anchor.value) || (b !== 'count' && b !== 'time');
}

/**
 * Per number of the row, whether it is context by its kind: the row offers gold
 * values (anchors), and the number is of a kind none of them is, or it is a part
 * of a breakdown — counts of other nouns that add up to an anchor ("3 orders
 * (2 delivered, 1 shipped)"). A same-kind alternative stays a rival.
 */
function offKind(row: Row, goldNums: readonly number[], r: Reader): boolean[] {
  const anchors = row.occ.filter((o) => goldNums.some((g) => sameNumber(o.value, g)));
  const off = row.occ.map((o) => o.kind !== null && anchors.length > 0 && anchors.every((a) => !compatible(a, o, r)));
  for (const a of anchors) {
    if (!Number.isInteger(a.value) || kindClass(a.kind) === 'amount') continue;
    const parts = row.occ
      .map((o, i) => i)
      .filter((i) => {
        const noun = countNoun(row.occ[i]!.kind);
        return noun !== null && noun !== countNoun(a.kind) && !sameNumber(row.occ[i]!.value, a.value);
      });
    const sum = parts.reduce((t, i) => t + row.occ[i]!.value, 0);
    if (parts.length >= 2 && sameNumber(sum, a.value)) for (const i of parts) off[i] = true;
  }
  return off;
}

/** The same amount in cents beside it ("$297.61 (29761 cents)"): one candidate, said twice. */
const restated = (row: Row, n: number) => Number.isInteger(n) && row.nums.some((m) => m !== n && sameNumber(Math.round(m * 100), n));

/** Candidate values of the gold's kinds the row names (per kind), and its candidate numbers when the gold has numbers. */
function carries(row: Row, r: Reader): { values: string[][]; numbers: number[] } {
  const off = r.numeric ? offKind(row, r.goldNums, r) : [];
  return {
    values: r.kinds.map((v) => v.filter((x) => names(row.words, x))),
    numbers: r.numeric ? row.occ.filter((o, i) => !off[i] && !isContext(r, row, o.value) && !restated(row, o.value)).map((o) => o.value) : [],
  };
}

/**
 * How many candidate rows an answer row is worth: 0 for prose, else one per
 * value it offers of a kind, or per row's worth of numbers — so crowding every
 * candidate into one row costs as much precision as listing them a row each.
 */
function weight(row: Row, r: Reader): number {
  const c = carries(row, r);
  const values = [...new Set(c.values.flat())];
  if (values.length === 0 && c.numbers.length === 0) return 0;
  // "late: 0" for a category the gold leaves out agrees with it: no rows means zero.
  if (values.length > 0 && values.every((v) => !r.goldKeys.has(v)) && c.numbers.length > 0 && c.numbers.every((n) => n === 0)) return 0;
  const distinct = c.numbers.filter((n, i) => c.numbers.findIndex((m) => sameNumber(m, n)) === i).length;
  return Math.max(1, ...c.values.map((v) => v.length), Math.ceil(distinct / r.width));
}

const isContent = (row: Row, r: Reader) => weight(row, r) > 0;

// A sentence after the answer that points elsewhere — a comparison, a rank, the whole, the others, a note — is commentary…
const REFERENCE =
  /\b(?:than|compared|comparison|versus|vs|(?:is|was|are|were|came|comes|ranks?|ranked|in) (?:second|third|next)|next (?:is|was|largest|highest|most|biggest|busiest|comes|up)|second[- ](?:highest|largest|most|biggest|busiest|place)|runner[- ]?ups?|(?:previous|prior|last|next) (?:month|year|week|quarter|period)|other|others|overall|in total|in all|altogether|all told|entire|whole|remaining|rest|each|per|across|out of|for reference|for context|note|nb)\b/;
// …unless it hedges (also conditionally: "17 if you include April 1"), states or revises an answer, or reports another result for it.
const NOT_COMMENTARY =
  /\b(?:answer|answers|result|results|final|correct|corrected|correction|actually|instead|rather|update|updated|revised|ie|namely|in other words|or|either|nor|maybe|perhaps|possibly|possible|probably|likely|plausible|might|could|alternatively|alternative|otherwise|else|unsure|uncertain|guess|also|too|tie|tied|same|equally|approximately|roughly|around|about|returned|returns|gave|gives|got|found|finds|showed|shows|says|said|suggests|suggested|reports|reported|estimate|estimated|counted|computed|calculated|query|queries|if|unless|depending|depends|assuming)\b/;

/**
 * A sentence that names other values as context: it follows the answer, says
 * what else it is about (REFERENCE), reads as prose (three words or more
 * besides its values), names at most one row's worth of values (one per kind,
 * as many numbers as a gold row has cells), and neither hedges
 * nor states an answer. Its values stay out of the answer: they cannot match.
 */
function isCommentary(sentence: string, r: Reader): boolean {
  const row = r.row(sentence);
  const c = carries(row, r);
  const distinct = c.numbers.filter((n, i) => c.numbers.findIndex((m) => sameNumber(m, n)) === i).length;
  if (distinct > r.width || c.values.some((v) => v.length > 1)) return false;
  const text = row.words;
  if (!REFERENCE.test(text) || NOT_COMMENTARY.test(text) || /\bmay\b/.test(sentence)) return false;
  let prose = text;
  for (const v of r.kinds.flat()) prose = prose.replaceAll(` ${v} `, ' ');
  return prose.split(' ').filter((w) => /^\p{L}+$/u.test(w)).length >= 3;
}

/** The answer without its closing commentary, or null when it has none. */
function withoutCommentary(answer: string, r: Reader): string | null {
  if (tryParseJson(answer.trim(), AGENT_JSON_DEPTH).ok) return null;
  const lines = answer.split(/\r?\n/).map((l) => l.split(SENTENCE));
  let cut = false;
  for (let i = lines.length - 1; i >= 0; i--)
    for (let j = lines[i]!.length - 1; j >= 0; j--) {
      const s = lines[i]![j]!;
      if (!isContent(r.row(s), r)) continue;
      if (!isCommentary(s, r)) return cut ? lines.map((l) => l.join(' ')).join('\n') : null;
      lines[i]![j] = '';
      cut = true;
    }
  return null;
}

/**
 * Whether another row gives a matched gold row's label another value: "Bronze averages
 * $41.20. … Bronze could also be $42.00." A hedge is two values offered for one label
 * wherever they are written. The other row must name that row's labels and no other
 * gold row's (a sentence comparing two tiers is not one tier's answer), and offer a
 * candidate number of the kind the matched row gave (`compatible`: "Bronze orders: 12"
 * beside "$41.20" is context).
 */
function rivalledElsewhere(content: readonly Row[], k: number, g: readonly Cell[], r: Reader): boolean {
  const labels = g.filter((c): c is string => typeof c === 'string').map(normText);
  const nums = g.filter((c): c is number => typeof c === 'number');
  if (labels.length === 0 || nums.length === 0) return false;
  const others = r.gold.flatMap((o) => o.filter((c): c is string => typeof c === 'string').map(normText)).filter((l) => !labels.includes(l));
  const anchors = content[k]!.occ.filter((o) => nums.some((n) => sameNumber(o.value, n)));
  return content.some((row, j) => {
    if (j === k || !labels.every((l) => names(row.words, l)) || others.some((l) => names(row.words, l))) return false;
    const off = offKind(row, nums, r);
    return row.occ.some(
      (o, i) =>
        !off[i] &&
        !nums.some((n) => sameNumber(o.value, n)) &&
        !isContext(r, row, o.value) &&
        !restated(row, o.value) &&
        anchors.every((a) => compatible(a, o, r)),
    );
  });
}

function scoreRows(texts: string[], r: Reader): AnswerScore {
  const weighed = texts.map(r.row).map((row) => ({ row, w: weight(row, r) }));
  // Rows naming no candidate (a header, a lead-in, a closing sentence) are prose, and free.
  const content = weighed.filter((x) => x.w > 0).map((x) => x.row);
  const candidates = weighed.reduce((n, x) => n + x.w, 0);
  const used = new Set<number>();
  let matched = 0;
  let hedged = 0;
  for (const g of r.gold) {
    let k = -1;
    let sawHedge = false;
    content.forEach((row, i) => {
      if (k >= 0 || used.has(i)) return;
      const verdict = judge(row, g, r);
      if (verdict === 'match') k = i;
      else if (verdict === 'hedge') sawHedge = true;
    });
    if (k >= 0 && rivalledElsewhere(content, k, g, r)) {
      k = -1;
      sawHedge = true;
    }
    if (k >= 0) {
      used.add(k);
      matched++;
    } else if (sawHedge) hedged++;
  }
  const G = r.gold.length;
  if (G === 0) return { value: candidates === 0 ? 1 : 0, matched: 0, gold: 0, contentRows: candidates, hedged: 0 };
  const precision = G / Math.max(G, candidates);
  return { value: (matched / G) * precision * precision, matched, gold: G, contentRows: candidates, hedged };
}

/** More numbers than any answer of these worlds offers: read as a list, not an answer (see scoreAnswer). */
export const MAX_NUMBERS = 1000;

function countNumbers(text: string): number {
  let n = 0;
  for (let i = 0, inNumber = false; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const digit = c >= 48 && c <= 57;
    if (digit && !inNumber) n++;
    inNumber = digit;
  }
  return n;
}

/**
 * value = (matched gold rows / gold rows) × (gold rows / max(gold rows, candidate rows))².
 * Honest partial answers keep their share; one extra row in a one-row question
 * halves the precision and so quarters the credit.
 */
export function scoreAnswer(answer: string | null, gold: Gold): AnswerScore {
  const empty: AnswerScore = { value: 0, matched: 0, gold: gold.rows.length, contentRows: 0, hedged: 0 };
  if (answer === null || !answer.trim()) return empty;
  // Reading an answer takes time that grows faster than its length: a longer one, or a list of thousands of numbers
  // (a table pasted whole, a broken call; each a candidate row, so precision makes it 0 however it is read), is not read.
  if (answer.length > LIMITS.answerChars.value)
    return { ...empty, over: overLimit('answerChars', 'the answer', `${answer.length.toLocaleString('en-US')} characters`) };
  // Numbers in words, Unicode digits, locale separators and currency codes become the digits the cap counts and the reader reads.
  const text = plainSpelling(answer);
  const numbers = countNumbers(text);
  const cap = Math.max(MAX_NUMBERS, 50 * gold.rows.reduce((n, r) => n + r.length, 0));
  if (numbers > cap)
    return {
      ...empty,
      contentRows: numbers,
      over: `the answer holds ${numbers.toLocaleString('en-US')} numbers, more than the ${cap.toLocaleString('en-US')} any answer here offers: a list, not an answer`,
    };
  const r = readerOf(gold);
  const core = withoutCommentary(text, r);
  let best: AnswerScore | null = null;
  for (const whole of core === null ? [text] : [text, core])
    for (const texts of readings(whole)) {
      const s = scoreRows(texts, r);
      if (!best || s.value > best.value) best = s;
    }
  return best ?? empty;
}
