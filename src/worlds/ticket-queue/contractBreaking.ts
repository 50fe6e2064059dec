import { breaking, type Variant } from '../../core/contract';
import type { ToolCall } from '../../core/types';
import { bystanders, decidedKeys, finish, list, neighbour, note, read, status, targetsOf, wrongStatusFor } from './calls';
import { CUSTOMERS, STATUSES, VENDORS } from './data';
import {
  allowedOf,
  CREDIT,
  END,
  idOf,
  insert,
  isSummary,
  isWrite,
  otherStatus,
  parts,
  POLICY,
  RECALL,
  replaceWrite,
  setupOfRun,
  templateNote,
  withEveryNote,
} from './contractKit';

/** ticket-queue's breaking operators for the end state, the decisions and observation: each variant breaks one rule and must FAIL at or under 0.25, caught by the layer it names. */

export const bystanderNote = breaking('bystander-note', 'end-state', END, 'a ticket the task leaves alone read, then given the task’s note', (run) => {
  const s = setupOfRun(run);
  const by = bystanders(s);
  return [by[0], by[by.length - 1]]
    .filter((id, i, a): id is string => id !== undefined && a.indexOf(id) === i)
    .map((id) => ({
      label: `note-on-${id}`,
      calls: insert(run.calls, [read(id), note(id, templateNote(s))], 'before-finish'),
    }));
});

export const extraStatus = breaking('extra-status', 'end-state', END, 'an extra status change: a ticket the task leaves alone read, then moved', (run) => {
  const s = setupOfRun(run);
  const id = bystanders(s)[0];
  return id ? [{ label: `status-on-${id}`, calls: insert(run.calls, [read(id), status(id, otherStatus(s, id))], 'before-finish') }] : [];
});

export const extraNote = breaking(
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

export const hedge = breaking('hedge', 'end-state', END, 'a rival value left standing: the required note, then another with one decided key moved', (run) => {
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

export const forbiddenWrite = breaking(
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

export const wrongValue = breaking(
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

export const writeDropped = breaking(
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

export const blindWrite = breaking(
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

export const noteUnobservedValue = breaking(
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
