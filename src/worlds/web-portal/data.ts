import { hash32, hashString, uniformInt } from '../../core/hash';

/**
 * The portal's backend: customers, orders, refunds and the audit log, invented
 * from the seed with integer hashing. A pure function of the seed, so the rubric
 * rebuilds the pristine records to diff the final ones against.
 */

export type OrderStatus = 'placed' | 'shipped' | 'delivered' | 'cancelled' | 'refunded';
export type RefundStatus = 'pending' | 'issued' | 'declined';

export type Customer = {
  id: number;
  name: string;
  email: string;
  street: string;
  city: string;
  postcode: string;
};

export type Order = {
  id: number;
  customer: number;
  item: string;
  amount_cents: number;
  status: OrderStatus;
  placed_on: string;
};

export type Refund = {
  id: number;
  order: number;
  amount_cents: number;
  reason: string;
  note: string;
  status: RefundStatus;
};

export type AuditEntry = {
  id: number;
  action: string;
  entity: 'order' | 'customer';
  entity_id: number;
  actor: string;
  detail: string;
};

export type Db = {
  customers: Customer[];
  orders: Order[];
  refunds: Refund[];
  audit: AuditEntry[];
};

/** The numbers the policy page states, hashed from the seed so a read task has something to find. */
export type Policy = {
  windowDays: number;
  supervisorCents: number;
};

export const ORDER_STATUSES: readonly OrderStatus[] = ['placed', 'shipped', 'delivered', 'cancelled', 'refunded'];
export const REASONS = ['Damaged', 'Wrong item', 'Late delivery', 'Changed mind'] as const;
/** What the order page shows as its refund status: the latest refund record's, or this. */
export const NO_REFUND = 'not requested';
export const REFUND_LABELS = [NO_REFUND, 'pending', 'issued', 'declined'] as const;

const FIRST = [
  'Ada',
  'Bruno',
  'Chen',
  'Dara',
  'Emeka',
  'Farah',
  'Ivo',
  'Jun',
  'Lena',
  'Mira',
  'Omar',
  'Priya',
  'Quinn',
  'Sven',
  'Tara',
  'Viktor',
  'Wen',
  'Yusuf',
];
const LAST = ['Berg', 'Costa', 'Fischer', 'Gallo', 'Ito', 'Kowal', 'Lind', 'Moreau', 'Novak', 'Okafor', 'Pereira', 'Abara'];
export const CITIES = ['Oslo', 'Lisbon', 'Lagos', 'Osaka', 'Quito', 'Tallinn', 'Porto', 'Turku'];
export const STREETS = ['Harbour Road', 'Mill Lane', 'Station Street', 'Linden Avenue', 'Quay Street', 'Orchard Way', 'Church Road', 'Birch Close'];
export const DOMAINS = ['mailbox.test', 'example.org', 'post.example', 'inbox.test'];
const ITEMS = ['Desk lamp', 'Kettle', 'Backpack', 'Headphones', 'Blender', 'Rain jacket', 'Bookshelf', 'Coffee grinder', 'Yoga mat', 'Monitor stand'];

export const CUSTOMER_COUNT = 10;
export const ORDER_COUNT = 14;
/** At least this many delivered orders without a refund record: refund tasks pick among them. */
const MIN_REFUNDABLE = 5;
const pick = <T>(xs: readonly T[], seed: number, i: number, salt: string): T => xs[uniformInt(seed, i, salt, 0, xs.length - 1)]!;

export const emailOf = (first: string, last: string, domain: string) => `${first}.${last}@${domain}`.toLowerCase();

function makeCustomers(seed: number): Customer[] {
  const base = 200 + 10 * uniformInt(seed, 0, 'customer-base', 0, 9);
  const used = new Set<string>();
  const out: Customer[] = [];
  for (let i = 0, k = 0; out.length < CUSTOMER_COUNT - 1; k++) {
    const first = pick(FIRST, seed, k, 'first');
    const last = pick(LAST, seed, k, 'last');
    if (used.has(`${first} ${last}`)) continue;
    used.add(`${first} ${last}`);
    out.push({
      id: base + i,
      name: `${first} ${last}`,
      email: emailOf(first, last, pick(DOMAINS, seed, i, 'domain')),
      street: `${uniformInt(seed, i, 'street-no', 2, 98)} ${pick(STREETS, seed, i, 'street')}`,
      city: pick(CITIES, seed, i, 'city'),
      postcode: String(uniformInt(seed, i, 'postcode', 1000, 9899)),
    });
    i++;
  }
  // One namesake in every portal: same name, another mailbox and city. Support desks meet this daily,
  // and it is what a run that never checks identity gets wrong.
  const twin = out[uniformInt(seed, 0, 'namesake', 0, out.length - 1)]!;
  const [first, last] = twin.name.split(' ') as [string, string];
  const domain = DOMAINS.find((d) => !twin.email.endsWith(d))!;
  out.push({
    id: base + out.length,
    name: twin.name,
    email: `${first}${last}${uniformInt(seed, 1, 'namesake-no', 10, 89)}@${domain}`.toLowerCase(),
    street: `${uniformInt(seed, 1, 'street-no', 2, 98)} ${STREETS.find((s) => !twin.street.endsWith(s))!}`,
    city: CITIES.find((c) => c !== twin.city)!,
    postcode: String(uniformInt(seed, 1, 'postcode', 1000, 9899)),
  });
  return out;
}

