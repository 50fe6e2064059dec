import { readPage, type Written } from './evidence';
import type { Page } from './page';
import type { PortalState } from './state';

/**
 * What the portal showed: the contract's second rule ("only observed facts
 * count") needs, for a value typed or answered at step k, whether a page
 * rendered before step k showed it. The session records each line of text a
 * shown page held, with the first step that showed it; the rubric asks here.
 *
 * A line is what a person could read on the page: visible names, the records'
 * values in untouched boxes, a drop-down's options, a link's address. Never the
 * hidden nodes (page source), never what the agent typed (a box's typed value,
 * the notice, dialog and check result that repeat it): a cancelled dialog
 * saying "Refund $1.00?" does not make $1.00 a fact the portal showed. Nor what
 * the agent wrote and the portal shows back (`written`: a status it saved, an
 * address it typed, a refund it made, on every page that re-displays them).
 */
export type Shown = { [line: string]: number };

export function shownLines(page: Page, state: Pick<PortalState, 'fields' | 'db'>, written: Written = new Set()): string[] {
  const out = new Set<string>();
  for (const { node: n, reading } of readPage(page, state)) {
    const mine = reading.about.some((w) => written.has(w));
    if (n.name && !mine) out.add(n.name);
    if (n.href) out.add(n.href);
    for (const o of n.options ?? []) out.add(o);
    if (n.value && !(n.key in state.fields) && !mine) out.add(n.value);
  }
  return [...out];
}

/** Adds a page's lines to what was shown, keeping each line's first step. */
export function recordShown(shown: Shown, lines: readonly string[], step: number): void {
  for (const l of lines) if (!(l in shown)) shown[l] = step;
}

export const normText = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Dates are labels, not amounts or counts ("placed 2025-03-14" shows no 14).
const DATE = /\b\d{4}-\d{1,2}-\d{1,2}\b/g;
const NUMBER = /\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g;
const MONEY = /\$\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?/g;

const numbersIn = (s: string) => (s.replace(DATE, ' ').match(NUMBER) ?? []).map((m) => Number(m.replace(/,/g, '')));
const centsIn = (s: string) => [...s.matchAll(MONEY)].map((m) => Number(m[1]!.replace(/,/g, '')) * 100 + Number((m[2] ?? '').padEnd(2, '0')));

interface Line {
  step: number;
  text: string;
}

/**
 * What was observed before a step: the prompt (step -1: it named its values
 * before anything happened) and every line shown. Values compare as people
 * read them: text case- and space-blind on word boundaries, numbers by value,
 * amounts in cents from "$" figures only (an amount is shown as money).
 */
export class Observed {
  private readonly lines: Line[];

  constructor(shown: Shown, prompt: string) {
    // "(1) open the order's page" numbers the policy's steps; it names no value.
    this.lines = [{ step: -1, text: prompt.replace(/\(\d\)/g, ' ') }, ...Object.entries(shown).map(([text, step]) => ({ step, text }))];
  }

  private before(step: number): Line[] {
    return this.lines.filter((l) => l.step < step);
  }

  /** A text value (an email, a street, a city, a status) on a line shown before `step`. */
  text(value: string, step: number): boolean {
    const v = normText(value);
    if (v === '') return true;
    const word = new RegExp(`(?<![a-z0-9@._+-])${escape(v)}(?![a-z0-9@_+-])`);
    return this.before(step).some((l) => word.test(normText(l.text)));
  }

  /** A number (a count, an order number, a number of days) shown before `step`. */
  number(n: number, step: number): boolean {
    return this.before(step).some((l) => numbersIn(l.text).some((x) => Math.abs(x - n) < 1e-9));
  }

  /** An amount shown as money ("$101.03") before `step`. */
  cents(c: number, step: number): boolean {
    return this.before(step).some((l) => centsIn(l.text).includes(c));
  }
}
