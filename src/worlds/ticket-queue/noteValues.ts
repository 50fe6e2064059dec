import { LIMITS } from '../../core/limits';
import { isJsonObject, type Json } from '../../core/json';

/**
 * How the verifier reads the values an agent writes into a note, leniently and in bounded time:
 * text folded (NFKC, every script's decimal digits as ASCII, lower case, one space), counts read
 * from the spellings a model writes (`5`, `"5"`, `"５"`, `"٥"`, `"five"`, `"twenty-one"`, `"5 tickets"`,
 * `"5 open"`, `"none"`), ticket ids as the tools read them (`301` is `TQ-301`). A string is read as one
 * count only when nothing else is in it: `"4 or 5"`, `"about 5"` and `"5 urgent"` under `open` are not
 * counts. The schema layer still judges types: `"5"` reads as 5 and is off-schema, as before.
 */

/** How deep a note may nest (the jsonDepth limit calls are held to): deeper, write_note refuses it. */
export const MAX_NOTE_DEPTH = LIMITS.jsonDepth.value;

/** Whether a JSON value nests deeper than `max` arrays and objects: a walk with its own stack, stopping at the first level past `max`. */
export function nestsDeeperThan(root: Json | undefined, max: number): boolean {
  const stack: [Json, number][] = [[root ?? null, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

/** `JSON.stringify`, except for a value too deep to print (the engine's printer recurses): then a placeholder. */
export const printable = (v: Json | undefined): string =>
  v === undefined ? 'undefined' : nestsDeeperThan(v, MAX_NOTE_DEPTH) ? `a value nested deeper than ${MAX_NOTE_DEPTH} levels` : JSON.stringify(v);

/** `String(v)`, bounded the same way (an array's `String` recurses too). */
export const plainText = (v: Json): string => (nestsDeeperThan(v, MAX_NOTE_DEPTH) ? '[nested]' : String(v));

const zeroOf = new Map<number, number>();
/**
 * The value of a decimal digit of any script (Unicode Nd). Unicode encodes every script's digits as
 * runs of ten in order, 0 first, and adjacent runs (the mathematical digits) are each ten long, so a
 * digit's value is its distance from the start of its run of digits, modulo ten.
 */
function digitValue(cp: number): number {
  let zero = zeroOf.get(cp);
  if (zero === undefined) {
    zero = cp;
    // At most five adjacent runs of ten exist (the mathematical digits): 50 steps back at most.
    while (zero > 0 && cp - zero < 60 && /\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero--;
    zeroOf.set(cp, zero);
  }
  return (cp - zero) % 10;
}

/** NFKC (full-width letters and digits, ligatures) with every script's decimal digits as 0–9: the text's layout kept. */
export const foldDigits = (s: string): string =>
  // ASCII text is its own NFKC form and has no other digits: most text is, so it skips both passes.
  /[\u0080-\uffff]/.test(s) ? s.normalize('NFKC').replace(/(?![0-9])\p{Nd}/gu, (d) => String(digitValue(d.codePointAt(0)!))) : s;

/** Text as the verifier compares it: `foldDigits`, lower case, whitespace as one space, trimmed. */
export function fold(s: string): string {
  return foldDigits(s).toLowerCase().replace(/\s+/g, ' ').trim();
}

const UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const TEENS = ['eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** A number word or a tens-and-units pair ("twenty one", "twenty-one"), 0–99; `none` is 0. Null otherwise. */
export function wordNumber(words: readonly string[]): number | null {
  if (words.length === 1) {
    const [w] = words as [string];
    if (w === 'none') return 0;
    const unit = UNITS.indexOf(w);
    if (unit >= 0) return unit;
    const teen = TEENS.indexOf(w);
    if (teen >= 0) return 11 + teen;
    const ten = TENS.indexOf(w);
    if (ten >= 0) return 20 + 10 * ten;
    const pair = /^([a-z]+)-([a-z]+)$/.exec(w);
    return pair ? wordNumber([pair[1]!, pair[2]!]) : null;
  }
  if (words.length === 2) {
    const ten = TENS.indexOf(words[0]!);
    const unit = UNITS.indexOf(words[1]!);
    return ten >= 0 && unit >= 1 && unit <= 9 ? 20 + 10 * ten + unit : null;
  }
  return null;
}

const NUMBER_WORD = [...UNITS, ...TEENS, ...TENS].join('|');
// "twenty-one", "twenty one", "five"; "one" as a pronoun ("no one", "the one", "one of") is not a number.
const SPELLED = new RegExp(
  `(?<![\\w-])(?<!\\b(?:no|the|each|any|every|which|this|that|only)\\s+)(${TENS.join('|')})(?:[- ](one|two|three|four|five|six|seven|eight|nine))?(?![\\w-])|(?<![\\w-])(?<!\\b(?:no|the|each|any|every|which|this|that|only)\\s+)(${NUMBER_WORD})(?![\\w-])(?!\\s+of\\b)`,
  'gi',
);

/** Prose with its number words as digits ("four or five open" → "4 or 5 open"), for the readers that look for numbers in text. */
export const spelledAsDigits = (s: string): string =>
  s.replace(SPELLED, (m: string, tens?: string, unit?: string, word?: string) =>
    String(word !== undefined ? wordNumber([word.toLowerCase()])! : wordNumber(unit ? [tens!.toLowerCase(), unit.toLowerCase()] : [tens!.toLowerCase()])!),
  );

// Words a count may carry beside its number: the noun, or the count's own name ("5 open" under "open").
const COUNT_NOUNS = ['ticket', 'tickets'];

/**
 * A note value read as one count: an integer, or a string holding one number and at most the noun
 * or the count's own key beside it. Null when it is not exactly one count.
 */
export function countOf(v: Json | undefined, key = ''): number | null {
  if (typeof v === 'number') return Number.isInteger(v) && v >= 0 ? v : null;
  if (typeof v !== 'string' || v.length > 200) return null;
  const own = key.toLowerCase();
  const words = fold(v)
    .split(/[\s:=]+/)
    .map((w) => w.replace(/^[([]+|[.!;,)\]]+$/g, ''))
    .filter((w) => w !== '' && !COUNT_NOUNS.includes(w) && w !== own);
  if (words.length === 1 && /^\d+(?:\.0+)?$/.test(words[0]!)) return Number.parseInt(words[0]!, 10);
  return wordNumber(words);
}

/**
 * A value as text is compared: folded, without the quotes or the sentence's full stop a model copies
 * with it ("Marigold Bakery." from "Customer: Marigold Bakery."); a number `n` where a ticket id is
 * asked reads as `TQ-n`, as the tools read it.
 */
const textOf = (v: Json): string =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0
    ? `tq-${v}`
    : fold(plainText(v))
        .replace(/^["'“”‘’«»]+|["'“”‘’«»]+$/g, '')
        .replace(/[.;,!]+$/, '');

const TICKET_ID = /^tq-\d+$/i;

/**
 * Whether a note's value `a` states the gold value `gold` (trimmed, case-insensitive, 3 == "3"):
 * a count in any of the spellings `countOf` reads, a ticket id as the tools read one, other text folded.
 * Arrays and objects are read as their text, as before (`["Parcelwing"]` states Parcelwing).
 */
export function sameValue(a: Json | undefined, gold: Json, key = ''): boolean {
  if (a === undefined || a === null) return false;
  if (typeof gold === 'number') {
    const n = countOf(a, key);
    return n !== null ? n === gold : fold(plainText(a)) === String(gold);
  }
  if (typeof gold === 'string' && TICKET_ID.test(gold)) return textOf(a) === gold.toLowerCase();
  return textOf(a) === textOf(gold);
}

/** A value as a path compares it (one canonical text per value `sameValue` reads alike): its count where it is one, else its folded text. */
export function valueKey(a: Json | undefined, gold: Json, key = ''): string {
  if (a === undefined || a === null) return '∅';
  if (typeof gold === 'number') {
    const n = countOf(a, key);
    if (n !== null) return String(n);
  }
  return textOf(a);
}

/** Every string and number inside a JSON value, walked with its own stack (a note may nest up to MAX_NOTE_DEPTH). */
export function leafTexts(v: Json): string[] {
  const out: string[] = [];
  const stack: Json[] = [v];
  while (stack.length > 0) {
    const x = stack.pop()!;
    if (typeof x === 'string' || typeof x === 'number') out.push(String(x));
    else if (Array.isArray(x) || isJsonObject(x)) {
      const children = Array.isArray(x) ? x : Object.values(x);
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    }
  }
  return out;
}
