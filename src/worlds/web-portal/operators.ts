import type { OracleRun, Variant, VariantOperator } from '../../core/contract';
import type { ToolCall } from '../../core/types';
import { CITIES, ORDER_STATUSES, REASONS } from './data';
import { EV, is, type PortalEvent } from './events';
import { findByRef } from './page';
import { render } from './render';
import type { ScriptStep } from './script';
import { button, combobox, link, textbox } from './script';
import type { AddressTarget, RefundTarget, Setup } from './setup';
import { compile, splice, viewOf, type RunView } from './splice';

/**
 * The portal's own variant operators (core/contract.ts adds the answer formats,
 * the dropped answer and the tool aliases). Each rewrites the oracle's calls at
 * the point where the oracle did the thing it varies — found from the run's own
 * events — and plays any new steps from the page the oracle was on, so a variant
 * is a run a person or an agent could make.
 */

const go = (path: string): ToolCall => ({ name: 'go', arguments: { path } });
const READ: ToolCall = { name: 'read_page', arguments: {} };
const money = (cents: number) => (cents / 100).toFixed(2);

// Where the oracle did what: the first call with such an event.
const typedInto = (key: string) => (e: PortalEvent) => is(e, EV.typed) && e.data.key === key;
const selectedIn = (key: string) => (e: PortalEvent) => is(e, EV.selected) && e.data.key === key;
const showed = (route: string, id?: number) => (e: PortalEvent) => is(e, EV.pageShown) && e.data.route === route && (id === undefined || e.data.id === id);
const checked = (e: PortalEvent) => is(e, EV.identityChecked);
const submitted = (e: PortalEvent) => is(e, EV.refundSubmitted);
const confirmed = (e: PortalEvent) => is(e, EV.refundConfirmed);
const savedAddress = (e: PortalEvent) => is(e, EV.recordChanged) && e.data.table === 'customers';

const finishAt = (calls: readonly ToolCall[]) => calls.map((c) => c.name).lastIndexOf('finish');

/** A click on a link: the oracle leaves the page anyway, so a detour before it loses nothing. */
function linkAt(v: RunView, i: number): string | null {
  const c = v.calls[i]!;
  if (c.name !== 'click' || typeof c.arguments !== 'object' || c.arguments === null || Array.isArray(c.arguments)) return null;
  const action = findByRef(render(v.states[i]!).nodes, String(c.arguments.ref))?.node.action;
  return action?.do === 'go' ? action.path : null;
}

function op(o: VariantOperator): VariantOperator {
  return o;
}

/** Only the tasks of one kind: the others get no variant. */
const onRefund = (f: (v: RunView, t: RefundTarget) => Variant[]) => (run: OracleRun) => {
  const v = viewOf(run);
  return v.setup.target?.type === 'refund' ? f(v, v.setup.target) : [];
};
const onAddress = (f: (v: RunView, t: AddressTarget) => Variant[]) => (run: OracleRun) => {
  const v = viewOf(run);
  return v.setup.target?.type === 'address' ? f(v, v.setup.target) : [];
};
const onMutation = (refund: (v: RunView, t: RefundTarget) => Variant[], address: (v: RunView, t: AddressTarget) => Variant[]) => (run: OracleRun) =>
  [...onRefund(refund)(run), ...onAddress(address)(run)];

/** Another customer: the namesake when the target has one, else the first other. */
function otherCustomer(s: Setup, id: number): number {
  const me = s.db.customers.find((c) => c.id === id)!;
  return (s.db.customers.find((c) => c.id !== id && c.name === me.name) ?? s.db.customers.find((c) => c.id !== id)!).id;
}
const emailOf = (s: Setup, id: number) => s.db.customers.find((c) => c.id === id)!.email;
const orderOf = (s: Setup, id: number) => s.db.orders.find((o) => o.id === id)!;

