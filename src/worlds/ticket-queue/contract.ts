import { equivalent } from '../../core/contract';
import type { Variant, WorldContract } from '../../core/contract';
import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import type { Task, ToolCall } from '../../core/types';
import { list, read, targetsOf } from './calls';
import { PRIORITIES, STATUSES, type Status } from './data';
import { blindWrite, bystanderNote, extraNote, extraStatus, forbiddenWrite, hedge, noteUnobservedValue, wrongValue, writeDropped } from './contractBreaking';
import { idOf, insert, isSummary, mapArgs, parts, setupOfRun, withEveryNote } from './contractKit';
import { bystanderUndone, targetThrash } from './contractPath';
import { TASK_DEFS } from './tasks';
import { taskFromParams } from './task';

/**
 * ticket-queue's contract (core/contract.ts) in its own terms, and the
 * operators that rewrite every oracle run into variants: equivalent ones must
 * score exactly 1.00 PASS, breaking ones FAIL at ≤ 0.25, caught by the layer
 * of the rule they break. No published weight forces an exception here.
 */
export const TICKET_QUEUE_RULES = {
  'end-state':
    'The end state is a diff, and the path is judged whole: the initial board plus exactly the required notes and statuses, every record and field compared (the end-state gate). A missing write, a note or status the task did not ask for — even one set back before the end —, a target thrashed (any path but one wrong value then the right one), a hedge left standing or a note key the task does not name holds the reward to 0.25 × the share of records right, each change named; a correction (one wrong value set right, or the right note restated) costs 0.05.',
  observed:
    'Only observed facts count: every write, needed or not, must come after the session showed the facts that decide it (snapshot().observed) — the ticket in a result for its status, priority, assignee and tags; its body read, or a text search for the deciding value, for a vendor, a customer, an original id or a confirmation; for a count, lists whose filters together take in every ticket it counts; for a note’s extra values, the world’s text (never the agent’s own notes read back). Any write before its evidence caps the credit gate at 0.25.',
  decisions:
    'Decisions follow the checks: a legal hold, a resolved or closed ticket, a duplicate’s original, a security ticket’s status and every other ticket on the summary task are never written (the policy gate); a target is what its listing or body shows (a confirmed fix, the status as shown), and a write against it is an unexpected change in the end state.',
} as const;

/** Seeds per task the variants are generated on: 6 tasks × 3 seeds. */
export const CONTRACT_SEEDS = (defaultSeed: number) => [defaultSeed, defaultSeed + 10, defaultSeed + 20];

const reversedKeys = (o: JsonObject): JsonObject => Object.fromEntries(Object.entries(o).reverse());
const loud = (o: JsonObject): JsonObject => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'string' ? ` ${v.toUpperCase()} ` : v]));
const SPELLED: Record<Status, string> = { open: 'Open', in_progress: 'In progress', waiting: 'Waiting', resolved: 'RESOLVED', closed: 'closed ' };
/** Printable ASCII as its full-width form (what NFKC folds back), spaces as ideographic spaces. */
const fullWidth = (t: string): string => t.replace(/[!-~ ]/g, (ch) => (ch === ' ' ? '\u3000' : String.fromCharCode(ch.charCodeAt(0) + 0xfee0)));
const wide = (o: JsonObject): JsonObject => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'string' ? fullWidth(v) : v]));

const extraReads = equivalent(
  'extra-reads',
  'harmless extra reads: another listing, filtered lists, a vague search, a ticket the task leaves alone, every ticket, the targets again after writing',
  (run) => {
    const s = setupOfRun(run);
    const other = s.board.find((r) => !targetsOf(s).includes(r.id))!.id;
    const c = run.calls;
    return [
      { label: 'list-again-before', calls: [list(), ...c] },
      { label: 'filtered-lists-before', calls: [list({ tag: 'legal-hold' }), list({ status: 'open' }), list({ text: 'customer' }), ...c] },
      { label: 'read-another-ticket', calls: insert(c, [read(other)], 'before-writes') },
      {
        label: 'read-every-ticket',
        calls: insert(
          c,
          s.board.map((r) => read(r.id)),
          'before-writes',
        ),
      },
      { label: 'reads-after-writing', calls: insert(c, [list(), ...targetsOf(s).map(read)], 'before-finish') },
    ];
  },
);

const reordered = equivalent(
  'reordered',
  'independent reads and writes reordered: reads reversed, the listing after the reads, statuses before notes, writes reversed, one ticket at a time',
  (run) => {
    const s = setupOfRun(run);
    const { reads, writes, end } = parts(run.calls);
    const lists = reads.filter((c) => c.name === 'list_records');
    const records = reads.filter((c) => c.name === 'read_record');
    const byTicket = targetsOf(s).flatMap((id) => [...records.filter((c) => idOf(c) === id), ...writes.filter((c) => idOf(c) === id)]);
    return [
      { label: 'reads-reversed', calls: [...[...reads].reverse(), ...writes, ...end] },
      { label: 'list-after-reads', calls: [...records, ...lists, ...writes, ...end] },
      {
        label: 'statuses-first',
        calls: [...reads, ...writes.filter((c) => c.name === 'update_status'), ...writes.filter((c) => c.name === 'write_note'), ...end],
      },
      { label: 'writes-reversed', calls: [...reads, ...[...writes].reverse(), ...end] },
      { label: 'one-ticket-at-a-time', calls: [...lists, ...byTicket, ...end] },
    ];
  },
);

