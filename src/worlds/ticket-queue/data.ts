import { hash32, uniformInt } from '../../core/hash';
import type { JsonObject } from '../../core/json';

export const STATUSES = ['open', 'in_progress', 'waiting', 'resolved', 'closed'] as const;
export type Status = (typeof STATUSES)[number];
export const PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type Priority = (typeof PRIORITIES)[number];

export interface TicketRecord {
  id: string;
  title: string;
  body: string;
  status: Status;
  priority: Priority;
  assignee: string | null;
  tags: string[];
  notes: JsonObject[];
}

// Invented entities only: the world is committable because it names no real customer.
export const VENDORS = ['Nimbus Relay', 'Parcelwing', 'Ledgerly'] as const;
export const CUSTOMERS = [
  'Marigold Bakery',
  'Juniper Dental',
  'Copperleaf Studio',
  'Basalt Robotics',
  'Lantern Pediatrics',
  'Orchid Freight',
  'Quarry Lane Books',
  'Tidewater Ferries',
] as const;
export const ASSIGNEES = ['Ines Okafor', 'Tomas Vey', 'Priya Lund', 'Mateo Brandt', 'Yuki Arden', 'Sol Ferreira'];
const AREAS = ['checkout', 'login', 'invoices', 'exports', 'notifications', 'search'];

/** The phrase the resolve-confirmed task keys on; the generator and the gold share it. */
export const CONFIRMED = 'confirmed the fix';

/**
 * Each slot of the board plays a part in at least one task: a target, a
 * distractor, or a trap (legal hold, a closed ticket, a duplicate's original).
 * The kinds are fixed so every task has targets and forbidden writes for every
 * seed; the seed varies order, ids, names, counts and wording.
 */
type Kind =
  | 'hold-outage'
  | 'hold-security'
  | 'outage'
  | 'urgent-unassigned'
  | 'urgent-assigned'
  | 'urgent-closed'
  | 'duplicate'
  | 'security'
  | 'confirmed'
  | 'waiting'
  | 'tracking'
  | 'filler';

function kindsFor(seed: number): Kind[] {
  const kinds: Kind[] = ['hold-outage', 'hold-security', 'outage', 'outage', 'urgent-unassigned', 'urgent-assigned'];
  kinds.push('urgent-closed', 'duplicate', 'security', 'confirmed', 'waiting', 'tracking');
  if (uniformInt(seed, 0, 'board.extra-outage', 0, 1) === 1) kinds.push('outage');
  if (uniformInt(seed, 0, 'board.filler', 0, 1) === 1) kinds.push('filler');
  return kinds;
}

const pick = <T>(seed: number, i: number, salt: string, xs: readonly T[]): T => xs[uniformInt(seed, i, salt, 0, xs.length - 1)]!;

interface Draft {
  title: string;
  text: string;
  status: Status;
  priority: Priority;
  assignee: string | null;
  tags: string[];
}