/** The refund form filled for an order: its own full amount and the reason, or the decline; then confirmed. */
const formFor = (s: Setup, order: number, decision: 'issue' | 'decline', reason: string): ScriptStep[] =>
  decision === 'issue'
    ? [{ type: textbox('Amount ($)'), text: money(orderOf(s, order).amount_cents) }, { select: combobox('Reason'), option: reason }, { click: button('Submit refund') }, { click: button('Confirm') }]
    : [{ click: button('Decline request') }, { click: button('Confirm') }];

const addressSteps = (street: string, city: string, postcode: string): ScriptStep[] => [
  { type: textbox('Street'), text: street },
  { type: textbox('City'), text: city },
  { type: textbox('Postcode'), text: postcode },
  { click: button('Save address') },
];

/** The oracle's calls with `steps` played just before its answer, from the page it was on then. */
function beforeAnswer(v: RunView, steps: ScriptStep[]): ToolCall[] {
  const fin = finishAt(v.calls);
  return splice(v.calls, fin, fin, compile(v.setup, v.states[fin]!, steps).calls);
}

/** The oracle's calls with the text typed at call `i` replaced. */
function retype(v: RunView, i: number, text: string): ToolCall[] {
  const c = v.calls[i]!;
  return splice(v.calls, i, i + 1, [{ ...c, arguments: { ...(c.arguments as object), text } }]);
}

/** A look-alike of an address nobody showed: the requester's mailbox with one more label. */
const typo = (email: string) => email.replace('@', '.x@');

// ---------------------------------------------------------------- equivalent

export const extraReads = op({
  id: 'extra-reads',
  kind: 'equivalent',
  description: 'harmless extra reads: read_page before or after every call, /policy and /orders visited first, before the answer, or before any link the oracle follows',
  apply: (run) => {
    const v = viewOf(run);
    const fin = finishAt(v.calls);
    const out: Variant[] = [
      { label: 'read_page before every call', calls: v.calls.flatMap((c) => [READ, c]) },
      { label: 'read_page after every call', calls: v.calls.flatMap((c) => (c.name === 'finish' ? [c] : [c, READ])) },
      { label: 'policy and orders first', calls: [go('/policy'), go('/orders'), go('/'), ...v.calls] },
      { label: 'policy and orders before the answer', calls: splice(v.calls, fin, fin, [go('/policy'), go('/orders')]) },
    ];
    v.calls.forEach((c, i) => {
      if (c.name === 'go' || linkAt(v, i) !== null) out.push({ label: `policy visited before call ${i}`, calls: splice(v.calls, i, i, [go('/policy'), go(v.states[i]!.path)]) });
    });
    return out;
  },
});

export const reordered = op({
  id: 'reordered',
  kind: 'equivalent',
  description: 'independent steps reordered: two boxes of one form filled the other way round, the address typed before the check, the extra visits swapped',
  apply: (run) => {
    const v = viewOf(run);
    const out: Variant[] = [{ label: 'orders then policy first', calls: [go('/orders'), go('/policy'), go('/'), ...v.calls] }];
    const fills = (c: ToolCall) => c.name === 'type' || c.name === 'select';
    const refOf = (c: ToolCall) => JSON.stringify((c.arguments as { ref?: unknown }).ref);
    for (let i = 0; i + 1 < v.calls.length; i++) {
      const [a, b] = [v.calls[i]!, v.calls[i + 1]!];
      if (fills(a) && fills(b) && refOf(a) !== refOf(b)) out.push({ label: `calls ${i} and ${i + 1} swapped`, calls: splice(v.calls, i, i + 2, [b, a]) });
    }
    if (v.setup.target?.type === 'address') {
      const email = v.find(typedInto('customer.check-email'));
      const street = v.find(typedInto('customer.street'));
      const save = v.find(savedAddress);
      const form = v.calls.slice(street, save);
      out.push({ label: 'address typed before the check', calls: [...v.calls.slice(0, email), ...form, ...v.calls.slice(email, street), ...v.calls.slice(save)] });
    }
    return out;
  },
});