const spellings = equivalent(
  'spellings',
  'ids, statuses and notes in other accepted spellings: ids as numbers or lower case, "In progress", notes as JSON strings, note keys in another order, note values in other case and spacing, or in full-width letters and digits',
  (run) => {
    const c = run.calls;
    const withId = (f: (id: string) => Json) => mapArgs(c, (_, a) => (typeof a.id === 'string' ? { ...a, id: f(a.id) } : null));
    const withNote = (f: (n: JsonObject) => Json) =>
      mapArgs(c, (call, a) => (call.name === 'write_note' && isJsonObject(a.note) ? { ...a, note: f(a.note) } : null));
    return [
      { label: 'ids-as-numbers', calls: withId((id) => Number(id.replace(/^TQ-/, ''))) },
      { label: 'ids-lower-case', calls: withId((id) => id.toLowerCase()) },
      {
        label: 'statuses-spelled',
        calls: mapArgs(c, (call, a) =>
          call.name === 'update_status' && typeof a.status === 'string' ? { ...a, status: SPELLED[a.status as Status] ?? a.status } : null,
        ),
      },
      { label: 'notes-as-json-strings', calls: withNote((n) => JSON.stringify(n)) },
      { label: 'note-keys-reversed', calls: withNote(reversedKeys) },
      { label: 'note-values-loud', calls: withNote(loud) },
      { label: 'note-values-full-width', calls: withNote(wide) },
    ];
  },
);

const noteNamesItsTicket = equivalent(
  'note-names-its-ticket',
  'every note says more, only what the session showed: its own ticket id, a comment naming it, the ticket’s title, priority and tags as listed; a summary also the ids it counted and the total in words',
  (run) => {
    const s = setupOfRun(run);
    if (s.gold.notes.length === 0) return [];
    const rec = (id: string) => s.board.find((r) => r.id === id)!;
    const variants: Variant[] = [
      { label: 'ticket-key', calls: withEveryNote(run.calls, (id) => ({ ticket: id })) },
      { label: 'comment-naming-the-ticket', calls: withEveryNote(run.calls, (id) => ({ comment: `Written on ${id} after checking ${id} itself.` })) },
      {
        label: 'shown-fields',
        calls: withEveryNote(run.calls, (id) => ({ title: rec(id).title, listed_priority: rec(id).priority, tags: rec(id).tags })),
      },
    ];
    if (isSummary(s)) {
      const others = s.board.filter((r) => !r.tags.includes('tracking'));
      const g = s.gold.notes[0]!.fields;
      variants.push(
        { label: 'counted-ids', calls: withEveryNote(run.calls, () => ({ open_tickets: others.filter((r) => r.status === 'open').map((r) => r.id) })) },
        {
          label: 'total-in-words',
          calls: withEveryNote(run.calls, (id) => ({
            comment: `${g.open} open, ${g.waiting} waiting, ${g.urgent} urgent across ${others.length} tickets; ${id} not counted (week 23).`,
          })),
        },
      );
    }
    return variants;
  },
);

const setsByParts = equivalent(
  'sets-by-parts',
  'the full listing replaced by lists that together take in every ticket: one per status, one per priority, or urgent tickets status by status with the other priorities listed whole (a summary counted from them)',
  (run) => {
    const at = run.calls.findIndex((c) => c.name === 'list_records' && Object.keys(isJsonObject(c.arguments) ? c.arguments : {}).length === 0);
    if (at < 0) return [];
    const instead = (lists: ToolCall[]) => [...run.calls.slice(0, at), ...lists, ...run.calls.slice(at + 1)];
    return [
      { label: 'a-list-per-status', calls: instead(STATUSES.map((st) => list({ status: st }))) },
      { label: 'a-list-per-priority', calls: instead(PRIORITIES.map((p) => list({ priority: p }))) },
      {
        label: 'urgent-by-status-the-rest-by-priority',
        calls: instead([
          ...STATUSES.map((st) => list({ status: st, priority: 'urgent' })),
          ...PRIORITIES.filter((p) => p !== 'urgent').map((p) => list({ priority: p })),
        ]),
      },
    ];
  },
);

export const ticketQueueContract: WorldContract = {
  rules: TICKET_QUEUE_RULES,
  operators: [
    extraReads,
    reordered,
    spellings,
    noteNamesItsTicket,
    setsByParts,
    bystanderNote,
    extraStatus,
    bystanderUndone,
    targetThrash,
    extraNote,
    hedge,
    forbiddenWrite,
    wrongValue,
    writeDropped,
    blindWrite,
    noteUnobservedValue,
  ],
  tasks: (): Task[] => TASK_DEFS.flatMap((def) => CONTRACT_SEEDS(def.defaultSeed).map((seed) => taskFromParams({ def, seed }))),
};
