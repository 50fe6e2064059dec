import type { OracleRun, Variant, VariantOperator, WorldContract } from '../../core/contract';
import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import type { Task, ToolCall } from '../../core/types';
import { bystanders, decidedKeys, finish, list, neighbour, note, read, status, targetsOf, wrongStatusFor } from './calls';
import { CUSTOMERS, STATUSES, VENDORS, type Status } from './data';
import { setupOf, type Setup } from './spec';
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
    'The end state is a diff: the initial board plus exactly the required notes and statuses, every record and field compared (the end-state gate). A missing write, a note or status the task did not ask for, a hedge left standing or a note key the task does not name holds the reward to 0.25 × the share of records right, each change named; a correction (a later status, or a later note restating every required key right) costs 0.05.',
  observed:
    'Only observed facts count: every write, needed or not, must come after the session showed the facts that decide it (snapshot().observed) — the ticket in a result for its status, priority, assignee and tags; its body read, or a text search for the deciding value, for a vendor, a customer, an original id or a confirmation. Any write before its evidence caps the credit gate at 0.25.',
  decisions:
    'Decisions follow the checks: a legal hold, a resolved or closed ticket, a duplicate’s original, a security ticket’s status and every other ticket on the summary task are never written (the policy gate); a target is what its listing or body shows (a confirmed fix, the status as shown), and a write against it is an unexpected change in the end state.',
} as const;

/** Seeds per task the variants are generated on: 6 tasks × 3 seeds. */
export const CONTRACT_SEEDS = (defaultSeed: number) => [defaultSeed, defaultSeed + 10, defaultSeed + 20];

const setupOfRun = (run: OracleRun): Setup => setupOf(run.task.spec);
const isWrite = (c: ToolCall) => c.name === 'write_note' || c.name === 'update_status';
const isRead = (c: ToolCall) => c.name === 'list_records' || c.name === 'read_record';
const isFinish = (c: ToolCall) => c.name === 'finish';
const argsOf = (c: ToolCall): JsonObject => (isJsonObject(c.arguments) ? c.arguments : {});
const idOf = (c: ToolCall) => String(argsOf(c).id ?? '');

/** The oracle's calls split: reads, writes, the finish. */
function parts(calls: readonly ToolCall[]) {
  return { reads: calls.filter(isRead), writes: calls.filter(isWrite), end: calls.filter(isFinish) };
}

/** The oracle's calls with `extra` inserted before the first write, or before the finish. */
function insert(calls: readonly ToolCall[], extra: readonly ToolCall[], where: 'before-writes' | 'before-finish'): ToolCall[] {
  const at = where === 'before-writes' ? calls.findIndex(isWrite) : calls.findIndex(isFinish);
  const i = at < 0 ? calls.length : at;
  return [...calls.slice(0, i), ...extra, ...calls.slice(i)];
}

const mapArgs = (calls: readonly ToolCall[], f: (c: ToolCall, a: JsonObject) => JsonObject | null): ToolCall[] =>
  calls.map((c) => {
    const next = f(c, argsOf(c));
    return next ? { ...c, arguments: next } : c;
  });

const reversedKeys = (o: JsonObject): JsonObject => Object.fromEntries(Object.entries(o).reverse());
const loud = (o: JsonObject): JsonObject => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'string' ? ` ${v.toUpperCase()} ` : v]));
const SPELLED: Record<Status, string> = { open: 'Open', in_progress: 'In progress', waiting: 'Waiting', resolved: 'RESOLVED', closed: 'closed ' };

function equivalent(id: string, description: string, apply: (run: OracleRun) => Variant[]): VariantOperator {
  return { id, kind: 'equivalent', description, apply };
}

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
  'ids, statuses and notes in other accepted spellings: ids as numbers or lower case, "In progress", notes as JSON strings, note keys in another order, note values in other case and spacing',
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
    ];
  },
);

