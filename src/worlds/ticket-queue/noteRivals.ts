import { isJsonObject, type Json } from '../../core/json';
import { CUSTOMERS, PRIORITIES, VENDORS } from './data';
import { DATES, IDENTIFIERS } from './noteFacts';
import { fold, foldDigits, plainText, spelledAsDigits } from './noteValues';
import type { GoldNote } from './tasks';

/**
 * Rival answers in a note's extra keys (the end state's hedges): another value of the kind a
 * required key takes. Every reader here is linear in the note's length — no recursion, and each
 * number is read with a window of its clause, not the whole text before it.
 */

// Words of a key that name another quantity of the queue than the required counts: "total", "closed", "high"…
const OTHER_QUANTITIES = ['total', 'overall', 'tickets', 'closed', 'resolved', 'progress', 'low', 'medium', 'high', 'tracking', 'notes'];
// …unless the key also offers an alternative: "total_alternatives" is a hedge whatever else it says.
const HEDGE_WORDS = [
  'alt',
  'alts',
  'alternative',
  'alternatives',
  'alternate',
  'or',
  'maybe',
  'possibly',
  'perhaps',
  'candidate',
  'candidates',
  'option',
  'options',
  'guess',
  'else',
  'instead',
  'either',
  'approx',
  'approximately',
  'range',
];
const keyWords = (key: string) =>
  key
    .toLowerCase()
    .split(/[^a-z0-9]+|(?<=[a-z])(?=[0-9])/)
    .filter(Boolean);

/** A leaf of a note's extra value, with what the keys on the way to it say: an alternative, another quantity, a counted one. */
interface Leaf {
  text: string;
  hedgeKey: boolean;
  otherKey: boolean;
  countedKey: boolean;
}

/** Every string and number under `key`, walked with its own stack, each with the flags of the keys above it. */
function leavesUnder(key: string, value: Json, countKeys: readonly string[]): Leaf[] {
  const flags = (k: string, up: Omit<Leaf, 'text'>): Omit<Leaf, 'text'> => {
    const words = keyWords(k);
    return {
      hedgeKey: up.hedgeKey || words.some((w) => HEDGE_WORDS.includes(w)),
      otherKey: up.otherKey || words.some((w) => OTHER_QUANTITIES.includes(w)),
      countedKey: up.countedKey || words.some((w) => countKeys.includes(w)),
    };
  };
  const out: Leaf[] = [];
  const stack: [Json, Omit<Leaf, 'text'>][] = [[value, flags(key, { hedgeKey: false, otherKey: false, countedKey: false })]];
  while (stack.length > 0) {
    const [v, up] = stack.pop()!;
    if (typeof v === 'string' || typeof v === 'number') out.push({ text: String(v), ...up });
    else if (Array.isArray(v)) for (let i = v.length - 1; i >= 0; i--) stack.push([v[i]!, up]);
    else if (isJsonObject(v)) {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) stack.push([entries[i]![1], flags(entries[i]![0], up)]);
    }
  }
  return out;
}

/**
 * A number under an extra key competes with the required counts unless its key
 * names another quantity of the queue ("total": 13, "closed": 2) and none of the
 * required ones ("open_alt": 4 is a rival) — as a "Total" row is context to a
 * table's counts.
 */
function countRivals(extra: readonly [string, Json][], countKeys: readonly string[], own: readonly string[]): string[] {
  const out: string[] = [];
  for (const [key, value] of extra)
    for (const leaf of leavesUnder(key, value, countKeys)) {
      const hedged = leaf.hedgeKey || keyWords(leaf.text).some((w) => HEDGE_WORDS.includes(w));
      if (leaf.otherKey && !leaf.countedKey && !leaf.hedgeKey) continue;
      out.push(...countsIn(leaf.text, countKeys, hedged).filter((n) => !own.includes(n)));
    }
  return out;
}

// Words before a number that make it a label, not a quantity: "week 23", "sprint 4", "#12", "no. 3".
const LABEL_WORDS = ['week', 'wk', 'sprint', 'day', 'version', 'v', 'no', 'number', 'iteration', 'quarter', 'q', 'page', 'step', 'ticket', 'id'];
const CLAUSE = /[,;.()\n]/;

/** The words of a text as `keyWords` cuts them (runs of letters and digits, cut again where a digit follows a letter), with where each stands. */
function wordsOf(text: string): { word: string; start: number; end: number }[] {
  const out: { word: string; start: number; end: number }[] = [];
  for (const m of text.matchAll(/[a-z]+|[0-9][a-z0-9]*/gi)) out.push({ word: m[0].toLowerCase(), start: m.index, end: m.index + m[0].length });
  return out;
}

