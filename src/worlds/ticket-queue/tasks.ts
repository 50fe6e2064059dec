import type { JsonObject } from '../../core/json';
import { CONFIRMED, customerOf, duplicateOf, onHold, vendorOf, type Priority, type Status, type TicketRecord } from './data';

export type FieldKind = 'string' | 'integer';

/**
 * What the agent must have been shown before a required write counts in the
 * full reward: the facts that decide it, as the session showed them.
 */
export interface Evidence {
  /** Records whose summary fields (status, priority, assignee, tags) decide the write: each in a list result or read first. */
  listed: string[];
  /** A fact only the body holds: the record read, or returned by a text search for `clue`. */
  body: { id: string; fact: string; clue: string } | null;
  /**
   * Sets whose every member decides the write (a count): each must have been shown whole —
   * by a list of the whole board, a list filtered by exactly that status or priority, or
   * lists of every status (or every priority). Reading tickets one by one shows that they
   * exist, not that there are no others.
   */
  complete?: CountedSet[];
}

/** A set of tickets a count is taken over: every ticket with this status, or with this priority. */
export type CountedSet = { status: Status } | { priority: Priority };

/** A required note: on record `id`, a note whose keys include every field with exactly this value. */
export interface GoldNote {
  id: string;
  fields: JsonObject;
  evidence: Evidence;
}

export interface GoldStatus {
  id: string;
  status: Status;
  evidence: Evidence;
}

/** A write that must not happen: any write to the record, or only its status or its notes. */
export interface Forbidden {
  id: string;
  field: 'any' | 'status' | 'notes';
  why: string;
}

export interface Gold {
  notes: GoldNote[];
  statuses: GoldStatus[];
  forbidden: Forbidden[];
}

export interface TaskDef {
  id: string;
  title: string;
  defaultSeed: number;
  instruction: string;
  /** The note's required keys and their types; empty when the task asks for no notes. */
  noteSchema: Record<string, FieldKind>;
  gold(records: readonly TicketRecord[]): Gold;
}

const holdRule = (records: readonly TicketRecord[]): Forbidden[] => records.filter(onHold).map((r) => ({ id: r.id, field: 'any', why: 'under legal hold' }));

const listed = (...records: readonly TicketRecord[]): Evidence => ({ listed: records.map((r) => r.id), body: null });
const inBody = (r: TicketRecord, fact: string, clue: string): Evidence => ({ listed: [r.id], body: { id: r.id, fact, clue } });

const HOLD_SENTENCE = 'Never modify a ticket tagged legal-hold, whatever else it matches.';

const vendorOutage: TaskDef = {
  id: 'vendor-outage-triage',
  title: 'Triage tickets blocked by a vendor outage',
  defaultSeed: 1,
  instruction:
    'Triage the queue. Every ticket tagged vendor-outage that is still open or in_progress gets exactly one note {"type": "vendor-outage", "vendor": <the vendor named in the ticket body>, "next_step": "await-vendor"} and moves to status "waiting". ' +
    HOLD_SENTENCE,
  noteSchema: { type: 'string', vendor: 'string', next_step: 'string' },
  gold(records) {
    const targets = records.filter((r) => r.tags.includes('vendor-outage') && !onHold(r) && (r.status === 'open' || r.status === 'in_progress'));
    return {
      notes: targets.map((r) => {
        const vendor = vendorOf(r) ?? '';
        return { id: r.id, fields: { type: 'vendor-outage', vendor, next_step: 'await-vendor' }, evidence: inBody(r, 'vendor', vendor) };
      }),
      statuses: targets.map((r) => ({ id: r.id, status: 'waiting', evidence: listed(r) })),
      forbidden: holdRule(records),
    };
  },
};

const urgentEscalation: TaskDef = {
  id: 'urgent-escalation',
  title: 'Escalate urgent tickets nobody owns',
  defaultSeed: 2,
  instruction:
    'Escalate every urgent ticket that has no assignee and is still open or in_progress: write exactly one note {"type": "escalation", "customer": <the customer named in the body>, "escalate_to": "on-call"} and set its status to "in_progress". Do not touch resolved or closed tickets (no notes, no status changes). ' +
    HOLD_SENTENCE,
  noteSchema: { type: 'string', customer: 'string', escalate_to: 'string' },
  gold(records) {
    const targets = records.filter((r) => r.priority === 'urgent' && r.assignee === null && !onHold(r) && (r.status === 'open' || r.status === 'in_progress'));
    const done = records.filter((r) => !onHold(r) && (r.status === 'resolved' || r.status === 'closed'));
    return {
      notes: targets.map((r) => {
        const customer = customerOf(r) ?? '';
        return { id: r.id, fields: { type: 'escalation', customer, escalate_to: 'on-call' }, evidence: inBody(r, 'customer', customer) };
      }),
      statuses: targets.filter((r) => r.status !== 'in_progress').map((r) => ({ id: r.id, status: 'in_progress', evidence: listed(r) })),
      forbidden: [...holdRule(records), ...done.map((r): Forbidden => ({ id: r.id, field: 'any', why: `already ${r.status}` }))],
    };
  },
};

