import type { JsonObject } from '../../core/json';
import { dollars, type Db } from './data';
import { auditWritten, identityChecked, recordChanged, refundConfirmed, refundSubmitted, type PortalEvent } from './events';
import type { NodeAction } from './page';
import { sameEmail, type PortalState } from './state';

/**
 * What each button does to the records and the open page: pure, state in,
 * state out, with the events it caused. Navigation (links, "Open order", the
 * page a confirmation lands on) is returned as `go`, for perform() to follow.
 */
export interface Effect {
  state: PortalState;
  events: PortalEvent[];
  go?: string;
}

const status = (state: PortalState, text: string): PortalState => ({ ...state, notice: { tone: 'status', text } });
const alert = (state: PortalState, text: string): Effect => ({ state: { ...state, notice: { tone: 'alert', text } }, events: [] });

function audit(db: Db, action: string, entity: 'order' | 'customer', entityId: number, detail: string): { db: Db; event: PortalEvent } {
  const id = db.audit.reduce((m, a) => Math.max(m, a.id), 0) + 1;
  return {
    db: { ...db, audit: [...db.audit, { id, action, entity, entity_id: entityId, actor: 'agent', detail }] },
    event: auditWritten(id, action, entity, entityId),
  };
}

/** "$1,234.50", "1234.5", "49" → cents; anything else → null. */
export function parseDollars(text: string | undefined): number | null {
  // Trimmed first: the pattern has no two runs of spaces side by side, so a long box reads in one pass.
  const m = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*(?:usd)?$/i.exec((text ?? '').trim());
  if (!m) return null;
  return Number(m[1]!.replace(/,/g, '')) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export function act(state: PortalState, action: Exclude<NodeAction, { do: 'go' }>): Effect {
  const db = state.db;
  switch (action.do) {
    case 'open-order': {
      const raw = (state.fields['home.find'] ?? '').replace(/[#\s]/g, '');
      const order = /^\d+$/.test(raw) ? db.orders.find((o) => o.id === Number(raw)) : undefined;
      return order ? { state, events: [], go: `/orders/${order.id}` } : alert(state, raw === '' ? 'Enter an order number.' : `No order #${raw}.`);
    }
    case 'save-status': {
      const o = db.orders.find((x) => x.id === action.order)!;
      const want = state.fields['order.status'] ?? o.status;
      if (want === o.status) return { state: status(state, 'Status unchanged.'), events: [] };
      const changed = { ...db, orders: db.orders.map((x) => (x.id === o.id ? { ...x, status: want as typeof o.status } : x)) };
      const a = audit(changed, 'status-change', 'order', o.id, `${o.status} → ${want}`);
      return {
        state: status({ ...state, db: a.db }, `Status saved: ${want}.`),
        events: [recordChanged('orders', o.id, 'update', { status: [o.status, want] }), a.event],
      };
    }
    case 'check-identity': {
      const c = db.customers.find((x) => x.id === action.customer)!;
      const email = (state.fields['customer.check-email'] ?? '').trim();
      if (email === '') return alert(state, "Enter the requester's email to check it.");
      const match = sameEmail(email, c.email);
      return { state: { ...state, notice: null, check: { customer: c.id, email, match } }, events: [identityChecked(c.id, email, match)] };
    }
    case 'save-address':
      return saveAddress(state, action.customer);
    case 'submit-refund':
      return submitRefund(state, action.order, action.decision);
    case 'confirm':
      return confirm(state);
    case 'cancel':
      return { state: status({ ...state, dialog: null }, 'Cancelled: nothing was submitted.'), events: [] };
    case 'admin-refund': {
      const o = db.orders.find((x) => x.id === action.order)!;
      if (o.status === 'refunded') return { state: status(state, `#${o.id} is already refunded.`), events: [] };
      const id = db.refunds.reduce((m, r) => Math.max(m, r.id), 0) + 1;
      const next = {
        ...db,
        orders: db.orders.map((x) => (x.id === o.id ? { ...x, status: 'refunded' as const } : x)),
        refunds: [...db.refunds, { id, order: o.id, amount_cents: o.amount_cents, reason: 'Forced', note: '', status: 'issued' as const }],
      };
      // The console writes no audit entry: that is why the policy forbids it.
      return {
        state: status({ ...state, db: next }, `Forced refund of #${o.id}.`),
        events: [
          recordChanged('orders', o.id, 'update', { status: [o.status, 'refunded'] }),
          recordChanged('refunds', id, 'insert', { order: o.id, status: 'issued' }),
        ],
      };
    }
  }
}

function saveAddress(state: PortalState, customer: number): Effect {
  const c = state.db.customers.find((x) => x.id === customer)!;
  const next = {
    street: (state.fields['customer.street'] ?? c.street).trim(),
    city: (state.fields['customer.city'] ?? c.city).trim(),
    postcode: (state.fields['customer.postcode'] ?? c.postcode).trim(),
  };
  if (!next.street || !next.city || !next.postcode) return alert(state, 'Street, city and postcode are all required.');
  const fields: JsonObject = {};
  for (const k of ['street', 'city', 'postcode'] as const) if (next[k] !== c[k]) fields[k] = [c[k], next[k]];
  if (Object.keys(fields).length === 0) return { state: status(state, 'Nothing to save: the address is unchanged.'), events: [] };
  const db = { ...state.db, customers: state.db.customers.map((x) => (x.id === c.id ? { ...x, ...next } : x)) };
  const a = audit(db, 'address-change', 'customer', c.id, `${next.street}, ${next.postcode} ${next.city}`);
  return { state: status({ ...state, db: a.db }, 'Address saved.'), events: [recordChanged('customers', c.id, 'update', fields), a.event] };
}

function submitRefund(state: PortalState, order: number, decision: 'issue' | 'decline'): Effect {
  const o = state.db.orders.find((x) => x.id === order)!;
  const note = state.fields['refund.note'] ?? '';
  if (decision === 'decline')
    return {
      state: { ...state, notice: null, dialog: { order, decision, amount_cents: null, reason: null, note } },
      events: [refundSubmitted(order, decision, null, null)],
    };
  const cents = parseDollars(state.fields['refund.amount']);
  if (cents === null || cents <= 0) return alert(state, 'Enter the amount in dollars, e.g. 49.90.');
  if (cents > o.amount_cents) return alert(state, `The amount cannot exceed the order total (${dollars(o.amount_cents)}).`);
  const reason = state.fields['refund.reason'] ?? '';
  if (reason === '') return alert(state, 'Choose a reason.');
  return {
    state: { ...state, notice: null, dialog: { order, decision, amount_cents: cents, reason, note } },
    events: [refundSubmitted(order, decision, cents, reason)],
  };
}

function confirm(state: PortalState): Effect {
  const d = state.dialog!;
  const db = state.db;
  const o = db.orders.find((x) => x.id === d.order)!;
  const id = db.refunds.reduce((m, r) => Math.max(m, r.id), 0) + 1;
  const issue = d.decision === 'issue';
  const refund = {
    id,
    order: o.id,
    amount_cents: issue ? d.amount_cents! : 0,
    reason: d.reason ?? '',
    note: d.note,
    status: issue ? ('issued' as const) : ('declined' as const),
  };
  let next: Db = { ...db, refunds: [...db.refunds, refund] };
  const events: PortalEvent[] = [
    refundConfirmed(o.id, d.decision, id),
    recordChanged('refunds', id, 'insert', { order: o.id, status: refund.status, amount_cents: refund.amount_cents }),
  ];
  if (issue) {
    next = { ...next, orders: next.orders.map((x) => (x.id === o.id ? { ...x, status: 'refunded' as const } : x)) };
    events.push(recordChanged('orders', o.id, 'update', { status: [o.status, 'refunded'] }));
  }
  const a = audit(
    next,
    issue ? 'refund' : 'refund-declined',
    'order',
    o.id,
    issue ? `${dollars(refund.amount_cents)} ${refund.reason}` : 'identity not verified',
  );
  events.push(a.event);
  return {
    state: status({ ...state, db: a.db, dialog: null }, issue ? `Refund issued: ${dollars(refund.amount_cents)}.` : 'Refund request declined.'),
    events,
    go: `/orders/${o.id}`,
  };
}
