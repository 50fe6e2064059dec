import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import type { Observation, TicketQueueState, WriteEntry } from './state';
import { ASSIGNEES, CUSTOMERS, PRIORITIES, STATUSES, VENDORS } from './data';
import type { CountedSet, Evidence, Gold, GoldNote } from './tasks';

/**
 * Only observed facts count (the contract's second rule): every write, needed
 * or not, must come after the facts that decide it were shown to the agent, as
 * the session showed them (`snapshot().observed`). The naive reading asks only
 * whether the final state holds the gold; this asks whether the agent could
 * have known it.
 */

const norm = (v: Json): string => String(v).trim().toLowerCase();

/** Values match leniently (trimmed, case-insensitive, 3 == "3"); the schema axis judges types. */
export const same = (a: Json | undefined, b: Json): boolean => a !== undefined && a !== null && norm(a) === norm(b);
export const satisfies = (note: JsonObject, gold: GoldNote): boolean => Object.entries(gold.fields).every(([k, v]) => same(note[k], v));

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
 * The step at which each fact was first shown, each found in one pass over what was shown
 * and kept: every write asks about the same few records, and a pass per write made a long
 * run's scorecard quadratic (each scorecard of every prefix, when a trace is stepped through).
 */
class FirstShown {
  private listedAt: Map<string, number> | null = null;
  private readonly bodyAt = new Map<string, number>();

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
   * The first step by which every ticket of `set` had been shown as a whole set: a list of
   * the whole board, a list filtered by exactly that status or priority, or lists of every
   * status (or every priority) between them. Reads and other filters show members, not
   * that there are no others.
   */
  complete(set: CountedSet): number {
    const [dim, value] = 'status' in set ? (['status', set.status] as const) : (['priority', set.priority] as const);
    const every: readonly string[] = dim === 'status' ? STATUSES : PRIORITIES;
    const seen = new Set<string>();
    for (const o of this.observed) {
      const f = o.filter;
      if (o.via !== 'list' || !f) continue;
      const keys = Object.keys(f).filter((k) => !(k === 'text' && f.text === ''));
      if (keys.length === 0) return o.step;
      if (keys.length !== 1 || keys[0] !== dim) continue;
      const v = f[dim]!;
      if (v === value) return o.step;
      seen.add(v);
      if (every.every((x) => seen.has(x))) return o.step;
    }
    return Infinity;
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
    return `every ticket ${whole.map((set) => ('status' in set ? `with status ${set.status}` : `with priority ${set.priority}`)).join(', ')} was shown (a full listing, or a list filtered by it): reading tickets one by one does not show there are no others`;
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

// A date, a time or a week says when the note was written, not a fact of the queue: "2025-06-02",
// "2025-06-02T09:30:00Z", "09:30", "2026-W49". The board holds none, so none can contradict it.
export const DATES =
  /\b\d{4}-\d{1,2}-\d{1,2}(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b|\b\d{1,2}:\d{2}(?::\d{2})?\b|\b\d{4}-w\d{1,2}\b/gi;
// An identifier: a token of letters and digits ("TQ-627", "CVE-2026-1234", "NR-4471", "W49"), or an address ("203.0.113.7").
export const IDENTIFIERS = /(?<![\w.-])(?=[\w.-]*[a-z])(?=[\w.-]*\d)[\w]+(?:[-.][\w]+)*|\b\d+(?:\.\d+){3}\b/gi;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const says = (text: string, value: string) => new RegExp(`(^|[^\\w-])${escapeRe(value)}($|[^\\w-])`, 'i').test(text);

/** Every string and number inside a JSON value, with its top key. */
function leafTexts(v: Json, out: string[] = []): string[] {
  if (typeof v === 'string' || typeof v === 'number') out.push(String(v));
  else if (Array.isArray(v)) for (const x of v) leafTexts(x, out);
  else if (isJsonObject(v)) for (const x of Object.values(v)) leafTexts(x, out);
  return out;
}

type Board = Pick<TicketQueueState, 'records' | 'initial_status' | 'writes' | 'observed'>;

/**
 * A note's values beyond the required keys are facts too (the contract's second rule): each must
 * be one the session showed before the note was written — for a note on one ticket, shown *for
 * that ticket* (its row or its body); for the summary, anywhere. Checked in each extra value:
 * - a vendor, customer or assignee it names: shown for the ticket (another ticket's customer is
 *   not this one's);
 * - an identifier ("TQ-999", "NR-4471", an IP address): shown anywhere (ids in a listing count);
 * - on a ticket's note, a value that is wholly a status or a priority: one the ticket showed or
 *   ended with, and a number: one its row or body showed.
 * Dates and weeks are free (when the note was written: the board has none); so is prose
 * naming none of these — it states nothing a record could contradict.
 */
export function unshownValues(gold: Gold, state: Board): BlindWrite[] {
  const byId = new Map(state.records.map((r) => [r.id, r]));
  const statusAt = (id: string, step: number): string => {
    const set = state.writes.filter((w) => w.id === id && w.field === 'status' && w.step < step).at(-1);
    return set ? String(set.value) : (state.initial_status[id] ?? byId.get(id)?.status ?? '');
  };
  const view = (o: Observation, id: string): { text: string; status: string } => {
    const r = byId.get(id)!;
    const status = statusAt(id, o.step);
    const row = { id: r.id, title: r.title, status, priority: r.priority, assignee: r.assignee, tags: r.tags };
    return { text: JSON.stringify(o.via === 'read' ? { ...row, body: r.body } : row), status };
  };
  return state.writes.flatMap((write) => {
    const g = gold.notes.find((n) => n.id === write.id);
    if (write.field !== 'notes' || !g || !isJsonObject(write.value)) return [];
    const note = write.value;
    const extra = Object.keys(note).filter((k) => !(k in g.fields));
    if (extra.length === 0) return [];
    const summary = Object.values(g.fields).some((v) => typeof v === 'number');
    const before = state.observed.filter((o) => o.step < write.step);
    const views = before.flatMap((o) => o.ids.filter((id) => byId.has(id)).map((id) => ({ id, ...view(o, id) })));
    const everywhere = views.map((v) => v.text).join('\n');
    const mine = views.filter((v) => v.id === write.id);
    const here = summary ? everywhere : mine.map((v) => v.text).join('\n');
    const record = byId.get(write.id);
    // A rival of the answer's own kind (another vendor beside the vendor, another original id) is a
    // hedge, the end state's to name (endState.ts, rivalsIn); here only the facts of other kinds.
    const answers = Object.values(g.fields).map((v) => norm(v));
    const ids = state.records.map((r) => r.id);
    const rivalKind = (x: string) =>
      [VENDORS, CUSTOMERS, PRIORITIES, ids].some((vocab) => vocab.some((v) => norm(v) === norm(x)) && vocab.some((v) => answers.includes(norm(v))));
    const gaps: string[] = [];
    for (const key of extra)
      for (const leaf of leafTexts(note[key]!)) {
        const text = leaf.replace(DATES, ' ');
        for (const x of [...VENDORS, ...CUSTOMERS, ...ASSIGNEES])
          if (says(text, x) && !says(here, x) && !rivalKind(x)) gaps.push(`${key}: "${x}"${summary ? '' : ` for ${write.id}`}`);
        for (const id of text.match(IDENTIFIERS) ?? []) if (!says(everywhere, id) && !rivalKind(id)) gaps.push(`${key}: "${id}"`);
        if (summary) continue;
        const whole = text
          .trim()
          .toLowerCase()
          .replace(/[\s-]+/g, '_');
        const statuses = new Set([...mine.map((v) => v.status), record?.status, ...gold.statuses.filter((x) => x.id === write.id).map((x) => x.status)]);
        if ((STATUSES as readonly string[]).includes(whole) && !statuses.has(whole)) gaps.push(`${key}: "${leaf}" for ${write.id}`);
        if ((PRIORITIES as readonly string[]).includes(whole) && !rivalKind(whole) && !(mine.length > 0 && record?.priority === whole))
          gaps.push(`${key}: "${leaf}" for ${write.id}`);
        for (const n of text.replace(IDENTIFIERS, ' ').match(/(?<![\w.])\d+(?:\.\d+)?(?![\w])/g) ?? [])
          if (!new RegExp(`(?<![\\d.])${escapeRe(n)}(?![\\d.])`).test(here)) gaps.push(`${key}: ${n} for ${write.id}`);
      }
    if (gaps.length === 0) return [];
    const named = [...new Set(gaps)];
    return [
      {
        write,
        gap: `the session showed ${named.slice(0, 3).join(', ')}${named.length > 3 ? ` and ${named.length - 3} more` : ''} (a note's extra values must be facts it showed)`,
      },
    ];
  });
}