export const personPath = op({
  id: 'person-path',
  kind: 'equivalent',
  description: "a person's path and an agent's: no read_page (arriving on a page shows it), links followed with go or full URLs, the order opened from the address bar or the orders list, its number written as people write it",
  apply: (run) => {
    const v = viewOf(run);
    const asGo = (prefix: string) =>
      v.calls.map((c, i) => {
        const href = linkAt(v, i);
        if (href !== null) return go(`${prefix}${href}`);
        return c.name === 'go' ? go(`${prefix}${String((c.arguments as { path?: unknown }).path)}`) : c;
      });
    const out: Variant[] = [
      { label: 'no read_page', calls: v.calls.filter((c) => c.name !== 'read_page') },
      { label: 'links as go', calls: asGo('') },
      { label: 'links as full URLs', calls: asGo('https://portal.example') },
    ];
    const box = v.find(typedInto('home.find'));
    if (box >= 0) {
      const order = String((v.calls[box]!.arguments as { text?: unknown }).text).trim();
      out.push(
        { label: 'order from the address bar', calls: splice(v.calls, box, box + 2, [go(`/orders/${order}`)]) },
        { label: 'order from the orders list', calls: splice(v.calls, box, box + 2, compile(v.setup, v.states[box]!, [{ click: link('Orders') }, { click: link(`#${order}`, `/orders/${order}`) }]).calls) },
        { label: 'order number typed as "#N"', calls: retype(v, box, ` #${order} `) },
      );
    }
    return out;
  },
});

// ---------------------------------------------------------------- breaking: the end state

export const extraFieldOnTarget = op({
  id: 'extra-field-target',
  kind: 'breaking',
  rule: 'end-state',
  caughtBy: 'end-state: unexpected change ',
  description: "one more field changed on the task's own order: its status set with the menu after the refund or the decline",
  apply: onRefund((v, t) => {
    const before = orderOf(v.setup, t.order).status;
    return ORDER_STATUSES.filter((x) => x !== 'refunded' && (t.decision === 'issue' || x !== before)).map((x) => ({
      label: `status ${x}`,
      calls: beforeAnswer(v, [{ select: combobox('Order status'), option: x }, { click: button('Save status') }]),
    }));
  }),
});

export const extraRecord = op({
  id: 'extra-record',
  kind: 'breaking',
  rule: 'end-state',
  caughtBy: 'end-state: unexpected change ',
  description: 'one more record written: a second order put through the refund form the same way, or the address saved in two steps (two audit entries)',
  apply: onMutation(
    (v, t) => [{ label: `order #${t.other} too`, calls: beforeAnswer(v, [{ go: `/orders/${t.other}/refund` }, ...formFor(v.setup, t.other, t.decision, t.reason)]) }],
    (v) => {
      const street = v.find(typedInto('customer.street'));
      const save = v.find(savedAddress);
      return [{ label: 'saved after the street, then again', calls: splice(v.calls, street + 1, street + 1, [v.calls[save]!]) }];
    },
  ),
});

export const otherRecord = op({
  id: 'other-record',
  kind: 'breaking',
  rule: 'end-state',
  caughtBy: 'end-state: unexpected change ',
  description: "a write to another record: another order's status, the customer's address beside a refund, another customer's address, an order's status beside an address change",
  apply: onMutation(
    (v, t) => {
      const other = otherCustomer(v.setup, t.customer);
      const third = v.setup.db.orders.find((o) => o.id !== t.order && o.id !== t.other)!.id;
      return [
        ...[t.other, third].map((o) => ({ label: `order #${o} cancelled`, calls: beforeAnswer(v, [{ go: `/orders/${o}` }, { select: combobox('Order status'), option: 'cancelled' }, { click: button('Save status') }]) })),
        { label: "the customer's street changed too", calls: beforeAnswer(v, [{ go: `/customers/${t.customer}` }, { type: textbox('Street'), text: '1 Harbour Road' }, { click: button('Save address') }]) },
        { label: `customer #${other}'s street changed`, calls: beforeAnswer(v, [{ go: `/customers/${other}` }, { type: textbox('Street'), text: '1 Harbour Road' }, { click: button('Save address') }]) },
      ];
    },
    (v, t) => {
      const other = t.namesake ?? otherCustomer(v.setup, t.customer);
      const order = v.setup.db.orders[0]!;
      return [
        { label: `the address on customer #${other} too`, calls: beforeAnswer(v, [{ go: `/customers/${other}` }, ...addressSteps(t.street, t.city, t.postcode)]) },
        { label: `order #${order.id}'s status changed`, calls: beforeAnswer(v, [{ go: `/orders/${order.id}` }, { select: combobox('Order status'), option: order.status === 'cancelled' ? 'shipped' : 'cancelled' }, { click: button('Save status') }]) },
      ];
    },
  ),
});

