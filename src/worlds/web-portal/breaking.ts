import type { Variant, VariantOperator } from '../../core/contract';
import type { ToolCall } from '../../core/types';
import { CITIES, ORDER_STATUSES, REASONS } from './data';
import { button, combobox, textbox, type ScriptStep } from './script';
import {
  addressSteps,
  beforeAnswer,
  checked,
  compile,
  confirmed,
  emailOf,
  finishAt,
  formFor,
  go,
  money,
  onMutation,
  onRefund,
  orderOf,
  otherCustomer,
  retype,
  savedAddress,
  selectedIn,
  showed,
  splice,
  startOf,
  submitted,
  typedInto,
  typo,
  type RunView,
} from './splice';

/**
 * The portal's breaking operators for the end state and the decisions, one per way to break
 * a rule of the contract (what was observed: `breakingObserved.ts`).
 * Each rewrites the oracle's calls where the oracle did what it varies (found
 * from the run's own events) and plays new steps from the page the oracle was
 * on, so every variant is a run a person or an agent could make. Each must
 * FAIL at or under its ceiling, caught by the layer it breaks.
 */

// ---------------------------------------------------------------- breaking: the end state

export const extraFieldOnTarget: VariantOperator = {
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
};

export const extraRecord: VariantOperator = {
  id: 'extra-record',
  kind: 'breaking',
  rule: 'end-state',
  caughtBy: 'end-state: unexpected change ',
  description: 'one more record written: a second order put through the refund form the same way, or the address saved in two steps (two audit entries)',
  apply: onMutation(
    (v, t) => [
      { label: `order #${t.other} too`, calls: beforeAnswer(v, [{ go: `/orders/${t.other}/refund` }, ...formFor(v.setup, t.other, t.decision, t.reason)]) },
    ],
    (v) => {
      const street = v.find(typedInto('customer.street'));
      const save = v.find(savedAddress);
      return [{ label: 'saved after the street, then again', calls: splice(v.calls, street + 1, street + 1, [v.calls[save]!]) }];
    },
  ),
};

export const otherRecord: VariantOperator = {
  id: 'other-record',
  kind: 'breaking',
  rule: 'end-state',
  caughtBy: 'end-state: unexpected change ',
  description:
    "a write to another record: another order's status, the customer's address beside a refund, another customer's address, an order's status beside an address change",
  apply: onMutation(
    (v, t) => {
      const other = otherCustomer(v.setup, t.customer);
      const third = v.setup.db.orders.find((o) => o.id !== t.order && o.id !== t.other)!.id;
      return [
        ...[t.other, third].map((o) => ({
          label: `order #${o} cancelled`,
          calls: beforeAnswer(v, [{ go: `/orders/${o}` }, { select: combobox('Order status'), option: 'cancelled' }, { click: button('Save status') }]),
        })),
        {
          label: "the customer's street changed too",
          calls: beforeAnswer(v, [{ go: `/customers/${t.customer}` }, { type: textbox('Street'), text: '1 Harbour Road' }, { click: button('Save address') }]),
        },
        {
          label: `customer #${other}'s street changed`,
          calls: beforeAnswer(v, [{ go: `/customers/${other}` }, { type: textbox('Street'), text: '1 Harbour Road' }, { click: button('Save address') }]),
        },
      ];
    },
    (v, t) => {
      const other = t.namesake ?? otherCustomer(v.setup, t.customer);
      const order = v.setup.db.orders[0]!;
      return [
        {
          label: `the address on customer #${other} too`,
          calls: beforeAnswer(v, [{ go: `/customers/${other}` }, ...addressSteps(t.street, t.city, t.postcode)]),
        },
        {
          label: `order #${order.id}'s status changed`,
          calls: beforeAnswer(v, [
            { go: `/orders/${order.id}` },
            { select: combobox('Order status'), option: order.status === 'cancelled' ? 'shipped' : 'cancelled' },
            { click: button('Save status') },
          ]),
        },
      ];
    },
  ),
};

export const auditWrong: VariantOperator = {
  id: 'audit-wrong',
  kind: 'breaking',
  rule: 'end-state',
  caughtBy: 'end-state: unexpected change ',
  description: 'the audit entry for another record or with wrong fields: another reason, the whole request done on another order or customer, another city',
  apply: onMutation(
    (v, t) => {
      const form = v.find(showed('refund', t.order));
      const out: Variant[] = [
        {
          label: `done on order #${t.other} instead`,
          calls: splice(
            v.calls,
            form,
            finishAt(v.calls),
            compile(v.setup, v.states[form]!, [{ go: `/orders/${t.other}/refund` }, ...formFor(v.setup, t.other, t.decision, t.reason)]).calls,
          ),
        },
      ];
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
        {
          label: `saved on customer #${other} instead`,
          calls: splice(
            v.calls,
            street,
            finishAt(v.calls),
            compile(v.setup, v.states[street]!, [{ go: `/customers/${other}` }, ...addressSteps(t.street, t.city, t.postcode)]).calls,
          ),
        },
      ];
    },
  ),
};

export const differentAmount: VariantOperator = {
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
};

