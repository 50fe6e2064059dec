/**
 * The numbers an answer offers, for `answer.ts`: digits (with $ signs and
 * thousands separators) and numbers written as words; minus what only looks
 * like a number — dates, SQL text pasted as a column label — and minus
 * numbers the text itself frames as something other than the answer ("16 of
 * 80", "more than 12", "not 17"). A framed number is context: it can neither
 * match a gold cell nor compete with one, so framing a rival gains nothing —
 * unless a condition follows it ("not 17 if refunds count"): then it is an
 * alternative answer, a hedge. Each number also has a kind (`numbersWithKinds`):
 * amount, percent, rank, count of a noun, time — what `answer.ts` compares to
 * tell a rival (same kind) from a supporting number (another kind).
 */

const NUMBER = /-?\$?\d[\d,]*(?:\.\d+)?|-?\$?\.\d+/g;
const MONTHS = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
// Dates and times are labels, not amounts or counts: "placed 2025-03-14", "in March 2025".
const DATES = [
  /\b\d{4}-\d{1,2}(?:-\d{1,2})?(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?\b/g,
  new RegExp(`\\b(?:${MONTHS})\\.?\\s+(?:\\d{1,2}(?:st|nd|rd|th)?,?\\s+)?\\d{4}\\b`, 'gi'),
];
// A result set's column label ("round(sum(o.amount_cents) / 100.0, 2)", "count(*)") is code, not a value:
// a SQL function applied to a column (an identifier or *), innermost first. "count(17)" names no column.
const SQL_CALL =
  /\b(?:count|sum|avg|round|min|max|total|coalesce|ifnull|cast|printf|abs|length|lower|upper|substr|strftime|date|julianday|group_concat)\(([^()]*)\)/gi;

function withoutSql(text: string): string {
  let t = text;
  for (let prev = ''; prev !== t;) {
    prev = t;
    t = t.replace(SQL_CALL, (m: string, arg: string) => (/[a-z_*]/i.test(arg) ? ' col ' : m));
  }
  return t;
}

const UNITS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
/** An integer from 0 to 99 in words (`twenty-one`), as answers and tests write it; null outside that range. */
export function numberInWords(n: number): string | null {
  if (!Number.isInteger(n) || n < 0 || n > 99) return null;
  if (n < 20) return UNITS[n]!;
  const tens = TENS[Math.floor(n / 10) - 2]!;
  return n % 10 === 0 ? tens : `${tens}-${UNITS[n % 10]!}`;
}
const longestFirst = (xs: readonly string[]) => [...xs].sort((a, b) => b.length - a.length).join('|');
const U = `(?:${longestFirst(UNITS)})`;
const T = `(?:${longestFirst(TENS)})`;
const N99 = `(?:${T}(?:[\\s-]+(?:${longestFirst(UNITS.slice(1, 10))}))?|${U})`;
const N999 = `(?:(?:${N99}|an?)\\s+hundred(?:\\s+(?:and\\s+)?${N99})?|${N99})`;
const WORD_NUMBER = new RegExp(`\\b(?:${N999}\\s+thousand(?:\\s+(?:and\\s+)?${N999})?|${N999})\\b`, 'gi');

function wordValue(phrase: string): number {
  let total = 0;
  let current = 0;
  for (const w of phrase.toLowerCase().split(/[\s-]+/)) {
    if (w === 'a' || w === 'an') current = 1;
    else if (w === 'hundred') current = (current || 1) * 100;
    else if (w === 'thousand') {
      total += (current || 1) * 1000;
      current = 0;
    } else if (UNITS.includes(w)) current += UNITS.indexOf(w);
    else if (TENS.includes(w)) current += (TENS.indexOf(w) + 2) * 10;
  }
  return total + current;
}

// "the one with", "no one", "one of them": a pronoun, not a count.
const PRONOUN_BEFORE = /\b(?:the|no|any|each|every|which|this|that|a|some)\s+$/i;
const PRONOUN_AFTER = /^\s+(?:of|another|who|which|that|by)\b/i;

/** Numbers written as words ("sixteen", "twenty-one", "a hundred and five") as digits. */
export function wordsToDigits(text: string): string {
  return text.replace(WORD_NUMBER, (m: string, at: number, whole: string) => {
    if (/^one$/i.test(m) && (PRONOUN_BEFORE.test(whole.slice(0, at)) || PRONOUN_AFTER.test(whole.slice(at + m.length)))) return m;
    return String(wordValue(m));
  });
}

const NUM = String.raw`[-$]*\d[\d,]*(?:\.\d+)?`;
/**
 * A condition after a number — "17 if refunds count", "4 unless …", "9 when …",
 * "12 depending on …", "17 orders in case …" — offers it as the answer under
 * other assumptions: an alternative answer (a hedge), never context, whatever
 * frame comes before it ("not counting 17 if …", "up from 4 if …", "instead of 9 if …").
 */
// Up to two words between ("17 refunded orders if …"), not a phrase of its own ("12 in February when …").
const CONDITION_AFTER = String.raw`(?![^\S\n]*(?:(?!(?:in|on|at|during|for|by|from|since|before|after|last|this|that)\b)[a-z]+[^\S\n]+){0,2}(?:if|unless|when|whenever|depending|in case|assuming|provided|should)\b)`;
/**
 * Frames that say a number is not the answer: the whole a part is taken from
 * ("16 of 80", "out of 80", "16 orders (of 80 total)", "a third of all 24"), a
 * comparison ("than 12", "up from 12", "vs 12"), what was left out or in
 * ("excluding 3"), a negation ("not 17"). Only the number right after the frame
 * is context, and only when no condition follows it (CONDITION_AFTER).
 */
const FRAMES = [
  new RegExp(
    String.raw`(\b(?:out of|than|from|versus|vs\.?|not counting|not|never|excluding|including|ignoring|without|except|besides|across|instead of|of all|of the whole|(?:half|third|quarter|fifth|tenth|fraction|share|part|portion|majority|minority|percent|per cent)\s+of)\s+(?:the\s+|all\s+|a\s+total\s+of\s+)?)(${NUM})(?![\d.,])${CONDITION_AFTER}`,
    'gi',
  ),
  new RegExp(String.raw`(\d\s*(?:[a-z]+\s+){0,2}\(?\s*of\s+(?:the\s+|all\s+|a\s+total\s+of\s+)?)(${NUM})(?![\d.,])${CONDITION_AFTER}`, 'gi'),
];

/** A label an answer's reading puts before a value: a JSON key or a table column (`answerReadings.ts`). Not text of the answer. */
export const LABEL = /\u27e8([^\u27e8\u27e9]*)\u27e9/g;
export const labelled = (label: string, value: string) => `\u27e8${label.replace(/[^\p{L}_ ]+/gu, ' ').trim()}\u27e9 ${value}`;
export const withoutLabels = (text: string) => text.replace(LABEL, ' ');

/** The text with its dates, SQL code and framed numbers blanked, and number words as digits. */
export function candidateText(text: string): string {
  let t = wordsToDigits(withoutSql(text));
  for (const d of DATES) t = t.replace(d, ' ');
  for (const f of FRAMES) t = t.replace(f, (_m, lead: string) => `${lead}~`);
  return t;
}

function split(m: string): number[] {
  // "1,234.50" is one number; "19,22" (a list without spaces) is two.
  const thousands = /^-?\$?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(m);
  return (
    thousands
      ? [Number(m.replace(/[$,]/g, ''))]
      : m
          .split(',')
          .filter(Boolean)
          .map((p) => Number(p.replace(/\$/g, '')))
  ).filter(Number.isFinite);
}

function extract(text: string): number[] {
  return (withoutLabels(text).match(NUMBER) ?? []).flatMap(split);
}

/**
 * The kind of quantity a number is, as the answer itself says: `amount` (money:
 * "$235.58", "12 dollars", a key or column such as "average" or "total_refunded"),
 * `percent` ("71.4%"), `rank` ("1st", a "rank" column), `count:<noun>` for a
 * count of something ("16 orders", "1 refund", "2 delivered", a column
 * "orders"; `count:?` for a bare "count" column), `time:<unit>` ("30 days"),
 * `id:<noun>` for an identifier ("order 1033", "customer 18", a customer_id key), or
 * null when the answer does not say. Two numbers of different classes (the part
 * before the colon) are not alternatives for one value: one is the asked value,
 * the other is context (see `answer.ts`).
 */
export type Kind = string | null;
/** amount, percent, rank, count or time: what must agree for two numbers to compete. */
export const kindClass = (k: Kind) => (k === null ? null : k.split(':')[0]!);
/** The noun a count counts ("order" for "16 orders"), or null. */
export const countNoun = (k: Kind) => (k?.startsWith('count:') && k !== 'count:?' ? k.slice(6) : null);

const HEDGE_LABEL = new Set([
  'alt',
  'alternative',
  'alternate',
  'other',
  'another',
  'second',
  'backup',
  'maybe',
  'possible',
  'possibly',
  'probably',
  'else',
  'or',
  'guess',
  'candidate',
  'option',
  'also',
  'instead',
  'corrected',
  'revised',
  'final',
  'answer',
  'result',
  'value',
]);
const PERCENT_WORDS = new Set(['pct', 'percent', 'percentage', 'share', 'proportion', 'ratio']);
const RANK_WORDS = new Set(['rank', 'ranking', 'position', 'place', 'pos']);
const AMOUNT_WORDS = new Set([
  'amount',
  'avg',
  'average',
  'mean',
  'revenue',
  'price',
  'cost',
  'spent',
  'spend',
  'refunded',
  'dollars',
  'dollar',
  'usd',
  'eur',
  'euros',
  'money',
  'paid',
  'cents',
]);
const TIME_WORDS = new Set(['day', 'days', 'week', 'weeks', 'month', 'months', 'year', 'years', 'hour', 'hours', 'minute', 'minutes']);
const COUNT_WORDS = new Set(['count', 'n', 'number', 'num', 'qty', 'quantity']);
// Words after a number that name no unit: what joins, compares, hedges or conditions it.
const NOT_A_NOUN = new Set(
  'a an the and or nor but if unless when whenever while depending in on at to of for from by with without than then so as is was are were be been being it its this that these those which who whom what where why how not no maybe perhaps possibly probably likely instead rather also too either neither versus vs total totals overall all altogether more less fewer most least each per only just about around roughly approximately exactly st nd rd th k m ok'.split(
    ' ',
  ),
);

const ENTITY_BEFORE = /\b(order|customer|user|account|ticket|product|item|invoice)[^\S\n]*(?:(?:#|no\.?|number|id)[^\S\n]*)?#?[^\S\n]*$/i;

const singular = (w: string) => (/ies$/.test(w) ? `${w.slice(0, -3)}y` : /(?:ss|us|is)$/.test(w) ? w : w.replace(/s$/, ''));

/** The kind a key or column label names, or null when it names none (or hedges). */
export function labelKind(label: string): Kind {
  const words = label
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  if (words.length === 0 || words.some((w) => HEDGE_LABEL.has(w))) return null;
  if (words.includes('id')) return `id:${words.find((w) => w !== 'id') ?? '?'}`;
  if (words.some((w) => PERCENT_WORDS.has(w))) return 'percent';
  if (words.some((w) => RANK_WORDS.has(w))) return 'rank';
  if (words.some((w) => AMOUNT_WORDS.has(w))) return 'amount';
  if (words.some((w) => TIME_WORDS.has(w))) return `time:${singular(words.find((w) => TIME_WORDS.has(w))!)}`;
  if (words.some((w) => COUNT_WORDS.has(w))) {
    const of = words.indexOf('of');
    return of >= 0 && words[of + 1] ? `count:${singular(words[of + 1]!)}` : 'count:?';
  }
  const last = words.at(-1)!;
  if (last.length > 2 && /s$/.test(last) && !/(?:ss|us|is)$/.test(last)) return `count:${singular(last)}`;
  return null;
}

function kindAt(t: string, start: number, end: number): Kind {
  const token = t.slice(start, end);
  const after = t.slice(end, end + 40);
  const before = t.slice(Math.max(0, start - 80), start);
  if (/\$/.test(token) || /[€£]\s*$/.test(before) || /^\s*(?:dollars?|usd|eur|euros?|cents?)\b/i.test(after)) return 'amount';
  if (/^\s*(?:%|percent\b|per cent\b|pct\b)/i.test(after)) return 'percent';
  if (/^(?:st|nd|rd|th)\b/i.test(after)) return 'rank';
  // An identifier of a named thing: "order 1033", "customer #18", "ticket no. 7".
  const entity = ENTITY_BEFORE.exec(before)?.[1];
  if (entity) return `id:${singular(entity.toLowerCase())}`;
  // A label right before it, in this cell: a reading's key or column, or "key: value".
  const cell = before.split(/[|;,(\n]/).at(-1)!;
  const marker = /\u27e8([^\u27e8\u27e9]*)\u27e9\s*$/.exec(cell);
  if (marker) return labelKind(marker[1]!);
  const key = /([A-Za-z][A-Za-z_ ]{0,60}?)[*_\s]*[:=][*_\s]*$/.exec(cell);
  // The noun it counts: "16 orders", "1 refund", "2 delivered", "30 days".
  const noun = /^[^\S\n]*(?:[-\u2013][^\S\n]*)?([a-z]{2,})\b/i.exec(after)?.[1]?.toLowerCase();
  if (noun && TIME_WORDS.has(noun)) return `time:${singular(noun)}`;
  if (noun && !NOT_A_NOUN.has(noun)) return `count:${singular(noun)}`;
  return key ? labelKind(key[1]!) : null;
}

/** The numbers a text offers as values, each with its kind. */
export function numbersWithKinds(text: string): { value: number; kind: Kind }[] {
  const t = candidateText(text);
  const out: { value: number; kind: Kind }[] = [];
  for (const m of t.matchAll(NUMBER)) {
    const at = m.index!;
    // Inside a label (no digits there) nothing matches; a number is read where it stands.
    const kind = kindAt(t, at, at + m[0].length);
    for (const value of split(m[0])) out.push({ value, kind });
  }
  return out;
}

/** The numbers a text offers as values (see `candidateText`). */
export const numbersIn = (text: string): number[] => extract(candidateText(text));

/** Every number a text names, framed or not, dates aside: what a question contributes as context. */
export function allNumbersIn(text: string): number[] {
  let t = wordsToDigits(withoutLabels(text));
  for (const d of DATES) t = t.replace(d, ' ');
  return extract(t);
}

export const sameNumber = (a: number, b: number) => Math.abs(a - b) <= 0.005 + 1e-9 * Math.abs(b);
