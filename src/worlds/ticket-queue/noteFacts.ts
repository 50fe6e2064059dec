import { isJsonObject, type Json } from '../../core/json';
import type { BlindWrite } from './credit';
import { ASSIGNEES, CUSTOMERS, PRIORITIES, STATUSES, VENDORS } from './data';
import { fold, foldDigits, leafTexts, plainText } from './noteValues';
import type { Observation, TicketQueueState } from './state';
import type { Gold } from './tasks';

// A date, a time or a week says when the note was written, not a fact of the queue: "2025-06-02",
// "2025-06-02T09:30:00Z", "09:30", "2026-W49". The board holds none, so none can contradict it.
export const DATES =
  /\b\d{4}-\d{1,2}-\d{1,2}(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b|\b\d{1,2}:\d{2}(?::\d{2})?\b|\b\d{4}-w\d{1,2}\b/gi;
// An identifier: a token of letters and digits ("TQ-627", "CVE-2026-1234", "NR-4471", "W49"), or an address ("203.0.113.7").
export const IDENTIFIERS = /(?<![\w.-])(?=[\w.-]*[a-z])(?=[\w.-]*\d)[\w]+(?:[-.][\w]+)*|\b\d+(?:\.\d+){3}\b/gi;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NAMES = [...VENDORS, ...CUSTOMERS, ...ASSIGNEES].map((x) => ({ x, re: new RegExp(`(^|[^\\w-])${escapeRe(x)}($|[^\\w-])`, 'i') }));

/**
 * What the session showed, as sets a note's values are looked up in (each view read once, not once
 * per note): the names it mentioned, every text an identifier could be found as in it (an identifier
 * is found where it stands between characters that are neither a word character nor `-`: a whole
 * run of `[\w.-]`, or its parts between dots), every number (a whole run of digits and dots), and
 * the statuses the ticket was shown with.
 */
class Shown {
  readonly names = new Set<string>();
  readonly identifiers = new Set<string>();
  readonly numbers = new Set<string>();
  readonly statuses = new Set<string>();
  seen = false;

  add(text: string, status: string): void {
    this.seen = true;
    this.statuses.add(status);
    for (const { x, re } of NAMES) if (re.test(text)) this.names.add(x);
    for (const [run] of text.toLowerCase().matchAll(/[\w.-]+/g)) {
      const parts = run.split('.');
      for (let i = 0; i < parts.length; i++) for (let j = i + 1; j <= parts.length; j++) this.identifiers.add(parts.slice(i, j).join('.'));
    }
    for (const [run] of text.matchAll(/[\d.]+/g)) this.numbers.add(run);
  }
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
 *   ended with, and a number (in any script's digits): one its row or body showed.
 * What the session showed of a ticket is its row and, once read, its body — never its notes: a
 * read returns them, but they are the agent's own text, so a value it wrote and read back is still
 * not shown. Dates and weeks are free (when the note was written: the board has none); so is prose
 * naming none of these — it states nothing a record could contradict.
 */
export function unshownValues(gold: Gold, state: Board): BlindWrite[] {
  const checked = state.writes.filter((w) => {
    const g = w.field === 'notes' ? gold.notes.find((n) => n.id === w.id) : undefined;
    return g !== undefined && isJsonObject(w.value) && Object.keys(w.value).some((k) => !(k in g.fields));
  });
  if (checked.length === 0) return [];
  const byId = new Map(state.records.map((r) => [r.id, r]));
  // Each ticket's status as the session showed it at each observation: the writes before it applied in step order.
  const current = new Map<string, string>(state.records.map((r) => [r.id, state.initial_status[r.id] ?? r.status]));
  let applied = 0;
  const statusAt = (step: number) => {
    for (; applied < state.writes.length && state.writes[applied]!.step < step; applied++) {
      const w = state.writes[applied]!;
      if (w.field === 'status') current.set(w.id, String(w.value));
    }
    return (id: string) => current.get(id) ?? '';
  };

  // Every view is added once: a ticket shows the same text for the same kind of result and status.
  const everywhere = new Shown();
  const each = new Map<string, Shown>();
  const added = new Set<string>();
  const absorb = (o: Observation) => {
    const statusOf = statusAt(o.step);
    for (const id of o.ids) {
      const r = byId.get(id);
      if (!r) continue;
      const status = statusOf(id);
      const key = `${id}\u0000${o.via}\u0000${status}`;
      if (added.has(key)) continue;
      added.add(key);
      const row = { id: r.id, title: r.title, status, priority: r.priority, assignee: r.assignee, tags: r.tags };
      const text = JSON.stringify(o.via === 'read' ? { ...row, body: r.body } : row);
      everywhere.add(text, status);
      if (!each.has(id)) each.set(id, new Shown());
      each.get(id)!.add(text, status);
    }
  };
  const observed = [...state.observed].sort((a, b) => a.step - b.step);
  let next = 0;
  // The kinds of value a required key takes (vendors, customers, priorities, ticket ids), folded once.
  const vocabularies = [VENDORS, CUSTOMERS, PRIORITIES, state.records.map((r) => r.id)].map((vocab) => new Set(vocab.map((v) => fold(v))));

  return checked.flatMap((write) => {
    while (next < observed.length && observed[next]!.step < write.step) absorb(observed[next++]!);
    const g = gold.notes.find((n) => n.id === write.id)!;
    const note = write.value as Record<string, Json>;
    const summary = Object.values(g.fields).some((v) => typeof v === 'number');
    const mine = each.get(write.id) ?? new Shown();
    const here = summary ? everywhere : mine;
    const record = byId.get(write.id);
    // A rival of the answer's own kind (another vendor beside the vendor, another original id) is a
    // hedge, the end state's to name (noteRivals.ts); here only the facts of other kinds.
    const answers = Object.values(g.fields).map((v) => fold(plainText(v)));
    const answerKinds = vocabularies.filter((vocab) => answers.some((a) => vocab.has(a)));
    const rivalKind = (x: string) => {
      const folded = fold(x);
      return answerKinds.some((vocab) => vocab.has(folded));
    };
    const statuses = new Set([...mine.statuses, record?.status, ...gold.statuses.filter((x) => x.id === write.id).map((x) => x.status)]);
    const gaps = new Set<string>();
    for (const key of Object.keys(note).filter((k) => !(k in g.fields)))
      for (const leaf of leafTexts(note[key]!)) {
        const text = foldDigits(leaf).replace(DATES, ' ');
        for (const { x, re } of NAMES) if (re.test(text) && !here.names.has(x) && !rivalKind(x)) gaps.add(`${key}: "${x}"${summary ? '' : ` for ${write.id}`}`);
        for (const id of new Set(text.match(IDENTIFIERS) ?? []))
          if (!everywhere.identifiers.has(id.toLowerCase()) && !rivalKind(id)) gaps.add(`${key}: "${id}"`);
        if (summary) continue;
        const whole = text
          .trim()
          .toLowerCase()
          .replace(/[\s-]+/g, '_');
        if ((STATUSES as readonly string[]).includes(whole) && !statuses.has(whole)) gaps.add(`${key}: "${leaf}" for ${write.id}`);
        if ((PRIORITIES as readonly string[]).includes(whole) && !rivalKind(whole) && !(mine.seen && record?.priority === whole))
          gaps.add(`${key}: "${leaf}" for ${write.id}`);
        for (const n of new Set(text.replace(IDENTIFIERS, ' ').match(/(?<![\w.])\d+(?:\.\d+)?(?![\w])/g) ?? []))
          if (!mine.numbers.has(n)) gaps.add(`${key}: ${n} for ${write.id}`);
      }
    if (gaps.size === 0) return [];
    const named = [...gaps];
    return [
      {
        write,
        gap: `the session showed ${named.slice(0, 3).join(', ')}${named.length > 3 ? ` and ${named.length - 3} more` : ''} (a note's extra values must be facts it showed)`,
      },
    ];
  });
}