const WORD_CHAR = /\w/;
const DIGITS = /^\d+$/;
const LABEL_MARK = /#\s*$/;

/**
 * The numbers a free-text value offers as counts — in digits of any script or in words ("four or
 * five open") — identifiers, dates, labels ("week 23") and numbers of another quantity of the queue
 * ("across 11 tickets", "2 closed") aside, unless the text hedges ("4 or 5 open"), when every number
 * but identifiers and dates competes. One pass over the words: each number is read with the two
 * words either side of it in its clause.
 */
export function countsIn(text: string, countKeys: readonly string[], hedged: boolean): string[] {
  const plain = spelledAsDigits(foldDigits(text)).replace(DATES, ' ').replace(IDENTIFIERS, ' ');
  const words = wordsOf(plain);
  // The clause each word is in: a new one wherever a clause mark stands between two words.
  const clause = new Array<number>(words.length);
  for (let k = 0; k < words.length; k++) clause[k] = k === 0 ? 0 : clause[k - 1]! + (CLAUSE.test(plain.slice(words[k - 1]!.end, words[k]!.start)) ? 1 : 0);
  const near = (j: number, k: number) => (j >= 0 && j < words.length && clause[j] === clause[k] ? words[j]!.word : '');
  const counted = (x: string) => countKeys.includes(x);
  const other = (x: string) => OTHER_QUANTITIES.includes(x) && !counted(x);
  const out: string[] = [];
  for (let k = 0; k < words.length; k++) {
    const w = words[k]!;
    // A number as a quantity: digits alone, not inside a word; after a hyphen, a sign ("-5") or the far end
    // of a range ("4-5", every other joined token being an identifier, already left out).
    if (!DIGITS.test(w.word) || WORD_CHAR.test(plain[w.end] ?? '')) continue;
    const before = plain[w.start - 1] ?? '';
    const signed = before === '-' && !/[\w-]/.test(plain[w.start - 2] ?? '');
    const range = before === '-' && /\d/.test(plain[w.start - 2] ?? '');
    if (WORD_CHAR.test(before) || (before === '-' && !signed && !range)) continue;
    const [b1, b2, a1, a2] = [near(k - 1, k), near(k - 2, k), near(k + 1, k), near(k + 2, k)];
    // "#12": the mark right before the number (its sign aside), in its clause.
    const gap = plain.slice(k > 0 ? words[k - 1]!.end : 0, signed ? w.start - 1 : w.start);
    const label = LABEL_MARK.test(gap.split(CLAUSE).at(-1)!) || LABEL_WORDS.includes(b1);
    // "across 11 tickets", "total 11", "2 closed" are other quantities; "11 tickets open" and "open tickets: 5" are counts.
    const elsewhere = (other(a1) && !counted(a2)) || (other(b1) && !counted(b2) && !counted(a1));
    if (!hedged && (label || elsewhere)) continue;
    out.push(String(Number(`${signed ? '-' : ''}${w.word}`)));
  }
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const mentions = (text: string, value: string) => new RegExp(`(^|[^\\w-])${escape(value)}($|[^\\w-])`, 'i').test(text);

/**
 * Rival answers an honest agent's extra keys ("comment", "summary") do not hold:
 * another value of the kind a required key takes — another vendor, customer,
 * priority or ticket id on the board (the note's own ticket aside: it is never
 * its own original), or another count where a key is a count (dates and other
 * quantities of the queue aside). Extra keys are otherwise free: a note may say
 * more than the task asks.
 */
export function rivalsIn(extra: readonly [string, Json][], gold: GoldNote, ids: readonly string[], self: string): string[] {
  const texts: string[] = [];
  for (const [key, value] of extra) for (const leaf of leavesUnder(key, value, [])) texts.push(leaf.text);
  const text = foldDigits(texts.join(' \n '));
  if (text.trim() === '') return [];
  const own = Object.entries(gold.fields)
    .filter(([k]) => k !== 'type')
    .map(([, v]) => fold(plainText(v)));
  const kinds = [VENDORS, CUSTOMERS, PRIORITIES, ids.filter((i) => i.toLowerCase() !== self.toLowerCase())].filter((vocab) =>
    own.some((v) => vocab.some((x) => x.toLowerCase() === v)),
  );
  const named = kinds.flat().filter((x) => !own.includes(x.toLowerCase()) && mentions(text, x));
  const countKeys = Object.entries(gold.fields)
    .filter(([, v]) => typeof v === 'number')
    .map(([k]) => k.toLowerCase());
  const counts = countKeys.length > 0 ? countRivals(extra, countKeys, own) : [];
  return [...new Set([...named, ...counts])];
}
