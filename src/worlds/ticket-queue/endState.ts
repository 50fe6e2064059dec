import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import { DATES, IDENTIFIERS, satisfies } from './credit';
import { CUSTOMERS, PRIORITIES, VENDORS } from './data';
import type { TicketQueueState, WriteEntry } from './state';
import type { Gold, GoldNote } from './tasks';

/**
 * The end state as a diff (the contract's first rule): the initial board plus
 * exactly the task's required writes, compared record by record, field by field.
 *
 * Statuses are one value per record: the final status is compared with the
 * required one, or with the initial one where none is required. Notes are
 * append-only, so a later note *supersedes* every earlier note on its record
 * when it restates every required key with the right value (`satisfies`);
 * what stands is that note and whatever was written after it. So:
 * - a **correction** is a write that leaves nothing standing: a note
 *   superseded that way, or a status overwritten before the record ended at its
 *   expected status (a status set and set back, on any record, is two). The
 *   end state is right; each costs `CORRECTION_PENALTY`.
 * - a **hedge** is two answers standing: a note after the right one that gives
 *   a required key another value. It is an unexpected change, like any other
 *   note or status the task did not ask for, and a note key the task does not
 *   name.
 */

/** What one correction costs the end-state layer; the floor keeps a right, earned end state above any wrong one. */
export const CORRECTION_PENALTY = 0.05;
export const CORRECTION_FLOOR = 0.5;
/** What the end-state layer keeps when the end state is not the expected one: every breaking run stays at or under it. */
export const END_STATE_CAP = 0.25;

export type WriteRole = 'required' | 'correction' | 'unexpected';

export interface EndStateDiff {
  /** Each write's role, in the order of `state.writes`. */
  roles: WriteRole[];
  /** Required writes the final state lacks: "note on TQ-458", "TQ-458 → waiting". */
  missing: string[];
  /** Changes the task did not ask for, each named. */
  unexpected: string[];
  /** Records with a correction, and what was corrected. */
  corrections: string[];
  /** Records with an unexpected change. */
  touched: Set<string>;
  /** Records the task asks to change, or that changed: each exactly as expected, or not. */
  records: { id: string; right: boolean }[];
}

const norm = (v: Json): string => String(v).trim().toLowerCase();

/** A note as a reason shows it: compact, cut at 80 characters. */
export function brief(note: Json): string {
  const text = JSON.stringify(note);
  return text.length <= 80 ? text : `${text.slice(0, 77)}…`;
}

/** The required key (other than `type`) a later note gives another value, as "vendor: a / b". */
function contradiction(right: JsonObject, later: JsonObject, gold: GoldNote): string | null {
  for (const key of Object.keys(gold.fields)) {
    if (key === 'type' || later[key] === undefined || later[key] === null) continue;
    if (norm(later[key]!) !== norm(right[key]!)) return `${key}: ${norm(right[key]!)} / ${norm(later[key]!)}`;
  }
  return null;
}

