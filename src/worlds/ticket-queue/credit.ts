import type { JsonObject } from '../../core/json';
import { PRIORITIES, STATUSES } from './data';
import { sameValue } from './noteValues';
import type { Observation, WriteEntry } from './state';
import type { CountedSet, Evidence, Gold, GoldNote } from './tasks';

/**
 * Only observed facts count (the contract's second rule): every write, needed
 * or not, must come after the facts that decide it were shown to the agent, as
 * the session showed them (`snapshot().observed`). The naive reading asks only
 * whether the final state holds the gold; this asks whether the agent could
 * have known it.
 */

/** Values match leniently (`sameValue`: folded text, counts in words or any digits, ids as the tools read them); the schema axis judges types. */
export const satisfies = (note: JsonObject, gold: GoldNote): boolean => Object.entries(gold.fields).every(([k, v]) => sameValue(note[k], v, k));

const words = (s: string) => s.split(/\s+/).filter((w) => w !== '');

/**
 * A text search shows a body fact when its text contains the deciding value
 * ("Duplicate of TQ-301" for TQ-301), or is whole words of it making at least
 * half of it ("Nimbus" for Nimbus Relay, "confirmed" for "confirmed the fix").
 * A search for "e" or "customer" returns every ticket and shows nothing about
 * any of them, and one for "TQ-3" returns a ticket naming any of TQ-300–399.
 */
export function searchShows(text: string, clue: string): boolean {
  const t = text.trim().toLowerCase();
  const c = clue.trim().toLowerCase();
  if (t === '' || c === '') return false;
  if (t.includes(c)) return true;
  const tw = words(t);
  const cw = words(c);
  const at = cw.findIndex((_, i) => tw.every((w, k) => cw[i + k] === w));
  return at >= 0 && t.length * 2 >= c.length;
}

/**
 * When lists prove a set complete. A list shows every ticket that matches its filter (at that
 * step), so lists together show every member of a set when their filters, together, take in every
 * ticket the set could hold. The board's statuses (the tool's enum) and priorities (low, medium,
 * high, urgent on every board) are fixed, so a ticket is one of 20 cells (status × priority), and a
 * filter on status and/or priority alone takes in the cells it names (no key: all 20). A filter on
 * a tag, an assignee or a text takes in no cell: it shows the tickets that match, never that the
 * others do not exist, and nothing bounds what else a tag, an assignee or a text could be. The set
 * "status open" is the five cells (open, any priority); "priority urgent" the five (any status,
 * urgent). It is shown whole at the first list by which its cells are all taken in: one unfiltered
 * list; a list filtered by exactly it; lists of every status, or of every priority, which partition
 * the board; or any mix of per-cell and per-key lists that covers it. Reads never take in a cell.
 * list_records has no pages (every match comes in one result), so pages add no case. The board may
 * only change by the agent's own writes, and the only task that counts (queue-summary) forbids every
 * status write, so lists taken at different steps show one board.
 */
export function coveredAt(set: CountedSet, observed: readonly Observation[]): number {
  const want = 'status' in set ? PRIORITIES.map((p) => `${set.status}|${p}`) : STATUSES.map((s) => `${s}|${set.priority}`);
  const covered = new Set<string>();
  for (const o of observed) {
    const f = o.filter;
    if (o.via !== 'list' || !f) continue;
    if (Object.keys(f).some((k) => k !== 'status' && k !== 'priority' && !(k === 'text' && f.text === ''))) continue;
    for (const s of f.status !== undefined ? [f.status] : STATUSES)
      for (const p of f.priority !== undefined ? [f.priority] : PRIORITIES) covered.add(`${s}|${p}`);
    if (want.every((c) => covered.has(c))) return o.step;
  }
  return Infinity;
}

/**
 * The step at which each fact was first shown, each found in one pass over what was shown
 * and kept: every write asks about the same few records, and a pass per write made a long
 * run's scorecard quadratic (each scorecard of every prefix, when a trace is stepped through).
 */
class FirstShown {
  private listedAt: Map<string, number> | null = null;
  private readonly bodyAt = new Map<string, number>();
  private readonly completeAt = new Map<string, number>();

  constructor(private readonly observed: readonly Observation[]) {}

