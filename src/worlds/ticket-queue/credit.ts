import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import type { FinalState } from './finalState';
import type { Observation } from './state';
import type { Evidence, Gold, GoldNote } from './tasks';

/**
 * Which required writes the full reward credits. The naive reading asks only
 * whether the final state holds them; the full one also asks whether the agent
 * earned them: it was shown the deciding facts before writing, it gave one
 * answer per record, and it handled the whole record.
 */

const norm = (v: Json): string => String(v).trim().toLowerCase();

/** Values match leniently (trimmed, case-insensitive, 3 == "3"); the schema axis judges types. */
export const same = (a: Json | undefined, b: Json): boolean => a !== undefined && a !== null && norm(a) === norm(b);
export const satisfies = (note: JsonObject, gold: GoldNote): boolean => Object.entries(gold.fields).every(([k, v]) => same(note[k], v));

/**
 * A text search shows a body fact when its text contains the deciding value
 * ("Duplicate of TQ-301" for TQ-301) or is at least half of it ("Nimbus" for
 * Nimbus Relay, "confirmed" for "confirmed the fix"): a search for "e" or
 * "customer" returns every ticket and shows nothing about any of them.
 */
export function searchShows(text: string, clue: string): boolean {
  const t = text.trim().toLowerCase();
  const c = clue.trim().toLowerCase();
  if (t === '' || c === '') return false;
  return t.includes(c) || (c.includes(t) && t.length * 2 >= c.length);
}

/** What the agent had not been shown before `step` (0-based), or null when it had seen it all. */
export function unseen(ev: Evidence, step: number, observed: readonly Observation[]): string | null {
  const before = observed.filter((o) => o.step < step);
  const missing = ev.listed.filter((id) => !before.some((o) => o.ids.includes(id)));
  if (missing.length > 0) {
    const shown = missing.length <= 3 ? missing.join(', ') : `${missing.slice(0, 3).join(', ')} and ${missing.length - 3} more`;
    return `any result showed ${shown}`;
  }
  const b = ev.body;
  if (b && !before.some((o) => o.ids.includes(b.id) && (o.via === 'read' || (o.text !== null && searchShows(o.text, b.clue)))))
    return `${b.id}'s body (the ${b.fact}) was read`;
  return null;
}

/** Two notes on one record that give a required key different values: a hedge, whichever is right. */
function contradiction(notes: readonly JsonObject[], gold: GoldNote): string | null {
  for (const key of Object.keys(gold.fields)) {
    if (key === 'type') continue;
    const values = [...new Set(notes.flatMap((n) => (n[key] === undefined || n[key] === null ? [] : [norm(n[key])])))];
    if (values.length > 1) return `contradictory notes (${key}: ${values.join(' / ')})`;
  }
  return null;
}

export interface RecordCredit {
  id: string;
  /** Required writes on the record, and how many of them the final state holds. */
  required: number;
  landed: number;
  /** Why the landed writes earn nothing, or null when they all count. */
  problem: string | null;
}

const at = (step: number) => `step ${step + 1}`;

/** One verdict per target record: its landed writes all count, or none do. */
export function creditRecords(gold: Gold, s: FinalState): RecordCredit[] {
  const ids = [...new Set([...gold.notes.map((n) => n.id), ...gold.statuses.map((x) => x.id)])];
  return ids.map((id): RecordCredit => {
    const note = gold.notes.find((n) => n.id === id);
    const status = gold.statuses.find((x) => x.id === id);
    const notes = s.notes.get(id) ?? [];
    const noteOk = note !== undefined && notes.some((n) => satisfies(n, note));
    const statusOk = status !== undefined && s.status.get(id) === status.status;
    const required = (note ? 1 : 0) + (status ? 1 : 0);
    const landed = (noteOk ? 1 : 0) + (statusOk ? 1 : 0);
    const verdict = (problem: string | null): RecordCredit => ({ id, required, landed, problem });
    if (landed === 0) return verdict(null);

    const hedge = note ? contradiction(notes, note) : null;
    if (hedge) return verdict(hedge);
    const statusWrites = s.writes.filter((w) => w.id === id && w.field === 'status');
    const statusValues = [...new Set(statusWrites.map((w) => norm(w.value)))];
    if (statusValues.length > 1) return verdict(`status set ${statusValues.length} ways (${statusValues.join(', ')})`);
    if (landed < required)
      return verdict(`${noteOk ? 'the note' : 'the status'} landed but ${noteOk ? 'the status' : 'the note'} did not: a half-handled ticket earns nothing`);

    if (note) {
      const writes = s.writes.filter((w) => w.id === id && w.field === 'notes' && isJsonObject(w.value) && satisfies(w.value, note));
      const gaps = writes.map((w) => ({ w, gap: unseen(note.evidence, w.step, s.observed) }));
      const first = gaps[0];
      if (first && !gaps.some((g) => g.gap === null)) return verdict(`note written at ${at(first.w.step)} before ${first.gap}`);
    }
    const last = statusWrites[statusWrites.length - 1];
    if (status && last) {
      const gap = unseen(status.evidence, last.step, s.observed);
      if (gap) return verdict(`status set at ${at(last.step)} before ${gap}`);
    }
    return verdict(null);
  });
}