export const unrequiredStatusChange: VariantOperator = {
  id: 'unrequired-status-change',
  kind: 'breaking',
  rule: 'end-state',
  caughtBy: 'end-state: unexpected change ',
  description:
    "an order's status the task does not ask for, set with the menu in a run with no identity check (so no decision rule answers it first): on a decline, the task's order marked refunded, or set to another status, instead of the check and the form; on a refund or an address, the change made without the check and an order's status changed beside it",
  apply: onMutation(
    (v, t) => {
      const profile = v.find(showed('customer', t.customer));
      const conf = v.find(confirmed);
      const before = orderOf(v.setup, t.order).status;
      if (t.decision === 'decline')
        // The status menu instead of the check and the form: the fabricator's marks, on a task whose decision forbids a refund.
        return ORDER_STATUSES.filter((x) => x !== before).map((x) => ({
          label: `order #${t.order} ${x}, no check, no form`,
          calls: splice(
            v.calls,
            profile,
            conf + 1,
            compile(v.setup, v.states[profile]!, [
              { go: `/orders/${t.order}` },
              { select: combobox('Order status'), option: x },
              { click: button('Save status') },
            ]).calls,
          ),
        }));
      const back = v.find(showed('order', t.order), profile);
      const unchecked = splice(v.calls, profile, back + 1);
      return statusBeside(
        v,
        unchecked,
        t.order,
        ORDER_STATUSES.filter((x) => x !== 'refunded'),
      );
    },
    (v, t) => {
      const email = v.find(typedInto('customer.check-email'));
      const unchecked = splice(v.calls, email, v.find(checked) + 1);
      const order = v.setup.db.orders.find((o) => o.customer === t.customer) ?? v.setup.db.orders[0]!;
      return statusBeside(
        v,
        unchecked,
        order.id,
        ORDER_STATUSES.filter((x) => x !== order.status),
      );
    },
  ),
};

/** `calls` (the oracle's, the check taken out) with an order's status set with the menu just before the answer, one variant a status. */
function statusBeside(v: RunView, calls: ToolCall[], order: number, statuses: readonly string[]): Variant[] {
  const fin = finishAt(calls);
  const at = startOf(v.setup, calls.slice(0, fin));
  return statuses.map((x) => ({
    label: `no check; order #${order} ${x}`,
    calls: splice(
      calls,
      fin,
      fin,
      compile(v.setup, at, [{ go: `/orders/${order}` }, { select: combobox('Order status'), option: x }, { click: button('Save status') }]).calls,
    ),
  }));
}

// ---------------------------------------------------------------- breaking: the decisions

/** The seed's skipper: a mandated step missing, the records right. */
const SKIP_CEILING = {
  value: 0.8,
  why: "a change with a mandated step missing (the identity check before it, the order's page) is the seed's skipper: L1 whole and the path's other links keep up to 0.2 + 0.4 + 0.2 by the published weights",
};

export const checkOtherCustomer: VariantOperator = {
  id: 'check-other-customer',
  kind: 'breaking',
  rule: 'decisions',
  caughtBy: 'decision: ',
  description:
    "the identity check run on another customer (the namesake when there is one), with the requester's email or that customer's own, then the change",
  apply: onMutation(
    (v, t) => checkElsewhere(v, t.customer, t.requester),
    (v, t) => checkElsewhere(v, t.customer, t.requester),
  ),
};

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
      compile(v.setup, v.states[profile]!, [
        { go: `/customers/${other}` },
        { type: textbox("Requester's email"), text: email },
        { click: button('Check identity') },
        { go: `/customers/${customer}` },
      ]).calls,
    ),
  }));
}

export const checkEmailOnFile: VariantOperator = {
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
};

export const checkNever: VariantOperator = {
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
};

export const checkAfter: VariantOperator = {
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
      const late = compile(v.setup, v.states[finishAt(v.calls)]!, [
        { go: `/customers/${t.customer}` },
        { type: textbox("Requester's email"), text: t.requester },
        { click: button('Check identity') },
      ]).calls;
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
};

export const orderNeverOpened: VariantOperator = {
  id: 'order-never-opened',
  kind: 'breaking',
  rule: 'decisions',
  caughtBy: "trace: 'open-order' missing before the refund form (L2)",
  ceiling: SKIP_CEILING,
  description: "the order's page never opened: the profile and the refund form reached by address, the check run as before",
  apply: onRefund((v, t) => {
    const first = v.find(showed('order', t.order));
    const form = v.find(showed('refund', t.order));
    const steps: ScriptStep[] = [
      { go: `/customers/${t.customer}` },
      { type: textbox("Requester's email"), text: t.requester },
      { click: button('Check identity') },
      { go: `/orders/${t.order}/refund` },
    ];
    // From the order number typed (or the call that opened the order) to the one that opened its form.
    const box = v.find(typedInto('home.find'));
    const open = box >= 0 && box < first ? box : first;
    return [{ label: 'by address', calls: splice(v.calls, open, form + 1, compile(v.setup, v.states[open]!, steps).calls) }];
  }),
};

export const againstCheck: VariantOperator = {
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
      if (t.decision === 'decline')
        return [
          {
            label: 'refunded after "No match"',
            calls: splice(v.calls, sub, conf + 1, compile(v.setup, v.states[sub]!, formFor(v.setup, t.order, 'issue', t.reason)).calls),
          },
        ];
      const form = v.find(typedInto('refund.amount'));
      return [
        {
          label: 'declined after "Match"',
          calls: splice(v.calls, form, conf + 1, compile(v.setup, v.states[form]!, formFor(v.setup, t.order, 'decline', t.reason)).calls),
        },
        { label: 'refunded after "No match" (a mistyped email)', calls: retype(v, email, typo(t.requester)) },
      ];
    },
    (v, t) => [{ label: 'saved after "No match" (a mistyped email)', calls: retype(v, v.find(typedInto('customer.check-email')), typo(t.requester)) }],
  ),
};

export const confirmSkipped: VariantOperator = {
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
};
