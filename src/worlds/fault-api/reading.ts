import { foldDigits } from '../../core/digits';
import { isJsonObject, type Json, type JsonObject } from '../../core/json';

/**
 * How fault-api reads what an agent submits: every row's id and amount, once
 * per submission, for every layer. Each reader here is linear in what it reads
 * and recurses only under a depth limit: a submission is untrusted input.
 */

/** Which mark a bare `1.234` or `1,234` uses as its decimal point: the submission's other amounts say. */
export type Locale = 'point' | 'comma';

export interface RowReading {
  /** The row as sent, when it is an object. */
  row: JsonObject | null;
  /** The id the row names (`readId`), or null: a row without one names no record. */
  id: string | null;
  /** Whether the row says anything about its amount (a key present and not null). */
  statesAmount: boolean;
  /** The one number its amount states (`statedAmount`), or null. */
  amount: number | null;
}

export interface SubmissionReading {
  rows: RowReading[];
  locale: Locale;
}

/** Longer strings state no single amount or id the API could have served (its amounts have 1–4 digits, its ids 11 characters). */
const AMOUNT_CHARS = 200;
const ID_CHARS = 200;

/**
 * The id a row names: its `id` string with surrounding whitespace trimmed,
 * compatibility forms folded (full-width letters: NFKC) and invisible format
 * characters a copy leaves dropped (a zero-width space, a BOM), or null when the row
 * has no string id. Case is kept: an id is an opaque key, and `REC-…` is
 * another key to any store that compares them byte for byte.
 */
export function readId(id: Json | undefined): string | null {
  if (typeof id !== 'string') return null;
  const trimmed = id.trim();
  if (trimmed === '') return null;
  return trimmed.length > ID_CHARS ? trimmed : folded(trimmed);
}

const folded = (s: string) =>
  s
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .trim();

/** Two strings a person would call the same value: equal once trimmed, compatibility-folded (NFKC) and rid of format characters; case counts. */
export function sameText(a: string, served: string): boolean {
  if (a === served) return true;
  // A value far longer than the one served cannot fold down to it: never normalise an unbounded string.
  if (a.length > 4 * served.length + 16) return false;
  return folded(a) === served;
}

/** An amount string with its digits, signs and Arabic separators in ASCII; dashes a person types for a minus too. */
const foldAmount = (s: string) => foldDigits(s).replace(/[\u2012\u2013]/g, '-');

