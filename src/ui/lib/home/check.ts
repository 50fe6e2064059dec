import { canonicalJson, isJsonObject, tryParseJson } from '../../../core/json';
import { diffHomeRows } from './diff';
import type { HomeRow } from './rows';

/** Each home table's rows by world, as the build computed them in Node. */
export type BuiltHomeRows = Record<string, HomeRow[]>;

/**
 * The id of the JSON data block the build writes into index.html. A data block
 * is never executed, so the CSP (no inline scripts) has nothing to allow.
 */
export const BUILT_ROWS_ID = 'home-rows';

/** Where a world's rows stand against this browser's own computation. */
export type HomeCheck =
  | { status: 'pending' }
  /** Recomputed here, identical to the build's. */
  | { status: 'verified' }
  /** Computed here with no build to compare with (the dev server). */
  | { status: 'computed' }
  | { status: 'differs'; differences: string[] }
  | { status: 'error'; message: string };

export interface HomeWorldState {
  /** The rows on screen: the build's until this browser's own arrive; null while neither is known. */
  rows: HomeRow[] | null;
  check: HomeCheck;
}

/** Every home table's state, by world (the registry's home tables: lib/home/store). */
export type HomeState = Record<string, HomeWorldState>;

const PENDING: HomeWorldState = { rows: null, check: { status: 'pending' } };

/** A table's state; a world the state does not hold yet is pending. */
export const homeWorldState = (state: HomeState, world: string): HomeWorldState => state[world] ?? PENDING;

const isHomeRow = (r: unknown): boolean =>
  isJsonObject(r) &&
  ['world', 'agent', 'label', 'taskTitle'].every((k) => typeof r[k] === 'string') &&
  isJsonObject(r.task) &&
  isJsonObject(r.card) &&
  Array.isArray(r.card.layers) &&
  isJsonObject(r.card.verdict) &&
  typeof r.card.reward === 'number' &&
  typeof r.card.naive === 'number';

/** The build's rows from the data block's JSON, or null if any of these worlds' are missing or malformed. */
export function parseBuiltHomeRows(value: unknown, worlds: readonly string[]): BuiltHomeRows | null {
  if (!isJsonObject(value)) return null;
  for (const w of worlds) {
    const rows = value[w];
    if (!Array.isArray(rows) || !rows.every(isHomeRow)) return null;
  }
  return value as unknown as BuiltHomeRows;
}

/** The data block's text: JSON that cannot close its <script> element or open a comment. */
export function builtRowsJson(rows: BuiltHomeRows): string {
  return JSON.stringify(rows).replace(/</g, '\\u003c');
}

/** The rows index.html was built with; null on the dev server (no build) or a page without them. */
/** The rows in the data block's text (null: no block, or not the rows). */
export function builtHomeRowsFrom(text: string | null, worlds: readonly string[]): BuiltHomeRows | null {
  if (!text) return null;
  const parsed = tryParseJson(text);
  return parsed.ok ? parseBuiltHomeRows(parsed.value, worlds) : null;
}

/** Before this browser has computed anything: the build's rows for each of these worlds, waiting to be verified. */
export function initialHomeState(built: BuiltHomeRows | null, worlds: readonly string[]): HomeState {
  return Object.fromEntries(worlds.map((w): [string, HomeWorldState] => [w, { rows: built?.[w] ?? null, check: { status: 'pending' } }]));
}

/**
 * One world's rows once this browser has computed its own. Equal to the build's
 * (same JSON, keys sorted): verified. Different: this browser's rows are shown,
 * since they are what a click on a row reproduces, with every difference listed.
 */
export function checkHomeRows(built: HomeRow[] | null, live: HomeRow[]): HomeWorldState {
  if (!built) return { rows: live, check: { status: 'computed' } };
  if (canonicalJson(built) === canonicalJson(live)) return { rows: built, check: { status: 'verified' } };
  const differences = diffHomeRows(built, live);
  return { rows: live, check: { status: 'differs', differences: differences.length ? differences : ['the rows differ in their JSON text only'] } };
}

/** This browser could not compute a world's rows: the build's stay on screen, unverified, with the reason. */
export function failedHomeRows(built: HomeRow[] | null, message: string): HomeWorldState {
  return { rows: built, check: { status: 'error', message } };
}

export const homeSettled = (state: HomeState) => Object.values(state).every((w) => w.check.status !== 'pending');

/** What a table's note says once its rows are verified (HomeCheckNote; bootShell.ts marks the prerendered page with it). */
export const VERIFIED_NOTE = '✓ Verified in this browser: recomputed here, identical to the build.';

/** The note's element id: its table is described by it (aria-describedby). */
export const checkNoteId = (world: string) => `home-check-${world}`;

/** The note's classes for a one-line state. */
export const checkNoteClass = (status: 'pending' | 'verified' | 'computed') => `home-check small ${status === 'pending' ? 'muted' : 'verified'}`;
