import { parseClaim, type Attr, type Evidence } from './evidence';
import { normText } from './observe';

/**
 * What the agent knew before a step, from every claim the pages showed
 * (`evidence.ts`) taken together: a fact counts from any page that showed it,
 * or from pages that link it through a shown key (an order's page naming its
 * customer, that customer's profile naming the city), and a set counts as seen
 * whole only when a page listed its members (the orders table lists every
 * order; a profile every order of its customer; the customers table every
 * customer, so it and every profile list every order).
 *
 * The asked fact of a task (`Asked`) is established when these facts, and
 * nothing else, determine the gold: the largest delivered order is known once
 * every order is listed, every order's status shown and every delivered
 * order's amount shown, on whatever pages.
 */

/** What a task asks, as a fact about the records (`Setup.asked`). */
export type Asked =
  { kind: 'field'; subject: string; attr: Attr } | { kind: 'city'; order: number } | { kind: 'count'; customer: number } | { kind: 'largest'; status: string };

const ids = (v: string) => (v === '' ? [] : v.split(',').map(Number));

export class Known {
  private readonly facts = new Map<string, string[]>();

  constructor(evidence: Evidence, before: number) {
    for (const [key, step] of Object.entries(evidence)) {
      if (step >= before) continue;
      const c = parseClaim(key);
      const k = `${c.subject}|${c.attr}`;
      this.facts.set(k, [...(this.facts.get(k) ?? []), c.value]);
    }
  }

  values(subject: string, attr: Attr): string[] {
    return this.facts.get(`${subject}|${attr}`) ?? [];
  }

  has(subject: string, attr: Attr, value: string): boolean {
    return this.values(subject, attr).some((v) => normText(v) === normText(value));
  }

  /** A set seen whole (a listed set keeps one membership on a read task: the first listing counts). */
  private listed(subject: string, attr: Attr): number[] | null {
    const v = this.values(subject, attr);
    return v.length > 0 ? ids(v[0]!) : null;
  }

  /** Every order: the orders table, or every customer listed and every customer's profile seen. */
  allOrders(): number[] | null {
    const direct = this.listed('orders', 'members');
    if (direct) return direct;
    const customers = this.listed('customers', 'members');
    if (!customers) return null;
    const per = customers.map((c) => this.listed(`customer:${c}`, 'orders'));
    return per.every((x) => x !== null) ? per.flat().sort((a, b) => a - b) : null;
  }

  /** A customer's orders: their profile's list, or every order listed with each one's customer shown. */
  ordersOf(customer: number): number[] | null {
    const direct = this.listed(`customer:${customer}`, 'orders');
    if (direct) return direct;
    const all = this.allOrders();
    if (!all || !all.every((o) => this.values(`order:${o}`, 'customer').length > 0)) return null;
    return all.filter((o) => this.has(`order:${o}`, 'customer', String(customer)));
  }

  /** The order's city: on its own page, or its customer (a shown link) with that customer's city. */
  cityOf(order: number, city: string): boolean {
    if (this.has(`order:${order}`, 'city', city)) return true;
    return this.values(`order:${order}`, 'customer').some((c) => this.has(`customer:${c}`, 'city', city));
  }

  /** The order with the largest amount among those of a status, once every order's status and those orders' amounts were shown. */
  largest(status: string): { order: number; cents: number } | null {
    const all = this.allOrders();
    if (!all || !all.every((o) => this.values(`order:${o}`, 'status').length > 0)) return null;
    const members = all.filter((o) => this.has(`order:${o}`, 'status', status));
    const amounts = members.map((o) => ({ order: o, cents: this.values(`order:${o}`, 'amount').map(Number) }));
    if (members.length === 0 || amounts.some((a) => a.cents.length !== 1)) return null;
    return amounts.map((a) => ({ order: a.order, cents: a.cents[0]! })).reduce((a, b) => (b.cents > a.cents ? b : a));
  }
}

/** Whether what was known establishes the gold row (one row: the portal's gold has one). */
export function establishes(asked: Asked, known: Known, gold: readonly (string | number | null)[]): boolean {
  const [first, second] = gold;
  switch (asked.kind) {
    case 'field': {
      const value = asked.attr === 'amount' ? String(Math.round(Number(first) * 100)) : String(first);
      return known.has(asked.subject, asked.attr, value);
    }
    case 'city':
      return known.cityOf(asked.order, String(first));
    case 'count':
      return known.ordersOf(asked.customer)?.length === Number(first);
    case 'largest': {
      const top = known.largest(asked.status);
      return top !== null && top.order === Number(first) && top.cents === Math.round(Number(second) * 100);
    }
  }
}
