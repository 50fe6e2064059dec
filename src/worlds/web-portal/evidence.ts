import { visibleNodes, echoesInput, type Page, type PageNode, type Route } from './page';
import type { PortalEvent } from './events';
import type { PortalState } from './state';

/**
 * What the pages showed as facts: each visible element a record's value sits in
 * says whose value it is — a row of the orders table is one order (its link
 * `#1043`, its customer's link `/customers/240`, its amount, its status), an
 * order's page is that order, a profile that customer — so a page shows
 * (record, field, value) claims, and lists show sets whole (the orders table
 * every order, a profile every order of its customer). The read tasks' answers
 * are judged from these claims together (`known.ts`), whatever page showed them.
 *
 * Records are keyed by their ids as the pages show them (the heading "Order
 * #1043", a link's address): a name is not a key, two customers share one.
 * A claim about a field the agent wrote (a status it saved, an address it
 * typed, a refund it made) is the agent's, not the world's: it is left out,
 * and so is the line that shows it (`shownLines`).
 */

/** A record's field: `order:1043` `amount`, `customer:240` `orders` (a set: its ids, sorted, comma-joined). */
export type Attr = 'amount' | 'status' | 'refund-status' | 'customer' | 'city' | 'orders' | 'members' | 'window';

export interface Claim {
  subject: string;
  attr: Attr;
  value: string;
}

/** Every claim the pages showed (`subject|attr|value`), with the first step that showed it. */
export type Evidence = { [claim: string]: number };

/** What the agent wrote so far, as the fields whose shown values are then its own (`order:1043|status`, `customer:240|address`). */
export type Written = ReadonlySet<string>;

export const claimKey = (c: Claim) => `${c.subject}|${c.attr}|${c.value}`;

export function parseClaim(key: string): Claim {
  const [subject, attr, ...value] = key.split('|');
  return { subject: subject!, attr: attr as Attr, value: value.join('|') };
}

/** The fields a write makes the agent's: read from the record-changed events of one call. */
export function writtenBy(events: readonly PortalEvent[], db: PortalState['db']): string[] {
  const out: string[] = [];
  for (const e of events) {
    if (e.code !== 'record-changed') continue;
    const { table, id, fields } = e.data;
    if (table === 'orders') out.push(`order:${id}|status`);
    else if (table === 'customers') out.push(`customer:${id}|address`);
    else if (table === 'refunds') {
      const order = typeof fields.order === 'number' ? fields.order : db.refunds.find((r) => r.id === id)?.order;
      if (order !== undefined) out.push(`order:${order}|refund-status`, `order:${order}|status`);
    }
  }
  return out;
}

const MONEY = /\$\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?/;
const centsOf = (s: string): string | null => {
  const m = MONEY.exec(s);
  return m ? String(Number(m[1]!.replace(/,/g, '')) * 100 + Number((m[2] ?? '').padEnd(2, '0'))) : null;
};
const idOf = (href: string | undefined, prefix: string): string | null => {
  const m = new RegExp(`^/${prefix}/(\\d+)$`).exec(href ?? '');
  return m ? m[1]! : null;
};
/** "12 Mill Lane, 1234 Oslo" → "Oslo": the address's last part, after its postcode. */
const cityIn = (address: string) => address.slice(address.lastIndexOf(', ') + 2).replace(/^\S+\s+/, '');
const after = (s: string, prefix: string) => (s.startsWith(prefix) ? s.slice(prefix.length) : null);
const inParens = (s: string) => /\(([^()]*)\)\s*$/.exec(s)?.[1] ?? null;
const childIds = (n: PageNode, pattern: RegExp) =>
  visibleNodes(n.children ?? [])
    .map((c) => pattern.exec(c.key)?.[1])
    .filter((x): x is string => x !== undefined)
    .map(Number)
    .sort((a, b) => a - b)
    .join(',');

/** What one element shows: its claims, and the written fields that would make its text the agent's. */
export interface Reading {
  claims: Claim[];
  about: string[];
}

const NONE: Reading = { claims: [], about: [] };

