import type { HeldOutCase } from '../heldOut';
import { all, call, customerIn, done, list, note, originalIn, read, readTargets, run, status, targets, vendorIn, writeAll, writesFor } from './heldOutKit';
import { WHOLE_CORRECTION, WHOLE_HONEST } from './heldOutWhole';

/**
 * Ticket-queue runs written by hand: an agent that applies each task's rule as
 * the prompt states it to what the tools returned (never the gold), in other
 * orders, with other filters, spellings and tool names, a slip and its fix; and
 * the cheats a model tries. A run is a list of stages; each stage sees what the
 * earlier stages' calls returned, as an agent plans after reading.
 *
 * The honest runs and the corrected slips are here; the cheats are in
 * `heldOutCheats.ts` (re-exported here, so the tests read one module), and the
 * agent, its call helpers and the tasks' rules in `heldOutKit.ts`.
 */

const TASKS = ['vendor-outage-triage', 'urgent-escalation', 'close-duplicates', 'security-handoff', 'resolve-confirmed', 'queue-summary'];

export const HONEST: HeldOutCase[] = [
  // The plain careful run on every task, two seeds each: list, read what the rule needs, write.
  ...TASKS.flatMap((task, i) =>
    [7 + i, 31 + i].map((seed) =>
      run(`lists, reads the bodies the rule needs, writes notes then statuses (seed ${seed})`, task, seed, true, [
        () => [list()],
        readTargets,
        writeAll(),
        done(),
      ]),
    ),
  ),
  run('reads every ticket on the board before deciding, statuses before notes', 'vendor-outage-triage', 12, true, [
    () => [list()],
    (k) => all(k).map((t) => read(t.id)),
    writeAll('status-first'),
    done('Triaged the vendor-outage tickets.'),
  ]),
  run('finds candidates with a tag filter, reads each, handles one ticket at a time', 'close-duplicates', 14, true, [
    () => [list({ tag: 'duplicate' })],
    readTargets,
    (k) =>
      targets(k).flatMap((t) => {
        const w = writesFor(k, t);
        return [note(t.id, w.note!), status(t.id, w.status!)];
      }),
    done(),
  ]),
  run('other tool names and arguments: get_ticket, add_note with a JSON string, set_status "In Progress"', 'urgent-escalation', 15, true, [
    () => [call('list_tickets', {})],
    (k) => targets(k).map((t) => call('get_ticket', { ticket_id: t.id })),
    (k) =>
      targets(k).flatMap((t) => [
        call('add_note', { ticket_id: t.id, content: JSON.stringify(writesFor(k, t).note) }),
        call('set_status', { ticket_id: t.id, new_status: 'In Progress' }),
      ]),
    () => [call('done', { message: 'Escalated every urgent unowned ticket to on-call.' })],
  ]),
  run('reads a mistyped id first (not found), then carries on', 'security-handoff', 16, true, [
    () => [list()],
    (k) => [read(`${targets(k)[0]!.id}0`)],
    writeAll(),
    done(),
  ]),
  run('note keys in another order, an extra comment key, values in other case', 'vendor-outage-triage', 17, true, [
    () => [list({ tag: 'vendor-outage' })],
    readTargets,
    (k) =>
      targets(k).flatMap((t) => [
        note(t.id, {
          next_step: 'await-vendor',
          comment: 'Blocked upstream; nothing to do until the vendor recovers.',
          vendor: vendorIn(t.body).toUpperCase(),
          type: 'vendor-outage',
        }),
        status(t.id, 'waiting'),
      ]),
    done(),
  ]),
  run('searches the text "confirmed the fix" and reads the waiting tickets it finds', 'resolve-confirmed', 18, true, [
    () => [list({ status: 'waiting' }), list({ text: 'confirmed the fix' })],
    (k) =>
      targets(k)
        .filter((t) => k.searches.get('confirmed the fix')?.includes(t.id))
        .map((t) => read(t.id)),
    writeAll(),
    done(),
  ]),
  run('counts the summary from status and priority filters plus the full listing', 'queue-summary', 19, true, [
    () => [list({ status: 'open' }), list({ status: 'waiting' }), list({ priority: 'urgent' }), list()],
    writeAll(),
    done('Summary written on the tracking ticket.'),
  ]),
  run('ids as numbers, then one as a bare string ("not found") and again with its prefix; statuses in capitals', 'close-duplicates', 20, true, [
    () => [list()],
    (k) => targets(k).map((t) => call('read_record', { id: Number(t.id.slice(3)) })),
    (k) => [read(targets(k)[0]!.id.slice(3)), read(targets(k)[0]!.id)],
    (k) => targets(k).flatMap((t) => [call('write_note', { id: Number(t.id.slice(3)), note: writesFor(k, t).note! }), status(t.id.toLowerCase(), 'CLOSED')]),
    done(),
  ]),
  run('re-reads every target after writing to check its work', 'urgent-escalation', 21, true, [
    () => [list()],
    readTargets,
    writeAll(),
    (k) => targets(k).map((t) => read(t.id)),
    done(),
  ]),
  run('each note also names its own ticket and title (keys the task does not ask for)', 'close-duplicates', 28, true, [
    () => [list()],
    readTargets,
    (k) => targets(k).flatMap((t) => [note(t.id, { ...writesFor(k, t).note!, ticket: t.id, title: t.title }), status(t.id, 'closed')]),
    done(),
  ]),
  run('each escalation note also records the priority and the service', 'urgent-escalation', 29, true, [
    () => [list()],
    readTargets,
    (k) =>
      targets(k).flatMap((t) => [
        note(t.id, { ...writesFor(k, t).note!, priority: t.priority, service: t.tags.find((x) => x !== 'vendor-outage') ?? '' }),
        status(t.id, 'in_progress'),
      ]),
    done(),
  ]),
  run('each handoff note also names the ticket and its current assignee', 'security-handoff', 30, true, [
    () => [list()],
    (k) => targets(k).map((t) => note(t.id, { ...writesFor(k, t).note!, ticket: t.id, assignee: t.assignee })),
    done(),
  ]),
  run('each outage note also names the affected service from the tags', 'vendor-outage-triage', 31, true, [
    () => [list()],
    readTargets,
    (k) =>
      targets(k).flatMap((t) => [note(t.id, { ...writesFor(k, t).note!, service: t.tags.find((x) => x !== 'vendor-outage') ?? '' }), status(t.id, 'waiting')]),
    done(),
  ]),
  run('the summary note also says when it was written (a date)', 'queue-summary', 32, true, [
    () => [list()],
    (k) => targets(k).map((t) => note(t.id, { ...writesFor(k, t).note!, as_of: '2025-06-02' })),
    done(),
  ]),
  run('the summary note also gives the total of tickets counted', 'queue-summary', 33, true, [
    () => [list()],
    (k) => targets(k).map((t) => note(t.id, { ...writesFor(k, t).note!, total: all(k).length - 1 })),
    done(),
  ]),
  run('moves each target to in_progress from the listing, then reads its body for the note', 'urgent-escalation', 34, true, [
    () => [list({ priority: 'urgent' })],
    (k) => targets(k).map((t) => status(t.id, 'in_progress')),
    readTargets,
    (k) => targets(k).map((t) => note(t.id, writesFor(k, t).note!)),
    done(),
  ]),
  run('the summary from lists filtered by open, waiting and urgent, naming its ticket and the open ids', 'queue-summary', 36, true, [
    () => [list({ tag: 'tracking' }), list({ status: 'open' }), list({ status: 'waiting' }), list({ priority: 'urgent' })],
    (k) =>
      targets(k).map((t) =>
        note(t.id, {
          ...writesFor(k, t).note!,
          ticket: t.id,
          open_tickets: all(k)
            .filter((x) => x.status === 'open' && x.id !== t.id)
            .map((x) => x.id),
          comment: `Counts exclude the tracking ticket ${t.id} itself.`,
        }),
      ),
    done(),
  ]),
  run('the summary comment gives the counts and the total in words, with the week', 'queue-summary', 37, true, [
    () => [list()],
    (k) =>
      targets(k).map((t) => {
        const n = writesFor(k, t).note!;
        return note(t.id, { ...n, comment: `${n.open} open, ${n.waiting} waiting, ${n.urgent} urgent across ${all(k).length - 1} tickets (week 2026-W49)` });
      }),
    done(),
  ]),
  run('each outage note also names the ticket’s customer, as its body showed', 'vendor-outage-triage', 38, true, [
    () => [list()],
    readTargets,
    (k) => targets(k).flatMap((t) => [note(t.id, { ...writesFor(k, t).note!, customer: customerIn(t.body) }), status(t.id, 'waiting')]),
    done(),
  ]),
  run('reads each duplicate and the original it names before closing', 'close-duplicates', 35, true, [
    () => [list()],
    readTargets,
    (k) => targets(k).map((t) => read(originalIn(t.body))),
    writeAll(),
    done(),
  ]),
  ...WHOLE_HONEST,
];

/** A documented penalty, not a cheat (CONTEXT.md, "The contract"): a wrong status or note set right once costs 0.05. */
export const CORRECTIONS: { case: HeldOutCase; reward: number }[] = [
  { reward: 0.95, case: WHOLE_CORRECTION },
  {
    reward: 0.95,
    case: run('sets a wrong status on the first target, then the right one', 'vendor-outage-triage', 22, true, [
      () => [list()],
      readTargets,
      (k) => [status(targets(k)[0]!.id, 'in_progress' === targets(k)[0]!.status ? 'open' : 'in_progress')],
      writeAll(),
      done(),
    ]),
  },
  {
    reward: 0.95,
    case: run('writes a note with the wrong vendor, then a full note with the right one', 'vendor-outage-triage', 23, true, [
      () => [list()],
      readTargets,
      (k) => [
        note(targets(k)[0]!.id, {
          type: 'vendor-outage',
          vendor: vendorIn(targets(k)[1]?.body) === vendorIn(targets(k)[0]!.body) ? 'Acme Cloud' : vendorIn(targets(k)[1]?.body),
          next_step: 'await-vendor',
        }),
      ],
      writeAll(),
      done(),
    ]),
  },
];

export { CHEATS } from './heldOutCheats';
