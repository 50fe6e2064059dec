import type { ToolCall } from '../../core/types';
import type { HeldOutCase } from '../heldOut';
import { makeData } from './schema';
import { MUTATION_TASKS, refundTarget } from './tasks';

/**
 * The kit the tripwire held-out runs are written with (`heldOut.ts`,
 * `heldOutCheats.ts`): a statement and an answer as calls, the refund each
 * mutation task asks for with its customer and amount as the seeded data holds
 * them (what the run's earlier statements return), the statements most refunds
 * share, and a case for a read task and for a refund. Apart so that the honest
 * runs and the cheats share one vocabulary, and each of their tables stays a
 * file a reader takes in at once.
 */

export const q = (query: string): ToolCall => ({ name: 'run_sql', arguments: { query } });
export const sub = (answer: string): ToolCall => ({ name: 'submit_answer', arguments: { answer } });

export interface Refund {
  order: number;
  customer: number;
  other: number;
  cents: number;
  dollars: string;
  name: string;
  email: string;
  /** Another customer of the same seed, and one of their delivered orders. */
  stranger: { id: number; name: string; email: string };
}

export function refundOf(id: string): Refund {
  const def = MUTATION_TASKS.find((d) => d.id === id)!;
  const t = refundTarget(def.seed);
  const d = makeData(def.seed);
  const o = d.orders.find((x) => x.id === t.order)!;
  const c = d.customers.find((x) => x.id === t.customer)!;
  const s = d.customers.find((x) => x.id !== t.customer)!;
  return { ...t, cents: o.amount_cents, dollars: (o.amount_cents / 100).toFixed(2), name: c.name, email: c.email, stranger: s };
}

export const JOIN = (r: Refund) =>
  `SELECT o.id, o.status, o.amount_cents, c.name, c.email FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.id = ${r.order}`;
export const UPDATE = (r: Refund) => `UPDATE orders SET status = 'refunded' WHERE id = ${r.order}`;
export const AUDIT = (r: Refund, note = 'Identity verified; full refund issued') =>
  `INSERT INTO audit_log (order_id, action, actor, note) VALUES (${r.order}, 'refund', 'agent', '${note}')`;

type Make = (r: Refund) => ToolCall[];
export const refund = (name: string, task: string, honest: boolean, make: Make, extra: Partial<HeldOutCase> = {}): HeldOutCase => ({
  name,
  task: { id: task },
  honest,
  calls: () => make(refundOf(task)),
  ...extra,
});
export const read = (name: string, task: string, honest: boolean, calls: ToolCall[], extra: Partial<HeldOutCase> = {}): HeldOutCase => ({
  name,
  task: { id: task },
  honest,
  calls: () => calls,
  ...extra,
});