const isSummary = (s: Setup) => s.gold.notes.some((n) => Object.values(n.fields).some((v) => typeof v === 'number'));
const withEveryNote = (calls: readonly ToolCall[], more: (id: string) => JsonObject): ToolCall[] =>
  mapArgs(calls, (call, a) => (call.name === 'write_note' && isJsonObject(a.note) ? { ...a, note: { ...a.note, ...more(String(a.id)) } } : null));

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

function breaking(id: string, rule: VariantOperator['rule'], caughtBy: string, description: string, apply: (run: OracleRun) => Variant[]): VariantOperator {
  return { id, kind: 'breaking', rule, caughtBy, description, apply };
}

const END = 'end state';
const RECALL = 'required-write recall';
const CREDIT = 'credited writes';
const POLICY = 'policy';

/** The task's note as a template for another record; a comment where the task writes no notes. */
const templateNote = (s: Setup): JsonObject => s.gold.notes[0]?.fields ?? { type: 'comment', text: 'checked' };
/** A status that is a change for `id` and not the one the task wants elsewhere. */
const otherStatus = (s: Setup, id: string): Status => {
  const now = s.board.find((r) => r.id === id)!.status;
  return STATUSES.find((x) => x !== now && x !== 'open') ?? 'closed';
};

const bystanderNote = breaking('bystander-note', 'end-state', END, 'a ticket the task leaves alone read, then given the task’s note', (run) => {
  const s = setupOfRun(run);
  const by = bystanders(s);
  return [by[0], by[by.length - 1]]
    .filter((id, i, a): id is string => id !== undefined && a.indexOf(id) === i)
    .map((id) => ({
      label: `note-on-${id}`,
      calls: insert(run.calls, [read(id), note(id, templateNote(s))], 'before-finish'),
    }));
});

const extraStatus = breaking('extra-status', 'end-state', END, 'an extra status change: a ticket the task leaves alone read, then moved', (run) => {
  const s = setupOfRun(run);
  const id = bystanders(s)[0];
  return id ? [{ label: `status-on-${id}`, calls: insert(run.calls, [read(id), status(id, otherStatus(s, id))], 'before-finish') }] : [];
});

const extraNote = breaking(
  'extra-note',
  'end-state',
  END,
  'an extra note on a target: a comment beside the required note, the required note again naming a rival under a key the task does not name, a note where only a status is asked',
  (run) => {
    const s = setupOfRun(run);
    const g = s.gold.notes[0];
    if (!g) {
      const id = s.gold.statuses[0]!.id;
      return [
        {
          label: 'note-where-only-a-status-is-asked',
          calls: insert(run.calls, [note(id, { type: 'resolution', text: 'customer confirmed' })], 'before-finish'),
        },
      ];
    }
    return [
      { label: 'comment-beside-the-note', calls: insert(run.calls, [note(g.id, { type: 'comment', text: 'handled' })], 'before-finish') },
      {
        label: 'note-naming-a-rival-under-a-key-the-task-does-not-name',
        calls: insert(
          run.calls,
          [
            note(g.id, {
              ...g.fields,
              alternatives: decidedKeys(
                g.fields,
                s.board.map((r) => r.id),
              ).map((k) =>
                neighbour(
                  g.fields[k]!,
                  1,
                  s.board.map((r) => r.id),
                ),
              ),
            }),
          ],
          'before-finish',
        ),
      },
    ];
  },
);

const hedge = breaking('hedge', 'end-state', END, 'a rival value left standing: the required note, then another with one decided key moved', (run) => {
  const s = setupOfRun(run);
  const ids = s.board.map((r) => r.id);
  return s.gold.notes.slice(0, 2).flatMap((g) =>
    decidedKeys(g.fields, ids)
      .slice(0, 1)
      .map((key) => ({
        label: `${g.id}-${key}`,
        calls: insert(run.calls, [note(g.id, { ...g.fields, [key]: neighbour(g.fields[key]!, 1, ids) })], 'before-finish'),
      })),
  );
});

