import type { AuditEntry, Db, Refund } from './data';

/** What changed between the seed's records and the final ones, record by record (what a viewer marks). */
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
  return before
    .filter((b) => {
      const a = after.find((x) => x.id === b.id);
      return !a || !same(a, b);
    })
    .map((b) => b.id);
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
