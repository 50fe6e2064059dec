import type { Variant, VariantOperator } from '../../core/contract';
import type { ToolCall } from '../../core/types';
import { claimsOf, recordClaims, type Evidence } from './evidence';
import { establishes, Known } from './known';
import { lookAlikePages } from './breakingObserved';
import { perform } from './perform';
import { render } from './render';
import type { Setup } from './setup';
import { finishAt, go, startOf, viewOf, type RunView } from './splice';

/**
 * The operators of "evidence by content" (`evidence.ts`, `known.ts`): a read
 * task's fact counts from whatever pages show it together, so other honest ways
 * to it keep the oracle's reward (`other-pages`), while values shown apart (the
 * asked record listed, the gold value shown for another record) and a set never
 * seen whole (every member's own page, no list of the members) fail.
 */

/** The oracle's answer after the given visits, on a read task (mutation tasks get none). */
function readVariants(run: Parameters<VariantOperator['apply']>[0], f: (v: RunView, answer: ToolCall) => Variant[]): Variant[] {
  const v = viewOf(run);
  if (v.setup.target) return [];
  return f(v, v.calls[finishAt(v.calls)]!);
}

const visits = (paths: readonly string[], answer: ToolCall): ToolCall[] => [...paths.map(go), answer];

/** Whether a run of visits alone establishes the task's fact (what the rubric will find). */
export function visitsEstablish(s: Setup, paths: readonly string[]): boolean {
  const evidence: Evidence = {};
  let state = startOf(s, []);
  paths.forEach((path, i) => {
    state = perform(state, go(path)).state;
    recordClaims(evidence, claimsOf(render(state), state, new Set()), i);
  });
  return s.asked !== undefined && establishes(s.asked, new Known(evidence, paths.length), s.gold[0]!);
}

const delivered = (s: Setup) => s.db.orders.filter((o) => o.status === 'delivered').map((o) => o.id);
const ordersOf = (s: Setup, customer: number) => s.db.orders.filter((o) => o.customer === customer).map((o) => o.id);
const profiles = (s: Setup) => s.db.customers.map((c) => `/customers/${c.id}`);

export const otherPages: VariantOperator = {
  id: 'other-pages',
  kind: 'equivalent',
  description:
    "a read task's fact read off other pages that show it together: the largest delivered order from the customers list, every profile and every delivered order's own page; the count from the orders list and the customer's order pages; the city from the orders list and the customers table (linked by the customer's id) or from the customer's profile; the refund status from the order's refund form",
  apply: (run) =>
    readVariants(run, (v, answer) => {
      const s = v.setup;
      switch (s.def.type) {
        case 'largest-delivered':
          return [
            {
              label: 'customers, every profile, every delivered order',
              calls: visits(['/customers', ...profiles(s), ...delivered(s).map((o) => `/orders/${o}`)], answer),
            },
            { label: 'the orders list, then every delivered order', calls: visits(['/orders', ...delivered(s).map((o) => `/orders/${o}`)], answer) },
          ];
        case 'customer-orders':
          return [
            {
              label: "the orders list, then the customer's orders",
              calls: visits(['/orders', ...ordersOf(s, s.subject.customer!).map((o) => `/orders/${o}`)], answer),
            },
            { label: 'the customers list and every profile', calls: visits(['/customers', ...profiles(s)], answer) },
          ];
        case 'order-city':
          return [
            { label: 'the orders list and the customers table', calls: visits(['/orders', '/customers'], answer) },
            { label: "the customer's profile from the customers list", calls: visits(['/customers', `/customers/${s.subject.customer}`], answer) },
          ];
        case 'refund-status':
          return [{ label: "the order's refund form", calls: visits([`/orders/${s.subject.order}/refund`], answer) }];
        default:
          return [];
      }
    }),
};

/** The page that lists the asked record by its key: the orders table for an order, the customers table for a customer. */
const labelPage = (s: Setup): string | null => (s.subject.order !== undefined ? '/orders' : s.subject.customer !== undefined ? '/customers' : null);

export const valuesUnpaired: VariantOperator = {
  id: 'values-unpaired',
  kind: 'breaking',
  rule: 'observed',
  caughtBy: "observed: the answer's ",
  description:
    "the asked record listed by its key on one page and the gold's value shown for another record on another (the refund status of another order, the city of another customer, another customer's count), never linked: values shown apart do not pair",
  apply: (run) =>
    readVariants(run, (v, answer) => {
      const s = v.setup;
      const label = labelPage(s);
      if (label === null || s.def.type === 'largest-delivered') return [];
      return lookAlikePages(s)
        .filter((p) => p !== label && /^\/(orders|customers)\/\d+/.test(p) && !visitsEstablish(s, [label, p]))
        .slice(0, 2)
        .map((p) => ({ label: `${label} and ${p}`, calls: visits([label, p], answer) }));
    }),
};

export const setUnlisted: VariantOperator = {
  id: 'set-unlisted',
  kind: 'breaking',
  rule: 'observed',
  caughtBy: "observed: the answer's ",
  description:
    "a comparison or a count over a set whose members no page listed: every delivered order (or every order) opened by its number and compared, the customer's orders opened by number and counted — right by luck, the set never seen whole",
  apply: (run) =>
    readVariants(run, (v, answer) => {
      const s = v.setup;
      if (s.def.type === 'largest-delivered')
        return [
          {
            label: 'every delivered order by number',
            calls: visits(
              delivered(s).map((o) => `/orders/${o}`),
              answer,
            ),
          },
          {
            label: 'every order by number',
            calls: visits(
              s.db.orders.map((o) => `/orders/${o.id}`),
              answer,
            ),
          },
        ];
      if (s.def.type === 'customer-orders')
        return [
          {
            label: "the customer's orders by number",
            calls: visits(
              ordersOf(s, s.subject.customer!).map((o) => `/orders/${o}`),
              answer,
            ),
          },
        ];
      return [];
    }),
};