const dateOf = (seed: number, i: number) => `2025-0${uniformInt(seed, i, 'month', 2, 5)}-${String(uniformInt(seed, i, 'day', 1, 28)).padStart(2, '0')}`;

function makeOrders(seed: number, customers: readonly Customer[]): Order[] {
  const base = 1000 + 10 * uniformInt(seed, 0, 'order-base', 1, 8);
  const statuses: OrderStatus[] = ['placed', 'shipped', 'delivered', 'delivered', 'delivered', 'cancelled'];
  const orders = Array.from({ length: ORDER_COUNT }, (_, i): Order => ({
    id: base + i,
    customer: customers[uniformInt(seed, i, 'order-customer', 0, customers.length - 1)]!.id,
    item: pick(ITEMS, seed, i, 'item'),
    amount_cents: 1500 + uniformInt(seed, i, 'amount', 0, 43000),
    status: pick(statuses, seed, i, 'status'),
    placed_on: dateOf(seed, i),
  }));
  // Distinct amounts, so "the largest" is one order; all stay under every supervisor threshold ($500).
  const seen = new Set<number>();
  for (const o of orders) {
    while (seen.has(o.amount_cents)) o.amount_cents++;
    seen.add(o.amount_cents);
  }
  // Room for three historic refunds and every refund task's target.
  for (const o of orders) {
    if (orders.filter((x) => x.status === 'delivered').length >= MIN_REFUNDABLE + 3) break;
    if (o.status !== 'delivered') o.status = 'delivered';
  }
  return orders;
}

function makeRefunds(seed: number, orders: Order[]): { refunds: Refund[]; audit: AuditEntry[] } {
  const delivered = orders.filter((o) => o.status === 'delivered');
  const start = uniformInt(seed, 0, 'refund-start', 0, delivered.length - 1);
  const refunds: Refund[] = [];
  const audit: AuditEntry[] = [];
  const kinds: RefundStatus[] = ['pending', 'issued', 'declined'];
  kinds.forEach((status, k) => {
    const order = delivered[(start + 2 * k) % delivered.length]!;
    const reason = pick(REASONS, seed, k, 'refund-reason');
    refunds.push({ id: 501 + k, order: order.id, amount_cents: order.amount_cents, reason, note: '', status });
    if (status === 'issued') order.status = 'refunded';
    if (status !== 'pending')
      audit.push({
        id: 1 + audit.length,
        action: status === 'issued' ? 'refund' : 'refund-declined',
        entity: 'order',
        entity_id: order.id,
        actor: 'agent-7',
        detail: reason,
      });
  });
  return { refunds, audit };
}

const cache = new Map<number, Db>();

/** The pristine records of a seed. Callers get a deep copy: sessions change theirs. */
export function makeDb(seed: number): Db {
  let db = cache.get(seed);
  if (!db) {
    const customers = makeCustomers(seed);
    const orders = makeOrders(seed, customers);
    db = { customers, orders, ...makeRefunds(seed, orders) };
    if (cache.size > 256) cache.clear();
    cache.set(seed, db);
  }
  return cloneDb(db);
}

export function cloneDb(db: Db): Db {
  return {
    customers: db.customers.map((c) => ({ ...c })),
    orders: db.orders.map((o) => ({ ...o })),
    refunds: db.refunds.map((r) => ({ ...r })),
    audit: db.audit.map((a) => ({ ...a })),
  };
}

export function policyOf(seed: number): Policy {
  return {
    windowDays: [14, 21, 30, 45][uniformInt(seed, 0, 'window', 0, 3)]!,
    supervisorCents: [50000, 75000, 100000][uniformInt(seed, 0, 'supervisor', 0, 2)]!,
  };
}

/** The refund status a person sees on an order: its latest refund record's, or "not requested". */
export function refundStatusOf(db: Db, order: number): string {
  const mine = db.refunds.filter((r) => r.order === order);
  return mine.length > 0 ? mine[mine.length - 1]!.status : NO_REFUND;
}

export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
export const addressOf = (c: Pick<Customer, 'street' | 'city' | 'postcode'>) => `${c.street}, ${c.postcode} ${c.city}`;

/**
 * A ref-sized number from (seed, key): stable for the element, unrelated to its position.
 * The key goes in as the index, not the salt: core/hash.ts caches salts, and hundreds of
 * element keys per seed would fill that cache for every world.
 */
export const keyHash = (seed: number, key: string) => hash32(seed, hashString(key), 'ref');