/** Every string and number inside a JSON value, with the keys on the way to it. */
function leaves(v: Json, path: readonly string[] = [], out: { path: readonly string[]; text: string }[] = []): { path: readonly string[]; text: string }[] {
  if (typeof v === 'string' || typeof v === 'number') out.push({ path, text: String(v) });
  else if (Array.isArray(v)) for (const x of v) leaves(x, path, out);
  else if (isJsonObject(v)) for (const [k, x] of Object.entries(v)) leaves(x, [...path, k], out);
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const mentions = (text: string, value: string) => new RegExp(`(^|[^\\w-])${escape(value)}($|[^\\w-])`, 'i').test(text);

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

/**
 * A number under an extra key competes with the required counts unless its key
 * names another quantity of the queue ("total": 13, "closed": 2) and none of the
 * required ones ("open_alt": 4 is a rival) — as a "Total" row is context to a
 * table's counts.
 */
function countRivals(extra: readonly [string, Json][], countKeys: readonly string[], own: readonly string[]): string[] {
  const out: string[] = [];
  for (const [key, value] of extra)
    for (const leaf of leaves(value, [key])) {
      const words = leaf.path.flatMap(keyWords);
      const hedged = words.some((w) => HEDGE_WORDS.includes(w)) || keyWords(leaf.text).some((w) => HEDGE_WORDS.includes(w));
      const elsewhere = words.some((w) => OTHER_QUANTITIES.includes(w)) && !words.some((w) => countKeys.includes(w) || HEDGE_WORDS.includes(w));
      if (elsewhere) continue;
      out.push(...countsIn(leaf.text, countKeys, hedged).filter((n) => !own.includes(n)));
    }
  return out;
}

// Words before a number that make it a label, not a quantity: "week 23", "sprint 4", "#12", "no. 3".
const LABEL_WORDS = ['week', 'wk', 'sprint', 'day', 'version', 'v', 'no', 'number', 'iteration', 'quarter', 'q', 'page', 'step', 'ticket', 'id'];

/**
 * The numbers a free-text value offers as counts: identifiers, dates, labels ("week 23") and
 * numbers of another quantity of the queue ("across 11 tickets", "2 closed") aside — unless the
 * text hedges ("4 or 5 open"), when every number but identifiers and dates competes.
 */
function countsIn(text: string, countKeys: readonly string[], hedged: boolean): string[] {
  const plain = text.replace(DATES, ' ').replace(IDENTIFIERS, ' ');
  const out: string[] = [];
  for (const m of plain.matchAll(/(?<![\w-])(-?\d+)(?![\w])/g)) {
    // The words around the number within its clause: "4 urgent, total 11" reads 11 with "total" alone.
    const head =
      plain
        .slice(0, m.index)
        .split(/[,;.()\n]/)
        .at(-1) ?? '';
    const tail = plain.slice(m.index! + m[0].length).split(/[,;.()\n]/)[0] ?? '';
    const [b1 = '', b2 = ''] = keyWords(head).reverse();
    const [a1 = '', a2 = ''] = keyWords(tail);
    const counted = (w: string) => countKeys.includes(w);
    const other = (w: string) => OTHER_QUANTITIES.includes(w) && !counted(w);
    const label = /#\s*$/.test(head) || LABEL_WORDS.includes(b1);
    // "across 11 tickets", "total 11", "2 closed" are other quantities; "11 tickets open" and "open tickets: 5" are counts.
    const elsewhere = (other(a1) && !counted(a2)) || (other(b1) && !counted(b2) && !counted(a1));
    if (!hedged && (label || elsewhere)) continue;
    out.push(m[1]!);
  }
  return out;
}

/**
 * Rival answers an honest agent's extra keys ("comment", "summary") do not hold:
 * another value of the kind a required key takes — another vendor, customer,
 * priority or ticket id on the board (the note's own ticket aside: it is never
 * its own original), or another count where a key is a count (dates and other
 * quantities of the queue aside). Extra keys are otherwise free: a note may say
 * more than the task asks.
 */
function rivalsIn(extra: readonly [string, Json][], gold: GoldNote, ids: readonly string[], self: string): string[] {
  const text = extra.flatMap(([, v]) => leaves(v).map((l) => l.text)).join(' \n ');
  if (text.trim() === '') return [];
  const own = Object.entries(gold.fields)
    .filter(([k]) => k !== 'type')
    .map(([, v]) => norm(v));
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

export function endStateDiff(gold: Gold, state: TicketQueueState): EndStateDiff {
  const ids = state.records.map((r) => r.id);
  const roles: WriteRole[] = state.writes.map(() => 'unexpected');
  const out: EndStateDiff = { roles, missing: [], unexpected: [], corrections: [], touched: new Set(), records: [] };
  const indexed = state.writes.map((w, i) => ({ w, i }));
  const surprise = (id: string, what: string) => {
    out.unexpected.push(what);
    out.touched.add(id);
  };

  for (const record of state.records) {
    const id = record.id;
    const on = (field: WriteEntry['field']) => indexed.filter(({ w }) => w.id === id && w.field === field);

    const initial = state.initial_status[id] ?? record.status;
    const goldStatus = gold.statuses.find((g) => g.id === id);
    const expected = goldStatus?.status ?? initial;
    const statusWrites = on('status');
    if (record.status === expected) {
      statusWrites.forEach(({ i }, k) => (roles[i] = goldStatus && k === statusWrites.length - 1 ? 'required' : 'correction'));
      if (statusWrites.length > (goldStatus ? 1 : 0))
        out.corrections.push(`${id} status ${[initial, ...statusWrites.map(({ w }) => String(w.value))].join(' → ')}`);
    } else {
      if (goldStatus) out.missing.push(`${id} → ${goldStatus.status}`);
      if (record.status !== initial)
        surprise(id, `${id} status ${initial} → ${record.status}${goldStatus ? ` (the task asks ${goldStatus.status})` : ' (the task leaves it as it was)'}`);
    }

    const noteWrites = on('notes');
    const goldNote = gold.notes.find((g) => g.id === id);
    const notes = noteWrites.map(({ w }) => (isJsonObject(w.value) ? w.value : {}));
    const right = goldNote ? notes.map((n) => satisfies(n, goldNote)).lastIndexOf(true) : -1;
    if (goldNote && right < 0) out.missing.push(`note on ${id}`);
    noteWrites.forEach(({ i }, k) => {
      const note = notes[k]!;
      if (k < right) return void (roles[i] = 'correction');
      if (k === right) {
        roles[i] = 'required';
        const extra = Object.keys(note).filter((key) => !(key in goldNote!.fields));
        const rivals = rivalsIn(
          extra.map((k): [string, Json] => [k, note[k]!]),
          goldNote!,
          ids,
          id,
        );
        if (rivals.length > 0)
          surprise(
            id,
            `${id}'s note names ${rivals.join(', ')} under ${extra.length === 1 ? 'a key' : 'keys'} the task does not name (${extra.join(', ')}): a rival beside the answer`,
          );
        return;
      }
      const hedge = goldNote && right >= 0 ? contradiction(notes[right]!, note, goldNote) : null;
      if (hedge) surprise(id, `${id}: contradictory notes left standing (${hedge})`);
      else if (goldNote) surprise(id, `${id}: a note that is not the one the task asks for, left standing: ${brief(note)}`);
      else surprise(id, `${id}: a note the task does not ask for: ${brief(note)}`);
    });
    if (right > 0) out.corrections.push(`${id}: ${right === 1 ? 'a note' : `${right} notes`} superseded by a later one with every required value`);
    const wrong = out.touched.has(id) || (goldStatus !== undefined && record.status !== expected) || (goldNote !== undefined && right < 0);
    if (goldStatus || goldNote || wrong) out.records.push({ id, right: !wrong });
  }
  return out;
}

/**
 * The end-state layer's value: 1, less each correction (down to the floor);
 * when the end state is not the expected one, the cap times the share of the
 * records involved (asked to change, or changed) that are exactly as expected —
 * so a hedge, a wrong note or a stray on every record it touched keeps nothing.
 */
export function endStateValue(diff: EndStateDiff): number {
  if (diff.missing.length + diff.unexpected.length > 0) {
    const right = diff.records.filter((r) => r.right).length;
    return END_STATE_CAP * (diff.records.length === 0 ? 0 : right / diff.records.length);
  }
  const corrections = diff.roles.filter((r) => r === 'correction').length;
  return Math.max(CORRECTION_FLOOR, 1 - CORRECTION_PENALTY * corrections);
}
