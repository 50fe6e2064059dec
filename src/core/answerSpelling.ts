import { wordsToDigits } from './answerNumbers';
import { foldDigits } from './digits';

/**
 * The spellings of a number a person or a model writes, rewritten once, before an
 * answer is read, into the one spelling the reader reads (`answer.ts`): ASCII
 * digits, `.` for decimals, no thousands separators it could mistake for a list,
 * a leading `$` on an amount. Every rewrite keeps the value; none makes a number
 * out of text that names none. Linear in the answer's length (no backtracking
 * pattern, no recursion): it runs on untrusted text before any cap but
 * `answerChars`.
 *
 * - Unicode digits of any script (`３`, `٣`, `३`, `𝟑`) are digits; Arabic
 *   decimal and thousands signs are `.` and `,`; the minus sign `−` is `-`.
 * - Thousands grouped by a no-break, thin or narrow space or an apostrophe
 *   (`12 345,67`, `12'345.67`) are one number; by a plain space only when a
 *   decimal part follows (`12 345,67`), since `12 345` may be two numbers.
 * - Currency on either side, as a sign or a code (`41.20 $`, `USD 41.20`,
 *   `€41.20`, `41.20 EUR`), is the leading `$` the reader knows as an amount.
 * - Continental decimals (`12.345,67`, `41,20 $`, `63,05`) are read as such
 *   when the answer shows that convention and never the other (`1,234.50`,
 *   `41.20`): a comma before one or two digits is a decimal comma (English
 *   writes no list as `41,20`), and the ambiguous `1,234` follows the rest of
 *   the answer — a thousands separator unless the answer writes decimal commas.
 * - Numbers in words are digits (`wordsToDigits`), and an amount in two units is
 *   one (`175 dollars and 68 cents`, `one hundred dollars and five cents`);
 *   `12 thousand`, `1.5 million` are their value.
 */

/** Digit groups split by a plain space, when a decimal comma closes them: `12 345,67` (`3 100.50` may be a rank and an amount). */
const SPACED = /(?<![\d.,])(\d{1,3})((?: \d{3})+)(,\d{1,2})(?![\d])/g;
/** An apostrophe between groups (Swiss): `12'345.67`. */
const APOSTROPHE = /(?<=\d)['’](?=\d{3}(?!\d))/g;

const CODES = String.raw`(?:USD|US\$|EUR|GBP|CAD|AUD|CHF)`;
const NUM = String.raw`\d[\d.,]*\d|\d`;
const PREFIX = new RegExp(String.raw`(?:\b${CODES}|[$€£])[^\S\n]?(-?)(?=\d)`, 'g');
// A sign or code after a number, unless another number follows it (then it is that number's prefix: "3 $41.20").
const SUFFIX = new RegExp(String.raw`(?<![\w$.,])(-?)(${NUM})[^\S\n]?(?:[$€£]|${CODES}\b)(?![^\S\n]?-?\d)`, 'g');

function currencies(text: string): string {
  return text.replace(PREFIX, (_m, minus: string) => `${minus}$`).replace(SUFFIX, (_m, minus: string, n: string) => `${minus}$${n}`);
}

/** Shows the continental convention: `12.345,67`, an amount or a percentage with a decimal comma. */
// A number ends where no digit follows, nor a separator and a digit: "12.345,67." closes a sentence.
const END = String.raw`(?!\d|[.,]\d)`;
/** Shows the continental convention: `12.345,67`, a decimal comma before one or two digits (`41,20 $`, `71,4 %`, `63,05`). */
const CONTINENTAL = new RegExp(String.raw`\d\.\d{3},\d|(?<![\d.,])\d+,\d{1,2}${END}`);
/** Shows the English one: `1,234.50`, a decimal point before one or two digits. */
const ENGLISH = new RegExp(String.raw`\d,\d{3}\.\d|(?<![\d.,])\d+\.\d{1,2}${END}`);
const CONTINENTAL_NUMBER = new RegExp(String.raw`(?<![\d.,])(?:\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+,\d+)${END}`, 'g');

function decimals(text: string): string {
  if (!CONTINENTAL.test(text) || ENGLISH.test(text)) return text;
  return text.replace(CONTINENTAL_NUMBER, (m) => m.replace(/\./g, '').replace(',', '.'));
}

// Two units of one amount, written in words or digits: "175 dollars and 68 cents", "$175 and 68 cents".
const DOLLARS_AND_CENTS = /(\$?)(\d+)(?:[^\S\n]+(?:dollars?|bucks))?[^\S\n]+(?:and[^\S\n]+)?(\d{1,2})[^\S\n]+cents?\b/gi;
const SCALED = /(?<![\d.,])(\d+(?:\.\d+)?)[^\S\n]+(thousand|million)\b/gi;

function scaled(text: string): string {
  return text.replace(SCALED, (m, n: string, unit: string) => {
    const [whole, frac = ''] = n.split('.');
    const zeros = unit.toLowerCase() === 'thousand' ? 3 : 6;
    if (frac.length > zeros) return m;
    return String(BigInt(whole! + frac.padEnd(zeros, '0')));
  });
}

function amounts(text: string): string {
  return text.replace(DOLLARS_AND_CENTS, (m, sign: string, dollars: string, cents: string) =>
    sign || /dollars?|bucks/i.test(m) ? `$${dollars}.${cents.padStart(2, '0')}` : m,
  );
}

// Arabic's decimal sign, once the digits either side are digits (they may have been words).
const ARABIC_DECIMAL = /(?<=\d)\u066b(?=\d)/g;

/** An amount's digit groups split by plain spaces: `$12 345.67` (the sign says the groups are one number). */
const SPACED_AMOUNT = /(?<=\$)(\d{1,3})((?: \d{3})+)(?![\d])/g;
const joined = (head: string, groups: string, dec = '') => `${head}${groups.replace(/ /g, '')}${dec}`;

/**
 * A run of whitespace longer than any layout needs, shortened: at most two line breaks (a blank line
 * still parts records) and 64 characters of the rest (tabs kept). The readers' patterns allow spaces
 * around a number (`$ 41`, `16 of 80`); over a run of 20,000 they backtrack for seconds.
 */
const LONG_SPACE = /\s{65,}/g;
function shortSpaces(run: string): string {
  const breaks = run.split('\n').length - 1;
  const tail = run.slice(run.lastIndexOf('\n') + 1).slice(0, 64);
  return breaks === 0 ? tail : `${breaks > 1 ? '\n\n' : '\n'}${tail}`;
}

/** The answer in the spelling the reader reads (see above); the same text when it holds none of these spellings. */
export function plainSpelling(text: string): string {
  let t = wordsToDigits(foldDigits(text.replace(LONG_SPACE, shortSpaces)).replace(APOSTROPHE, '')).replace(ARABIC_DECIMAL, '.');
  t = currencies(t)
    .replace(SPACED, (_m, head: string, groups: string, dec: string) => joined(head, groups, dec))
    .replace(SPACED_AMOUNT, (_m, head: string, groups: string) => joined(head, groups));
  return amounts(scaled(decimals(t)));
}