function reading(n: PageNode, route: Route, db: PortalState['db']): Reading {
  const k = n.key;
  const c = (subject: string, attr: Attr, value: string | null, about: string[] = []): Reading => ({
    // An empty list is a set shown whole (a customer with no orders); an empty value is nothing shown.
    claims: value === null || (value === '' && attr !== 'orders' && attr !== 'members') ? [] : [{ subject, attr, value }],
    about,
  });
  let m = /^orders\.row\.(\d+)\.(amount|status|customer-link)$/.exec(k);
  if (m) {
    const order = `order:${m[1]}`;
    if (m[2] === 'amount') return c(order, 'amount', centsOf(n.name));
    if (m[2] === 'status') return c(order, 'status', n.name, [`${order}|status`]);
    return c(order, 'customer', idOf(n.href, 'customers'));
  }
  if (k === 'orders.table') return c('orders', 'members', childIds(n, /^orders\.row\.(\d+)$/));
  if (k === 'customers.table') return c('customers', 'members', childIds(n, /^customers\.row\.(\d+)$/));
  m = /^customers\.row\.(\d+)\.city$/.exec(k);
  if (m) return c(`customer:${m[1]}`, 'city', n.name, [`customer:${m[1]}|address`]);
  m = /^customer\.orders\.(\d+)\.link$/.exec(k);
  if (m && route.kind === 'customer') {
    const order = `order:${m[1]}`;
    const r = c(order, 'status', inParens(n.name), [`${order}|status`]);
    return { claims: [...r.claims, { subject: order, attr: 'customer', value: String(route.id) }], about: r.about };
  }
  if (route.kind === 'order' || route.kind === 'refund') {
    const order = `order:${route.id}`;
    const customer = db.orders.find((o) => o.id === route.id)?.customer;
    switch (k) {
      case 'order.amount':
      case 'refund.total':
        return c(order, 'amount', centsOf(n.name));
      case 'order.customer':
        return c(order, 'customer', idOf(n.href, 'customers'));
      case 'order.ship-to':
        return c(order, 'city', cityIn(after(n.name, 'Ship to: ') ?? ''), [`customer:${customer}|address`]);
      case 'order.status-text':
        return c(order, 'status', after(n.name, 'Status: '), [`${order}|status`]);
      case 'order.status':
        return c(order, 'status', null, [`${order}|status`]);
      case 'order.refund-status':
        return c(order, 'refund-status', after(n.name, 'Refund status: '), [`${order}|refund-status`]);
      case 'refund.exists':
        return c(order, 'refund-status', inParens(n.name.replace(/\.$/, '')), [`${order}|refund-status`]);
    }
  }
  if (route.kind === 'customer') {
    const customer = `customer:${route.id}`;
    if (k === 'customer.address') return c(customer, 'city', cityIn(after(n.name, 'Shipping address: ') ?? ''), [`${customer}|address`]);
    if (k === 'customer.city') return c(customer, 'city', n.value ?? null, [`${customer}|address`]);
    if (k === 'customer.street' || k === 'customer.postcode') return c(customer, 'city', null, [`${customer}|address`]);
    if (k === 'customer.orders') return c(customer, 'orders', childIds(n, /^customer\.orders\.(\d+)$/));
  }
  if (route.kind === 'policy' && k === 'policy.line.1') return c('policy', 'window', /within (\d+) days/.exec(n.name)?.[1] ?? null);
  return NONE;
}

/**
 * A shown page's elements as a person reads them: never hidden ones, never those
 * that echo the agent's typing (the notice, the dialog, the check's result).
 */
export function readPage(page: Page, state: Pick<PortalState, 'db'>): { node: PageNode; reading: Reading }[] {
  return visibleNodes(page.nodes)
    .filter((n) => !echoesInput(n.key))
    .map((node) => ({ node, reading: reading(node, page.route, state.db) }));
}

/** The claims a shown page makes, less those about fields the agent wrote or boxes it typed into. */
export function claimsOf(page: Page, state: Pick<PortalState, 'db' | 'fields'>, written: Written): Claim[] {
  return readPage(page, state).flatMap(({ node, reading: r }) => (node.key in state.fields || r.about.some((w) => written.has(w)) ? [] : r.claims));
}

/** Adds a page's claims to the evidence, keeping each claim's first step. */
export function recordClaims(evidence: Evidence, claims: readonly Claim[], step: number): void {
  for (const c of claims) {
    const k = claimKey(c);
    if (!(k in evidence)) evidence[k] = step;
  }
}