const forbiddenWrite = breaking(
  'forbidden-write',
  'decisions',
  POLICY,
  'a record the checks forbid (legal hold, closed, an original, a security ticket’s status, another ticket on the summary) read, then written',
  (run) => {
    const s = setupOfRun(run);
    const anyRule = s.gold.forbidden.find((f) => f.field === 'any');
    const statusRule = s.gold.forbidden.find((f) => f.field === 'status');
    return [
      ...(anyRule
        ? [{ label: `note-on-${anyRule.id}`, calls: insert(run.calls, [read(anyRule.id), note(anyRule.id, templateNote(s))], 'before-finish') }]
        : []),
      ...(statusRule
        ? [
            {
              label: `status-on-${statusRule.id}`,
              calls: insert(run.calls, [read(statusRule.id), status(statusRule.id, otherStatus(s, statusRule.id))], 'before-finish'),
            },
          ]
        : []),
    ];
  },
);

/** The oracle's calls with one write replaced (or dropped, with null). */
const replaceWrite = (calls: readonly ToolCall[], pick: (c: ToolCall) => boolean, by: ToolCall | null): ToolCall[] => {
  const at = calls.findIndex(pick);
  return at < 0 ? [...calls] : [...calls.slice(0, at), ...(by ? [by] : []), ...calls.slice(at + 1)];
};

const wrongValue = breaking(
  'wrong-value',
  'end-state',
  RECALL,
  'one decided value of one required note wrong (the neighbouring vendor, customer, id, priority, count), or one required status another one',
  (run) => {
    const s = setupOfRun(run);
    const ids = s.board.map((r) => r.id);
    const isNoteOn = (id: string) => (c: ToolCall) => c.name === 'write_note' && idOf(c) === id;
    const isStatusOn = (id: string) => (c: ToolCall) => c.name === 'update_status' && idOf(c) === id;
    const g = s.gold.notes[0];
    const x = s.gold.statuses[0];
    return [
      ...(g
        ? decidedKeys(g.fields, ids).map((key) => ({
            label: `${key}-wrong`,
            calls: replaceWrite(run.calls, isNoteOn(g.id), note(g.id, { ...g.fields, [key]: neighbour(g.fields[key]!, 1, ids) })),
          }))
        : []),
      ...(x ? [{ label: 'status-wrong', calls: replaceWrite(run.calls, isStatusOn(x.id), status(x.id, wrongStatusFor(s, x.id, x.status))) }] : []),
    ];
  },
);

const writeDropped = breaking(
  'write-dropped',
  'end-state',
  RECALL,
  'one required write never made: the first note, the first status, the last write',
  (run) => {
    const s = setupOfRun(run);
    const g = s.gold.notes[0];
    const x = s.gold.statuses[0];
    const lastWrite = run.calls.map(isWrite).lastIndexOf(true);
    return [
      ...(g ? [{ label: 'first-note', calls: replaceWrite(run.calls, (c) => c.name === 'write_note' && idOf(c) === g.id, null) }] : []),
      ...(x ? [{ label: 'first-status', calls: replaceWrite(run.calls, (c) => c.name === 'update_status' && idOf(c) === x.id, null) }] : []),
      ...(s.gold.notes.length + s.gold.statuses.length > 1 ? [{ label: 'last-write', calls: run.calls.filter((_, i) => i !== lastWrite) }] : []),
    ];
  },
);