/** Digits grouped by spaces, apostrophes or underscores (`1 234`, `1'234`, `1_234`): one number. */
const GROUPED = /(\d)[ '\u2019_](?=\d{3}(?!\d))/g;
const TOKEN = /-?\d+(?:[.,]\d+)*/g;

/** The marks a token uses: its separators in order, and the digit groups between them. */
function split(token: string): { seps: string[]; groups: string[] } {
  const parts = token.split(/([.,])/);
  return { groups: parts.filter((_, i) => i % 2 === 0), seps: parts.filter((_, i) => i % 2 === 1) };
}

/** Which locale one token's spelling proves, if any: `1.234,50`, `638,00`, `1.234.567` are comma-decimal; their mirrors point-decimal. */
function evidenceOf(token: string): Locale | null {
  const { seps, groups } = split(token.replace(/^-/, ''));
  if (seps.length === 0) return null;
  const last = seps[seps.length - 1]!;
  if (new Set(seps).size === 2) return last === ',' ? 'comma' : 'point';
  if (seps.length > 1) return last === '.' ? 'comma' : 'point';
  return groups[1]!.length === 3 ? null : last === ',' ? 'comma' : 'point';
}

/**
 * The value of one number token under `locale`, or null when its marks do not
 * spell one number (`1,23,4`). A token with both marks uses the last as its
 * decimal point; a mark used twice groups thousands; a lone mark before three
 * digits is the one ambiguous spelling, read by the submission's locale.
 */
function tokenValue(token: string, locale: Locale): number | null {
  const negative = token.startsWith('-');
  const { seps, groups } = split(negative ? token.slice(1) : token);
  let decimal: string | null = null;
  if (new Set(seps).size === 2) decimal = seps[seps.length - 1]!;
  else if (seps.length === 1) {
    const mark = seps[0]!;
    decimal = groups[1]!.length !== 3 ? mark : (locale === 'comma') === (mark === ',') ? mark : null;
  }
  const whole = decimal === null ? groups : groups.slice(0, -1);
  const thousands = seps.filter((s, i) => !(decimal !== null && i === seps.length - 1));
  if (thousands.some((s) => s === decimal)) return null;
  if (whole.length > 1 && (whole[0]!.length > 3 || whole.slice(1).some((g) => g.length !== 3))) return null;
  const text = whole.join('') + (decimal === null ? '' : `.${groups[groups.length - 1]!}`);
  const value = Number(text);
  return negative ? -value : value;
}

/** The number tokens of an amount string, in ASCII; null when it is too long to be an amount. */
function tokensOf(amount: string): string[] | null {
  if (amount.length > AMOUNT_CHARS) return null;
  return foldAmount(amount).replace(GROUPED, '$1').match(TOKEN) ?? [];
}

const DIGITS = /^\s*-?\d+\s*$/;

/**
 * The one number an amount states, read as a person would — `638`, `"638"`,
 * `"638.00"`, `"$1,234"`, `"1.234,00 €"`, `"1 234"`, `"６３８"`, `"٦٣٨"`,
 * `"638 USD"` — or null when it states none or several (`"638 or 639"`,
 * `"638-639"`), is no number or string (a boolean, an array), or is longer
 * than any amount. A lone mark before three digits (`1,234`, `1.234`) groups
 * thousands or marks decimals as the submission's other amounts do (`locale`):
 * by default `,` groups and `.` is the decimal point.
 */
export function statedAmount(amount: Json | undefined, locale: Locale = 'point'): number | null {
  if (typeof amount === 'number') return Number.isFinite(amount) ? amount : null;
  if (typeof amount !== 'string') return null;
  // Type drift's digits, the common case, without the regular expressions below.
  if (DIGITS.test(amount)) return Number.parseInt(amount, 10);
  const tokens = tokensOf(amount);
  return tokens !== null && tokens.length === 1 ? tokenValue(tokens[0]!, locale) : null;
}

/** The locale the submission's unambiguous amount strings prove: `comma` only when some prove it and none prove the other. */
export function localeOf(amounts: readonly (Json | undefined)[]): Locale {
  let comma = false;
  let point = false;
  for (const a of amounts) {
    if (typeof a !== 'string' || DIGITS.test(a)) continue;
    for (const t of tokensOf(a) ?? []) {
      const e = evidenceOf(t);
      if (e === 'comma') comma = true;
      else if (e === 'point') point = true;
    }
  }
  return comma && !point ? 'comma' : 'point';
}

const readings = new WeakMap<readonly Json[], SubmissionReading>();

/** Every row of a submission read once (cached by the rows array: four layers read the same submission). */
export function readSubmission(rows: readonly Json[]): SubmissionReading {
  let reading = readings.get(rows);
  if (!reading) {
    const locale = localeOf(rows.map((r) => (isJsonObject(r) ? r.amount : undefined)));
    reading = {
      locale,
      rows: rows.map((r): RowReading => {
        if (!isJsonObject(r)) return { row: null, id: null, statesAmount: false, amount: null };
        const statesAmount = r.amount !== undefined && r.amount !== null;
        return { row: r, id: readId(r.id), statesAmount, amount: statesAmount ? statedAmount(r.amount, locale) : null };
      }),
    };
    readings.set(rows, reading);
  }
  return reading;
}

/**
 * A value as a reason shows it: JSON, with strings over 40 characters, lists
 * over 3 items and nesting over 2 levels clipped (`…`), so a hostile value
 * never makes a reason long, nor its rendering recurse without bound.
 */
export function preview(v: Json | undefined, depth = 0): string {
  if (v === undefined) return 'undefined';
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) {
    if (depth >= 2) return v.length === 0 ? '[]' : '[…]';
    return `[${v
      .slice(0, 3)
      .map((x) => preview(x, depth + 1))
      .join(',')}${v.length > 3 ? ',…' : ''}]`;
  }
  const keys = Object.keys(v);
  if (depth >= 2) return keys.length === 0 ? '{}' : '{…}';
  return `{${keys
    .slice(0, 3)
    .map((k) => `${preview(k)}:${preview(v[k], depth + 1)}`)
    .join(',')}${keys.length > 3 ? ',…' : ''}}`;
}