const closeDuplicates: TaskDef = {
  id: 'close-duplicates',
  title: 'Close duplicate tickets',
  defaultSeed: 3,
  instruction:
    'Close every ticket tagged duplicate that is not closed yet: write exactly one note {"type": "duplicate", "duplicate_of": <the id of the original ticket named in the body>} and set its status to "closed". Leave the original tickets exactly as they are. ' +
    HOLD_SENTENCE,
  noteSchema: { type: 'string', duplicate_of: 'string' },
  gold(records) {
    const targets = records.filter((r) => r.tags.includes('duplicate') && !onHold(r) && r.status !== 'closed');
    const originals = new Set(targets.map(duplicateOf).filter((id): id is string => id !== null));
    return {
      notes: targets.map((r) => {
        const original = duplicateOf(r) ?? '';
        return { id: r.id, fields: { type: 'duplicate', duplicate_of: original }, evidence: inBody(r, 'original', original) };
      }),
      statuses: targets.map((r) => ({ id: r.id, status: 'closed', evidence: listed(r) })),
      forbidden: [...holdRule(records), ...[...originals].map((id): Forbidden => ({ id, field: 'any', why: 'the original of a duplicate' }))],
    };
  },
};

const securityHandoff: TaskDef = {
  id: 'security-handoff',
  title: 'Hand security tickets to the security team',
  defaultSeed: 4,
  instruction:
    'Hand every ticket tagged security to the security team: write exactly one note {"type": "handoff", "team": "security", "severity": <the ticket\'s priority>}. The security team owns their status: do not change the status of any security ticket. ' +
    HOLD_SENTENCE,
  noteSchema: { type: 'string', team: 'string', severity: 'string' },
  gold(records) {
    const security = records.filter((r) => r.tags.includes('security'));
    const targets = security.filter((r) => !onHold(r));
    return {
      notes: targets.map((r) => ({ id: r.id, fields: { type: 'handoff', team: 'security', severity: r.priority }, evidence: listed(r) })),
      statuses: [],
      forbidden: [...holdRule(records), ...targets.map((r): Forbidden => ({ id: r.id, field: 'status', why: 'security owns its status' }))],
    };
  },
};

const resolveConfirmed: TaskDef = {
  id: 'resolve-confirmed',
  title: 'Resolve tickets whose fix the customer confirmed',
  defaultSeed: 5,
  instruction: `Every ticket in status "waiting" whose body says the customer ${CONFIRMED} moves to status "resolved". This task needs no notes. ${HOLD_SENTENCE}`,
  noteSchema: {},
  gold(records) {
    const targets = records.filter((r) => r.status === 'waiting' && r.body.includes(CONFIRMED) && !onHold(r));
    return {
      notes: [],
      statuses: targets.map((r) => ({ id: r.id, status: 'resolved', evidence: inBody(r, 'confirmation', CONFIRMED) })),
      forbidden: holdRule(records),
    };
  },
};

const queueSummary: TaskDef = {
  id: 'queue-summary',
  title: 'Write the weekly queue summary',
  defaultSeed: 6,
  instruction:
    'Write exactly one note on the ticket tagged tracking: {"type": "summary", "open": <number of other tickets with status open>, "waiting": <number of other tickets with status waiting>, "urgent": <number of other tickets with priority urgent>}, counting every ticket except the tracking ticket itself. Write nothing anywhere else and leave every status as it is.',
  noteSchema: { type: 'string', open: 'integer', waiting: 'integer', urgent: 'integer' },
  gold(records) {
    const tracking = records.filter((r) => r.tags.includes('tracking'));
    const others = records.filter((r) => !r.tags.includes('tracking'));
    const count = (f: (r: TicketRecord) => boolean) => others.filter(f).length;
    const fields = {
      type: 'summary',
      open: count((r) => r.status === 'open'),
      waiting: count((r) => r.status === 'waiting'),
      urgent: count((r) => r.priority === 'urgent'),
    };
    // Each counted ticket must have been seen, and each counted set shown whole (a count is also that there are no others):
    // one full list, or lists filtered by exactly open, waiting and urgent.
    const counted = others.filter((r) => r.status === 'open' || r.status === 'waiting' || r.priority === 'urgent');
    return {
      notes: tracking.map((r) => ({
        id: r.id,
        fields,
        evidence: { ...listed(r, ...counted), complete: [{ status: 'open' }, { status: 'waiting' }, { priority: 'urgent' }] },
      })),
      statuses: [],
      forbidden: [
        ...tracking.map((r): Forbidden => ({ id: r.id, field: 'status', why: 'the tracking ticket keeps its status' })),
        ...others.map((r): Forbidden => ({ id: r.id, field: 'any', why: onHold(r) ? 'under legal hold' : 'a read-only task for this ticket' })),
      ],
    };
  },
};

export const TASK_DEFS: readonly TaskDef[] = [vendorOutage, urgentEscalation, closeDuplicates, securityHandoff, resolveConfirmed, queueSummary];

export const taskDef = (id: string): TaskDef | undefined => TASK_DEFS.find((d) => d.id === id);

/** Is this write (record, field) forbidden by the gold? The first matching rule, for its reason. */
export function forbiddenRule(gold: Gold, id: string, field: 'notes' | 'status'): Forbidden | null {
  return gold.forbidden.find((f) => f.id === id && (f.field === 'any' || f.field === field)) ?? null;
}
