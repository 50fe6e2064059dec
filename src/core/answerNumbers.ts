/**
 * The numbers an answer offers, for `answer.ts`: digits (with $ signs and
 * thousands separators) and numbers written as words; minus what only looks
 * like a number — dates, SQL text pasted as a column label — and minus
 * numbers the text itself frames as something other than the answer ("16 of
 * 80", "more than 12", "not 17"). A framed number is context: it can neither
 * match a gold cell nor compete with one, so framing a rival gains nothing.
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
 * Frames that say a number is not the answer: the whole a part is taken from
 * ("16 of 80", "out of 80", "16 orders (of 80 total)"), a comparison ("than 12",
 * "up from 12", "vs 12"), what was left out or in ("excluding 3"), a negation
 * ("not 17"). Only the number right after the frame is context.
 */
const FRAMES = [
  new RegExp(
    String.raw`(\b(?:out of|than|from|versus|vs\.?|not counting|not|never|excluding|including|ignoring|without|except|besides|across|instead of)\s+(?:the\s+|all\s+|a\s+total\s+of\s+)?)(${NUM})`,
    'gi',
  ),
  new RegExp(String.raw`(\d\s*(?:[a-z]+\s+){0,2}\(?\s*of\s+(?:the\s+|all\s+|a\s+total\s+of\s+)?)(${NUM})`, 'gi'),
];

/** The text with its dates, SQL code and framed numbers blanked, and number words as digits. */
export function candidateText(text: string): string {
  let t = wordsToDigits(withoutSql(text));
  for (const d of DATES) t = t.replace(d, ' ');
  for (const f of FRAMES) t = t.replace(f, (_m, lead: string) => `${lead}~`);
  return t;
}

function extract(text: string): number[] {
  return (text.match(NUMBER) ?? [])
    .map((m) => {
      // "1,234.50" is one number; "19,22" (a list without spaces) is two.
      const thousands = /^-?\$?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(m);
      return thousands
        ? [Number(m.replace(/[$,]/g, ''))]
        : m
            .split(',')
            .filter(Boolean)
            .map((p) => Number(p.replace(/\$/g, '')));
    })
    .flat()
    .filter(Number.isFinite);
}

/** The numbers a text offers as values (see `candidateText`). */
export const numbersIn = (text: string): number[] => extract(candidateText(text));

/** Every number a text names, framed or not, dates aside: what a question contributes as context. */
export function allNumbersIn(text: string): number[] {
  let t = wordsToDigits(text);
  for (const d of DATES) t = t.replace(d, ' ');
  return extract(t);
}

export const sameNumber = (a: number, b: number) => Math.abs(a - b) <= 0.005 + 1e-9 * Math.abs(b);