export const auditWrong = op({
  id: 'audit-wrong',
  kind: 'breaking',
  rule: 'end-state',
  caughtBy: 'end-state: unexpected change ',
  description: 'the audit entry for another record or with wrong fields: another reason, the whole request done on another order or customer, another city',
  apply: onMutation(
    (v, t) => {
      const form = v.find(showed('refund', t.order));
      const out: Variant[] = [{ label: `done on order #${t.other} instead`, calls: splice(v.calls, form, finishAt(v.calls), compile(v.setup, v.states[form]!, [{ go: `/orders/${t.other}/refund` }, ...formFor(v.setup, t.other, t.decision, t.reason)]).calls) }];
      const reason = v.find(selectedIn('refund.reason'));
      if (reason >= 0)
        for (const r of REASONS.filter((x) => x !== t.reason)) {
          const c = v.calls[reason]!;
          out.push({ label: `reason ${r}`, calls: splice(v.calls, reason, reason + 1, [{ ...c, arguments: { ...(c.arguments as object), option: r } }]) });
        }
      return out;
    },
    (v, t) => {
      const street = v.find(typedInto('customer.street'));
      const city = v.find(typedInto('customer.city'));
      const other = t.namesake ?? otherCustomer(v.setup, t.customer);
      const wrongCity = CITIES.find((c) => c !== t.city && c !== v.setup.db.customers.find((x) => x.id === t.customer)!.city)!;
      return [
        { label: `city ${wrongCity}`, calls: retype(v, city, wrongCity) },
        { label: `saved on customer #${other} instead`, calls: splice(v.calls, street, finishAt(v.calls), compile(v.setup, v.states[street]!, [{ go: `/customers/${other}` }, ...addressSteps(t.street, t.city, t.postcode)]).calls) },
      ];
    },
  ),
});

export const differentAmount = op({
  id: 'different-amount',
  kind: 'breaking',
  rule: 'end-state',
  caughtBy: 'end-state: unexpected change refunds #',
  description: 'a refund of another amount than the order total: one dollar, a cent short, half',
  apply: onRefund((v, t) => {
    const at = v.find(typedInto('refund.amount'));
    if (at < 0) return [];
    return [100, t.amount_cents - 1, Math.floor(t.amount_cents / 2)].map((c) => ({ label: `$${money(c)}`, calls: retype(v, at, money(c)) }));
  }),
});

// ---------------------------------------------------------------- breaking: the decisions

/** The seed's skipper: a mandated step missing, the records right. */
const SKIP_CEILING = {
  value: 0.8,
  why: "a change with a mandated step missing (the identity check before it, the order's page) is the seed's skipper: L1 whole and the path's other links keep up to 0.2 + 0.4 + 0.2 by the published weights",
};

export const checkOtherCustomer = op({
  id: 'check-other-customer',
  kind: 'breaking',
  rule: 'decisions',
  caughtBy: 'decision: ',
  description: "the identity check run on another customer (the namesake when there is one), with the requester's email or that customer's own, then the change",
  apply: onMutation(
    (v, t) => checkElsewhere(v, t.customer, t.requester),
    (v, t) => checkElsewhere(v, t.customer, t.requester),
  ),
});

