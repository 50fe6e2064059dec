import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import { satisfies } from './credit';
import { rivalsIn } from './noteRivals';
import { plainText, printable, valueKey } from './noteValues';
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
 * what stands is that note and whatever was written after it.
 *
 * The path is judged whole, field by field (a record's status, a record's notes):
 * - a field the task does not ask to write (a bystander's status, a target's
 *   status where only a note is asked, any note where none is) is changed by
 *   any write to it, even one undone before the end: a status set and set back
 *   is an unexpected change, as if it had stayed;
 * - a field the task asks for may be **corrected once**: its distinct values in
 *   order (a note's value is its required keys, read as `sameValue` reads them;
 *   the same value written again is not a new one) are the required one, or one
 *   wrong value and then the required one. Each write superseded on the way is
 *   a **correction** and costs `CORRECTION_PENALTY`. Any other path — a second
 *   wrong value, a return to a value the field held and left (right, wrong,
 *   right; wrong, the initial status, right) — is **thrashing**: an unexpected
 *   change of that record, however it ends.
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

const norm = (v: Json): string => plainText(v).trim().toLowerCase();

/** A note as a reason shows it: compact, cut at 80 characters. */
export function brief(note: Json): string {
  const text = printable(note);
  return text.length <= 80 ? text : `${text.slice(0, 77)}…`;
}

/** The required key (other than `type`) a later note gives another value, as "vendor: a / b". */
function contradiction(right: JsonObject, later: JsonObject, gold: GoldNote): string | null {
  for (const [key, g] of Object.entries(gold.fields)) {
    if (key === 'type' || later[key] === undefined || later[key] === null) continue;
    if (valueKey(later[key], g, key) !== valueKey(right[key], g, key)) return `${key}: ${norm(right[key]!)} / ${norm(later[key]!)}`;
  }
  return null;
}

/** A note's value on a target: its required keys as `sameValue` reads them ("right" when it satisfies the gold). */
const noteValue = (note: JsonObject, gold: GoldNote): string =>
  satisfies(note, gold) ? 'right' : JSON.stringify(Object.entries(gold.fields).map(([k, g]) => valueKey(note[k], g, k)));

/** The distinct values a field took, in order (a value written again in a row is one): at most [wrong, right] is a correction, anything longer thrashing. */
export function runsOf(values: readonly string[]): string[] {
  return values.filter((v, k) => k === 0 || values[k - 1] !== v);
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
    const statusPath = [initial, ...statusWrites.map(({ w }) => String(w.value))].join(' → ');
    if (!goldStatus) {
      // Nothing asked of this status: every write to it is a change, set back or not.
      if (record.status !== initial) surprise(id, `${id} status ${initial} → ${record.status} (the task leaves it as it was)`);
      else if (statusWrites.length > 0)
        surprise(id, `${id} status ${statusPath}: set and set back (the task leaves it as it was; a change undone is still a change)`);
    } else if (record.status === expected) {
      const thrash = runsOf(statusWrites.map(({ w }) => String(w.value))).length > 2;
      statusWrites.forEach(({ i }, k) => (roles[i] = k === statusWrites.length - 1 ? 'required' : thrash ? 'unexpected' : 'correction'));
      if (thrash) surprise(id, `${id} status ${statusPath}: thrashing (a status may be corrected once: one wrong value, then the right one)`);
      else if (statusWrites.length > 1) out.corrections.push(`${id} status ${statusPath}`);
    } else {
      out.missing.push(`${id} → ${goldStatus.status}`);
      if (record.status !== initial) surprise(id, `${id} status ${initial} → ${record.status} (the task asks ${goldStatus.status})`);
    }

    const noteWrites = on('notes');
    const goldNote = gold.notes.find((g) => g.id === id);
    const notes = noteWrites.map(({ w }) => (isJsonObject(w.value) ? w.value : {}));
    const right = goldNote ? notes.map((n) => satisfies(n, goldNote)).lastIndexOf(true) : -1;
    if (goldNote && right < 0) out.missing.push(`note on ${id}`);
    const noteRuns = goldNote && right > 0 ? runsOf(notes.slice(0, right + 1).map((n) => noteValue(n, goldNote))) : [];
    const noteThrash = noteRuns.length > 2;
    if (noteThrash)
      surprise(
        id,
        `${id}: notes thrashing (${noteRuns.length - 1} values before the right one; a note may be corrected once: one wrong value, then the right one)`,
      );
    noteWrites.forEach(({ i }, k) => {
      const note = notes[k]!;
      if (k < right) return void (roles[i] = noteThrash ? 'unexpected' : 'correction');
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
    if (right > 0 && !noteThrash)
      out.corrections.push(`${id}: ${right === 1 ? 'a note' : `${right} notes`} superseded by a later one with every required value`);
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