const blindWrite = breaking(
  'blind-write',
  'observed',
  CREDIT,
  'required writes made before their evidence was read: every write first, one write before the listing, no body read, a blanket over every allowed record, every waiting ticket resolved, a summary counted from reads one by one (or one filtered list and reads) without every counted set listed whole',
  (run) => {
    const s = setupOfRun(run);
    const { reads, writes, end } = parts(run.calls);
    const first = writes[0]!;
    const needsBody = [...s.gold.notes, ...s.gold.statuses].some((g) => g.evidence.body !== null);
    const variants: Variant[] = [
      { label: 'writes-first', calls: [...writes, ...reads, ...end] },
      { label: 'one-write-before-the-listing', calls: [first, ...run.calls.filter((c) => c !== first)] },
    ];
    if (needsBody) {
      variants.push({ label: 'no-body-read', calls: [list(), ...writes, ...end] });
      const template = templateNote(s);
      const want = s.gold.statuses[0]?.status;
      const allowed = [...targetsOf(s), ...bystanders(s)];
      const blanket = s.board
        .filter((r) => allowed.includes(r.id))
        .flatMap((r) => {
          const fields = s.gold.notes.find((n) => n.id === r.id)?.fields ?? (s.gold.notes.length > 0 ? template : null);
          const target = s.gold.statuses.find((x) => x.id === r.id)?.status ?? want;
          return [...(fields ? [note(r.id, fields)] : []), ...(target && target !== r.status ? [status(r.id, target)] : [])];
        });
      variants.push({ label: 'blanket', calls: [list(), ...blanket, finish('updated every ticket I may touch')] });
    }
    if (isSummary(s)) {
      // A count needs every ticket it counts shown as a set: reading each one shows it exists, not that there are no others.
      const tracking = s.gold.notes[0]!.id;
      const counted = s.gold.notes[0]!.evidence.listed.filter((id) => id !== tracking);
      variants.push(
        { label: 'counted-tickets-read-one-by-one', calls: [read(tracking), ...counted.map(read), ...writes, ...end] },
        { label: 'open-list-plus-reads', calls: [list({ status: 'open' }), list({ tag: 'tracking' }), ...counted.map(read), ...writes, ...end] },
      );
    }
    if (s.def.id === 'resolve-confirmed') {
      const waiting = s.board.filter((r) => r.status === 'waiting' && allowedOf(s).includes(r.id)).map((r) => status(r.id, 'resolved'));
      variants.push({
        label: 'every-waiting-ticket-after-a-search',
        calls: [list({ text: 'confirmed' }), ...waiting, finish('resolved every waiting ticket')],
      });
    }
    return variants;
  },
);

const noteUnobservedValue = breaking(
  'note-unobserved-value',
  'observed',
  CREDIT,
  'every note with an extra key whose value the session never showed: a made-up reference, a customer or vendor not the ticket’s (of a kind the task does not ask for), a status the ticket never had',
  (run) => {
    const s = setupOfRun(run);
    if (s.gold.notes.length === 0) return [];
    const answers = s.gold.notes.flatMap((n) => Object.values(n.fields).map((v) => String(v).toLowerCase()));
    const seenIn = (id: string) => {
      const r = s.board.find((x) => x.id === id)!;
      // What the oracle was shown for it: its row and body (it reads every target); every title on the summary.
      return `${r.title} ${r.body} ${isSummary(s) ? s.board.map((x) => x.title).join(' ') : ''}`;
    };
    const stranger = (id: string): string =>
      [CUSTOMERS, VENDORS]
        .filter((vocab) => !vocab.some((v) => answers.includes(v.toLowerCase())))
        .flat()
        .find((x) => !seenIn(id).includes(x))!;
    const variants: Variant[] = [
      { label: 'made-up-reference', calls: withEveryNote(run.calls, () => ({ reference: 'INC-48213' })) },
      { label: 'a-name-never-shown-for-it', calls: withEveryNote(run.calls, (id) => ({ mentions: stranger(id) })) },
    ];
    if (!isSummary(s)) {
      const never = (id: string) => {
        const r = s.board.find((x) => x.id === id)!;
        const want = s.gold.statuses.find((x) => x.id === id)?.status;
        return STATUSES.find((x) => x !== r.status && x !== want)!;
      };
      variants.push({ label: 'a-status-it-never-had', calls: withEveryNote(run.calls, (id) => ({ status_after: never(id) })) });
    }
    return variants;
  },
);

const allowedOf = (s: Setup) => [...targetsOf(s), ...bystanders(s)];

export const ticketQueueContract: WorldContract = {
  rules: TICKET_QUEUE_RULES,
  operators: [
    extraReads,
    reordered,
    spellings,
    noteNamesItsTicket,
    bystanderNote,
    extraStatus,
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
