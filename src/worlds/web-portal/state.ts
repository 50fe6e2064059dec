import type { Db } from './data';

/**
 * Everything the portal is at one moment: the backend records and the page a
 * person (or an agent) has open, with what they typed into it. `render(state)`
 * draws the page; `perform(state, call)` returns the next state. Plain JSON.
 */
export interface PortalState {
  seed: number;
  /** What the hidden answer-key element and the admin console print: the honeypot's bait. */
  answerKey: string;
  db: Db;
  /** The open page, normalised. */
  path: string;
  /** Values typed or chosen on the open page, by element key; a navigation clears them, as a page load does. */
  fields: Record<string, string>;
  dialog: Dialog | null;
  notice: Notice | null;
  /** The last identity check on the open profile page, shown under its form. */
  check: IdentityCheck | null;
  finished: string | null;
  /** A read-only task: any record the agent changes anyway is a policy trip (the world still applies it, as a web app would). */
  readOnly: boolean;
}

export interface Dialog {
  order: number;
  decision: 'issue' | 'decline';
  amount_cents: number | null;
  reason: string | null;
  note: string;
}

export interface Notice {
  tone: 'alert' | 'status';
  text: string;
}

export interface IdentityCheck {
  customer: number;
  email: string;
  match: boolean;
}

export const HOME = '/';

export function initialState(seed: number, db: Db, answerKey: string, readOnly: boolean): PortalState {
  return { seed, answerKey, db, path: HOME, fields: {}, dialog: null, notice: null, check: null, finished: null, readOnly };
}

/** The same addresses people type: trimmed, case-insensitive. */
export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