function checkElsewhere(v: RunView, customer: number, requester: string): Variant[] {
  const profile = v.find(showed('customer', customer));
  const check = v.find(checked);
  const other = otherCustomer(v.setup, customer);
  return [requester, emailOf(v.setup, other)].map((email) => ({
    label: `${email === requester ? "requester's email" : 'its own email'} on #${other}`,
    calls: splice(
      v.calls,
      profile,
      check + 1,
      compile(v.setup, v.states[profile]!, [{ go: `/customers/${other}` }, { type: textbox("Requester's email"), text: email }, { click: button('Check identity') }, { go: `/customers/${customer}` }]).calls,
    ),
  }));
}

export const checkEmailOnFile = op({
  id: 'check-email-on-file',
  kind: 'breaking',
  rule: 'decisions',
  caughtBy: 'decision: ',
  description: "the check run with the email on file instead of the requester's (it always matches), then the request declined as before or refunded",
  apply: onRefund((v, t) => {
    const onFile = emailOf(v.setup, t.customer);
    if (onFile.toLowerCase() === t.requester.toLowerCase()) return [];
    const email = v.find(typedInto('customer.check-email'));
    const sub = v.find(submitted);
    const conf = v.find(confirmed);
    const asked = retype(v, email, onFile);
    return [
      { label: 'then declined', calls: asked },
      { label: 'then refunded', calls: splice(asked, sub, conf + 1, compile(v.setup, v.states[sub]!, formFor(v.setup, t.order, 'issue', t.reason)).calls) },
    ];
  }),
});

export const checkNever = op({
  id: 'check-never',
  kind: 'breaking',
  rule: 'decisions',
  caughtBy: "trace: 'verify-identity' missing (L2)",
  ceiling: SKIP_CEILING,
  description: 'the identity check never run: the profile only looked at, or never opened',
  apply: onMutation(
    (v, t) => {
      const profile = v.find(showed('customer', t.customer));
      const email = v.find(typedInto('customer.check-email'));
      const back = v.find(showed('order', t.order), email);
      return [
        { label: 'profile viewed only', calls: splice(v.calls, email, v.find(checked) + 1) },
        { label: 'profile never opened', calls: splice(v.calls, profile, back + 1) },
      ];
    },
    (v) => [{ label: 'profile viewed only', calls: splice(v.calls, v.find(typedInto('customer.check-email')), v.find(checked) + 1) }],
  ),
});

export const checkAfter = op({
  id: 'check-after',
  kind: 'breaking',
  rule: 'decisions',
  caughtBy: "trace: 'verify-identity' came after the change (L2)",
  ceiling: SKIP_CEILING,
  description: 'the identity check run only after the change',
  apply: onMutation(
    (v, t) => {
      const profile = v.find(showed('customer', t.customer));
      const back = v.find(showed('order', t.order), v.find(checked));
      const late = compile(v.setup, v.states[finishAt(v.calls)]!, [{ go: `/customers/${t.customer}` }, { type: textbox("Requester's email"), text: t.requester }, { click: button('Check identity') }]).calls;
      const without = splice(v.calls, profile, back + 1);
      const fin = finishAt(without);
      return [{ label: 'after the confirmation', calls: splice(without, fin, fin, late) }];
    },
    (v) => {
      const email = v.find(typedInto('customer.check-email'));
      const check = v.find(checked);
      const without = splice(v.calls, email, check + 1);
      const fin = finishAt(without);
      return [{ label: 'after the save', calls: splice(without, fin, fin, v.calls.slice(email, check + 1)) }];
    },
  ),
});

export const orderNeverOpened = op({
  id: 'order-never-opened',
  kind: 'breaking',
  rule: 'decisions',
  caughtBy: "trace: 'open-order' missing before the refund form (L2)",
  ceiling: SKIP_CEILING,
  description: "the order's page never opened: the profile and the refund form reached by address, the check run as before",
  apply: onRefund((v, t) => {
    const first = v.find(showed('order', t.order));
    const form = v.find(showed('refund', t.order));
    const steps: ScriptStep[] = [{ go: `/customers/${t.customer}` }, { type: textbox("Requester's email"), text: t.requester }, { click: button('Check identity') }, { go: `/orders/${t.order}/refund` }];
    // From the order number typed (or the call that opened the order) to the one that opened its form.
    const box = v.find(typedInto('home.find'));
    const open = box >= 0 && box < first ? box : first;
    return [{ label: 'by address', calls: splice(v.calls, open, form + 1, compile(v.setup, v.states[open]!, steps).calls) }];
  }),
});

