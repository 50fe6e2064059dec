import { describe, expect, it } from 'vitest';
import type { Task } from '../../core/types';
import { claimsOf, parseClaim } from './evidence';
import { webPortalWorld as world } from './index';
import { establishes, Known } from './known';
import { visitsEstablish } from './operatorsEvidence';
import { allNodes } from './page';
import { render } from './render';
import { WebPortalSession } from './session';
import { go, startOf } from './splice';
import { setupOfTask } from './tasks';

function task(id: string, seed?: number): Task {
  const t = world.makeTask(seed === undefined ? { id } : { id, seed });
  if (!t.ok) throw new Error(t.error);
  return t.value;
}

describe('what the pages showed, as facts (evidence.ts) and what they establish together (known.ts)', () => {
  it("a page's claims are keyed by the ids it shows: an orders row is its order, its customer the link's id; a profile lists its orders whole", () => {
    const s = setupOfTask(task('largest-delivered'));
    const o = s.db.orders[0]!;
    const at = (path: string) => {
      const state = startOf(s, [go(path)]);
      return claimsOf(render(state), state, new Set());
    };
    expect(at('/orders')).toEqual(
      expect.arrayContaining([
        { subject: `order:${o.id}`, attr: 'amount', value: String(o.amount_cents) },
        { subject: `order:${o.id}`, attr: 'customer', value: String(o.customer) },
        { subject: 'orders', attr: 'members', value: s.db.orders.map((x) => x.id).join(',') },
      ]),
    );
    const none = s.db.customers.find((c) => !s.db.orders.some((x) => x.customer === c.id));
    if (none) expect(at(`/customers/${none.id}`)).toContainEqual({ subject: `customer:${none.id}`, attr: 'orders', value: '' });
    // A name is not a key: the refund form names the customer by name, and claims no customer for the order.
    expect(at(`/orders/${o.id}/refund`).filter((c) => c.attr === 'customer')).toEqual([]);
  });

  it('a set counts seen whole only from a page listing its members: every delivered order opened by number establishes no largest', () => {
    const s = setupOfTask(task('largest-delivered'));
    const delivered = s.db.orders.filter((o) => o.status === 'delivered').map((o) => `/orders/${o.id}`);
    expect(visitsEstablish(s, delivered)).toBe(false);
    expect(
      visitsEstablish(
        s,
        s.db.orders.map((o) => `/orders/${o.id}`),
      ),
    ).toBe(false);
    expect(visitsEstablish(s, ['/customers', ...s.db.customers.map((c) => `/customers/${c.id}`), ...delivered])).toBe(true);
    expect(visitsEstablish(s, ['/customers', ...s.db.customers.slice(1).map((c) => `/customers/${c.id}`), ...delivered])).toBe(false);
  });

  it("values pair through a shown key: the order's customer link and that customer's city; the city beside a name alone does not", () => {
    const s = setupOfTask(task('order-city'));
    expect(visitsEstablish(s, ['/orders', '/customers'])).toBe(true);
    expect(visitsEstablish(s, [`/orders/${s.subject.order}/refund`, '/customers'])).toBe(false);
    expect(visitsEstablish(s, ['/customers'])).toBe(false);
    const other = s.db.customers.find((c) => c.id !== s.subject.customer && c.city === s.gold[0]![0]);
    if (other) expect(visitsEstablish(s, ['/orders', `/customers/${other.id}`])).toBe(false);
  });

  it('a count is of the customer whose set it is: every order of theirs opened by number is no count, the orders list is', () => {
    const s = setupOfTask(task('customer-orders'));
    const mine = s.db.orders.filter((o) => o.customer === s.subject.customer).map((o) => `/orders/${o.id}`);
    expect(visitsEstablish(s, mine)).toBe(false);
    expect(visitsEstablish(s, ['/orders'])).toBe(true);
    expect(visitsEstablish(s, [`/customers/${s.subject.customer}`])).toBe(true);
  });

  it("what the agent wrote and the portal shows back is the agent's: no claim and no line of it after the write", async () => {
    const t = task('address-a');
    const s = setupOfTask(t);
    const target = s.target!;
    if (target.type !== 'address') throw new Error('an address task');
    const session = new WebPortalSession(t, s);
    const ref = (key: string) => allNodes(render(session.current()).nodes).find((n) => n.key === key)!.ref;
    const order = s.db.orders.find((o) => o.customer === target.customer);
    await session.call(go(`/customers/${target.customer}`));
    await session.call({ name: 'type', arguments: { ref: ref('customer.city'), text: target.city } });
    await session.call({ name: 'click', arguments: { ref: ref('customer.save-address') } });
    await session.call(go('/customers'));
    if (order) await session.call(go(`/orders/${order.id}`));
    const snap = await session.snapshot();
    const cities = Object.keys(snap.evidence)
      .map(parseClaim)
      .filter((c) => c.subject === `customer:${target.customer}` && c.attr === 'city');
    expect(cities.map((c) => c.value)).toEqual([s.db.customers.find((c) => c.id === target.customer)!.city]);
    expect(Object.keys(snap.shown).filter((l) => l.includes(target.city) && l !== target.city)).toEqual([]);
    // The claim written back would establish a city for the order; it is not there.
    if (order) expect(establishes({ kind: 'city', order: order.id }, new Known(snap.evidence, 99), [target.city])).toBe(false);
  });
});