  /** The first step whose result showed `id` (Infinity: none did). */
  listed(id: string): number {
    if (!this.listedAt) {
      const at = new Map<string, number>();
      for (const o of this.observed) for (const i of o.ids) if (o.step < (at.get(i) ?? Infinity)) at.set(i, o.step);
      this.listedAt = at;
    }
    return this.listedAt.get(id) ?? Infinity;
  }

  /**
   * The first step by which every ticket of `set` had been shown as a whole set (`coveredAt`).
   */
  complete(set: CountedSet): number {
    const key = 'status' in set ? `status\u0000${set.status}` : `priority\u0000${set.priority}`;
    let first = this.completeAt.get(key);
    if (first === undefined) this.completeAt.set(key, (first = coveredAt(set, this.observed)));
    return first;
  }

  /** The first step that showed the record's body fact: the record read, or a text search the clue answers. */
  body(b: NonNullable<Evidence['body']>): number {
    const key = `${b.id}\u0000${b.clue}`;
    let first = this.bodyAt.get(key);
    if (first === undefined) {
      first = Infinity;
      for (const o of this.observed)
        if (o.step < first && o.ids.includes(b.id) && (o.via === 'read' || (o.text !== null && searchShows(o.text, b.clue)))) first = o.step;
      this.bodyAt.set(key, first);
    }
    return first;
  }
}

/** What the agent had not been shown before `step` (0-based), or null when it had seen it all. */
export function unseen(ev: Evidence, step: number, observed: readonly Observation[] | FirstShown): string | null {
  const shown = observed instanceof FirstShown ? observed : new FirstShown(observed);
  const missing = ev.listed.filter((id) => !(shown.listed(id) < step));
  if (missing.length > 0) {
    const named = missing.length <= 3 ? missing.join(', ') : `${missing.slice(0, 3).join(', ')} and ${missing.length - 3} more`;
    return `any result showed ${named}`;
  }
  const b = ev.body;
  if (b && !(shown.body(b) < step)) return `${b.id}'s body (the ${b.fact}) was read`;
  const whole = (ev.complete ?? []).filter((set) => !(shown.complete(set) < step));
  if (whole.length > 0)
    return `every ticket ${whole.map((set) => ('status' in set ? `with status ${set.status}` : `with priority ${set.priority}`)).join(', ')} was shown (lists whose filters together take in every such ticket): reading tickets one by one does not show there are no others`;
  return null;
}

/**
 * The facts that decide a write on `id`: the gold's where the write is a
 * required one; elsewhere what would decide it if the record were a target —
 * the record in a result, and its body read where the task's own writes of
 * that field hang on a body fact. A body fact with one wording for every
 * target ("confirmed the fix") can be shown by a text search; one that
 * differs per ticket (a vendor, a customer) needs the record read.
 */
export function evidenceFor(gold: Gold, id: string, field: WriteEntry['field']): Evidence {
  const own = field === 'notes' ? gold.notes.find((n) => n.id === id) : gold.statuses.find((s) => s.id === id);
  if (own) return own.evidence;
  const kin = (field === 'notes' ? gold.notes : gold.statuses).flatMap((g) => (g.evidence.body ? [g.evidence.body] : []));
  if (kin.length === 0) return { listed: [id], body: null };
  const clues = new Set(kin.map((b) => b.clue));
  return { listed: [id], body: { id, fact: kin[0]!.fact, clue: clues.size === 1 ? kin[0]!.clue : '' } };
}

export interface BlindWrite {
  write: WriteEntry;
  /** What had not been shown, as `unseen` says it. */
  gap: string;
}

/** Writes made before their deciding facts were shown, in order. */
export function blindWrites(gold: Gold, writes: readonly WriteEntry[], observed: readonly Observation[]): BlindWrite[] {
  const shown = new FirstShown(observed);
  return writes.flatMap((write) => {
    const gap = unseen(evidenceFor(gold, write.id, write.field), write.step, shown);
    return gap ? [{ write, gap }] : [];
  });
}

/** How a reason names a blind write: "TQ-458: note written at step 2 before TQ-458's body (the vendor) was read". */
export const blindReason = ({ write, gap }: BlindWrite): string =>
  `${write.id}: ${write.field === 'notes' ? 'note written' : 'status set'} at step ${write.step + 1} before ${gap}`;