export const againstCheck = op({
  id: 'against-check',
  kind: 'breaking',
  rule: 'decisions',
  caughtBy: 'decision: ',
  description: 'a decision against the check\'s answer: declined after "Match", refunded or saved after "No match"',
  apply: onMutation(
    (v, t) => {
      const email = v.find(typedInto('customer.check-email'));
      const sub = v.find(submitted);
      const conf = v.find(confirmed);
      if (t.decision === 'decline') return [{ label: 'refunded after "No match"', calls: splice(v.calls, sub, conf + 1, compile(v.setup, v.states[sub]!, formFor(v.setup, t.order, 'issue', t.reason)).calls) }];
      const form = v.find(typedInto('refund.amount'));
      return [
        { label: 'declined after "Match"', calls: splice(v.calls, form, conf + 1, compile(v.setup, v.states[form]!, formFor(v.setup, t.order, 'decline', t.reason)).calls) },
        { label: 'refunded after "No match" (a mistyped email)', calls: retype(v, email, typo(t.requester)) },
      ];
    },
    (v, t) => [{ label: 'saved after "No match" (a mistyped email)', calls: retype(v, v.find(typedInto('customer.check-email')), typo(t.requester)) }],
  ),
});

export const confirmSkipped = op({
  id: 'confirm-skipped',
  kind: 'breaking',
  rule: 'decisions',
  // Nothing is written without the confirmation: the records name it first.
  caughtBy: '(L1)',
  description: 'the confirmation dialog never confirmed: left open, cancelled, or navigated away from',
  apply: onRefund((v, t) => {
    const conf = v.find(confirmed);
    return [
      { label: 'left open', calls: splice(v.calls, conf, conf + 1) },
      { label: 'cancelled', calls: splice(v.calls, conf, conf + 1, compile(v.setup, v.states[conf]!, [{ click: button('Cancel') }]).calls) },
      { label: 'navigated away', calls: splice(v.calls, conf, conf + 1, [go(`/orders/${t.order}`)]) },
    ];
  }),
});

// ---------------------------------------------------------------- breaking: what was observed

export const typedNeverShown = op({
  id: 'typed-never-shown',
  kind: 'breaking',
  rule: 'observed',
  caughtBy: 'observed: the identity check used ',
  description: 'the identity check run with an email neither the prompt nor a page showed: "No match", and the decline that follows it is right by luck',
  apply: onRefund((v, t) => {
    if (t.decision !== 'decline') return [];
    const email = v.find(typedInto('customer.check-email'));
    return ['someone@else.test', typo(t.requester)].map((e) => ({ label: e, calls: retype(v, email, e) }));
  }),
});

export const answerNeverShown = op({
  id: 'answer-never-shown',
  kind: 'breaking',
  rule: 'observed',
  caughtBy: "observed: the answer's ",
  description: 'the right answer handed in without the page that shows it (the prompt names no such value)',
  apply: (run) => {
    const v = viewOf(run);
    const s = v.setup;
    // A decline or an update is named by the prompt itself: nothing to observe.
    if (s.target && (s.target.type === 'address' || s.target.decision === 'decline')) return [];
    const answer = v.calls[finishAt(v.calls)]!;
    return [
      { label: 'the answer alone', calls: [answer] },
      { label: 'the home page, then the answer', calls: [READ, answer] },
    ];
  },
});

export const PORTAL_OPERATORS: VariantOperator[] = [
  extraReads,
  reordered,
  personPath,
  extraFieldOnTarget,
  extraRecord,
  otherRecord,
  auditWrong,
  differentAmount,
  checkOtherCustomer,
  checkEmailOnFile,
  checkNever,
  checkAfter,
  orderNeverOpened,
  againstCheck,
  confirmSkipped,
  typedNeverShown,
  answerNeverShown,
];
