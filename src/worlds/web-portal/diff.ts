import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import { ORDER_STATUSES, REFUND_STATUSES, type AuditEntry, type Db, type Refund } from './data';

/** What changed between the seed's records and the final ones, record by record. */
export interface DbDiff {
  /** Orders and customers whose fields differ. */
  orders: number[];
  customers: number[];
  refundsAdded: Refund[];
  /** Refunds that existed at the start and differ, or are gone. */
  refundsChanged: number[];
  auditAdded: AuditEntry[];
  auditChanged: number[];
}

const same = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

function changedIds<T extends { id: number }>(before: readonly T[], after: readonly T[]): number[] {
  return before.filter((b) => {
    const a = after.find((x) => x.id === b.id);
    return !a || !same(a, b);
  }).map((b) => b.id);
}

export function dbDiff(before: Db, after: Db): DbDiff {
  const had = (xs: readonly { id: number }[], id: number) => xs.some((x) => x.id === id);
  return {
    orders: changedIds(before.orders, after.orders),
    customers: changedIds(before.customers, after.customers),
    refundsAdded: after.refunds.filter((r) => !had(before.refunds, r.id)),
    refundsChanged: changedIds(before.refunds, after.refunds),
    auditAdded: after.audit.filter((a) => !had(before.audit, a.id)),
    auditChanged: changedIds(before.audit, after.audit),
  };
}

/** The diff as the snapshot carries it (for viewers; the rubric recomputes it from the records). */
export function diffDb(before: Db, after: Db): JsonObject {
  const d = dbDiff(before, after);
  return JSON.parse(JSON.stringify({
    orders: d.orders,
    customers: d.customers,
    refunds_added: d.refundsAdded,
    refunds_changed: d.refundsChanged,
    audit_added: d.auditAdded,
    audit_changed: d.auditChanged,
  })) as JsonObject;
}

const rows = (v: Json | undefined): JsonObject[] => (Array.isArray(v) ? v.filter(isJsonObject) : []);
const num = (v: Json | undefined) => (typeof v === 'number' ? v : NaN);
const str = (v: Json | undefined) => (typeof v === 'string' ? v : '');
const oneOf = <T extends string>(v: Json | undefined, xs: readonly T[]): T => xs.find((x) => x === v) ?? xs[0]!;

/** The records in a snapshot (the session's own JSON, recomputed by replay for any trace), typed again. */
export function dbOfSnapshot(state: JsonObject): Db {
  const r = isJsonObject(state.records) ? state.records : {};
  return {
    customers: rows(r.customers).map((c) => ({ id: num(c.id), name: str(c.name), email: str(c.email), street: str(c.street), city: str(c.city), postcode: str(c.postcode) })),
    orders: rows(r.orders).map((o) => ({ id: num(o.id), customer: num(o.customer), item: str(o.item), amount_cents: num(o.amount_cents), status: oneOf(o.status, ORDER_STATUSES), placed_on: str(o.placed_on) })),
    refunds: rows(r.refunds).map((x) => ({ id: num(x.id), order: num(x.order), amount_cents: num(x.amount_cents), reason: str(x.reason), note: str(x.note), status: oneOf(x.status, REFUND_STATUSES) })),
    audit: rows(r.audit).map((a) => ({ id: num(a.id), action: str(a.action), entity: oneOf(a.entity, ['order', 'customer'] as const), entity_id: num(a.entity_id), actor: str(a.actor), detail: str(a.detail) })),
  };
}