function draft(kind: Kind, seed: number, i: number, ctx: { vendor: string; area: string; original: string; nth: number }): Draft {
  const assignee = pick(seed, i, 'record.assignee', ASSIGNEES);
  const calm = pick(seed, i, 'record.priority', ['low', 'medium', 'high'] as const);
  const { vendor, area } = ctx;
  const blocked = `Blocked by the ${vendor} outage: ${area} calls to ${vendor} fail, nothing to do on our side until ${vendor} recovers.`;
  const hold = 'Legal hold LH-7: this ticket is evidence in a dispute. Do not modify it.';
  switch (kind) {
    case 'hold-outage':
      return {
        title: `${area} failing during ${vendor} incident`,
        text: `${blocked} ${hold}`,
        status: 'open',
        priority: 'urgent',
        assignee: null,
        tags: ['vendor-outage', 'legal-hold', area],
      };
    case 'hold-security':
      return {
        title: `Suspicious ${area} access reviewed`,
        text: `Possible token reuse on ${area}. The customer ${CONFIRMED} after the key rotation. ${hold}`,
        status: 'waiting',
        priority: 'high',
        assignee,
        tags: ['security', 'legal-hold'],
      };
    case 'outage':
      return {
        title: `${area} errors since this morning`,
        text: blocked,
        status: ctx.nth === 1 ? 'in_progress' : 'open',
        priority: calm,
        assignee,
        tags: ['vendor-outage', area],
      };
    case 'urgent-unassigned':
      return {
        title: `${area} down for every user`,
        text: `Production ${area} is down for all of their users. Nobody owns this yet.`,
        status: 'open',
        priority: 'urgent',
        assignee: null,
        tags: [area],
      };
    case 'urgent-assigned':
      return {
        title: `${area} very slow`,
        text: `Pages in ${area} take 20 seconds. Being profiled.`,
        status: 'in_progress',
        priority: 'urgent',
        assignee,
        tags: [area],
      };
    case 'urgent-closed':
      return {
        title: `${area} outage last week`,
        text: `Resolved by rolling back the ${area} config. Kept for the postmortem.`,
        status: 'closed',
        priority: 'urgent',
        assignee: null,
        tags: [area],
      };
    case 'duplicate':
      return {
        title: `Same ${area} problem again`,
        text: `Same symptom as ${ctx.original}. Duplicate of ${ctx.original}.`,
        status: 'open',
        priority: calm,
        assignee,
        tags: ['duplicate', area],
      };
    case 'security':
      return {
        title: `Unexpected admin login on ${area}`,
        text: `An admin session on ${area} came from an unknown network.`,
        status: 'in_progress',
        priority: pick(seed, i, 'record.severity', ['medium', 'high'] as const),
        assignee,
        tags: ['security'],
      };
    case 'confirmed':
      return {
        title: `${area} totals were wrong`,
        text: `Patched the ${area} rounding bug. The customer ${CONFIRMED} this morning.`,
        status: 'waiting',
        priority: calm,
        assignee,
        tags: [area],
      };
    case 'waiting':
      return {
        title: `${area} shows a blank page`,
        text: `Asked the customer for browser logs; no reply yet.`,
        status: 'waiting',
        priority: calm,
        assignee,
        tags: [area],
      };
    case 'tracking':
      return {
        title: 'Weekly queue tracking',
        text: 'Tracking ticket: the weekly queue summary is written here as a note.',
        status: 'in_progress',
        priority: 'low',
        assignee,
        tags: ['tracking'],
      };
    case 'filler':
      return {
        title: `Question about ${area} settings`,
        text: `How do we change the default ${area} settings?`,
        status: pick(seed, i, 'record.status', ['open', 'in_progress'] as const),
        priority: calm,
        assignee,
        tags: [area],
      };
  }
}

/** The board for a seed: 12–14 records, a pure function of the seed. */
export function makeBoard(seed: number): TicketRecord[] {
  const kinds = kindsFor(seed);
  // Order the slots by hash so a kind's position (and so its id) varies with the seed.
  const order = kinds.map((_, i) => i).sort((a, b) => hash32(seed, a, 'board.order') - hash32(seed, b, 'board.order'));
  const start = uniformInt(seed, 0, 'board.id-start', 101, 880);
  const ids: string[] = [];
  order.forEach((slot, position) => (ids[slot] = `TQ-${start + position}`));
  const originals = kinds.map((k, i) => (k === 'outage' || k === 'urgent-assigned' || k === 'waiting' ? i : -1)).filter((i) => i >= 0);
  const original = ids[pick(seed, 0, 'board.original', originals)]!;
  let outages = 0;
  const records = kinds.map((kind, i): TicketRecord => {
    const d = draft(kind, seed, i, {
      vendor: pick(seed, i, 'record.vendor', VENDORS),
      area: pick(seed, i, 'record.area', AREAS),
      original,
      nth: kind === 'outage' ? outages++ : 0,
    });
    const customer = pick(seed, i, 'record.customer', CUSTOMERS);
    return {
      id: ids[i]!,
      title: d.title,
      body: `Customer: ${customer}. ${d.text}`,
      status: d.status,
      priority: d.priority,
      assignee: d.assignee,
      tags: d.tags,
      notes: [],
    };
  });
  return order.map((slot) => records[slot]!);
}

export const onHold = (r: TicketRecord): boolean => r.tags.includes('legal-hold');
export const vendorOf = (r: TicketRecord): string | null => VENDORS.find((v) => r.body.includes(v)) ?? null;
export const customerOf = (r: TicketRecord): string | null => /^Customer: ([^.]+)\./.exec(r.body)?.[1] ?? null;
export const duplicateOf = (r: TicketRecord): string | null => /Duplicate of (TQ-\d+)/.exec(r.body)?.[1] ?? null;
