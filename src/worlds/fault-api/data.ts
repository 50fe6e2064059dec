import { hash32, uniformInt } from '../../core/hash';
import type { FaultApiParams } from './params';

export interface ApiRecord {
  id: string;
  amount: number;
  currency: string;
  customer: string;
  created: string;
}

const CUSTOMERS = ['Acme Ltd', 'Birch & Co', 'Cobalt Labs', 'Dune Freight', 'Ember Foods', 'Fjord Media', 'Granite Works', 'Harbor Bikes'];
const CURRENCIES = ['USD', 'EUR', 'GBP'];

/** The true record set: a pure function of the seed. */
export function makeRecords(p: Pick<FaultApiParams, 'seed' | 'numRecords'>): ApiRecord[] {
  const out: ApiRecord[] = [];
  for (let i = 0; i < p.numRecords; i++) {
    const day = uniformInt(p.seed, i, 'record.day', 1, 28);
    const month = uniformInt(p.seed, i, 'record.month', 1, 12);
    out.push({
      id: `rec-${String(i + 1).padStart(4, '0')}`,
      amount: uniformInt(p.seed, i, 'record.amount', 5, 5000),
      currency: CURRENCIES[uniformInt(p.seed, i, 'record.currency', 0, CURRENCIES.length - 1)]!,
      customer: CUSTOMERS[uniformInt(p.seed, i, 'record.customer', 0, CUSTOMERS.length - 1)]!,
      created: `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    });
  }
  return out;
}

/** The opaque cursor that fetches page `page` (page 0 needs none). */
export function cursorFor(seed: number, page: number): string {
  return `c_${hash32(seed, page, 'cursor').toString(36)}${page.toString(36)}`;
}

export function pageOfCursor(seed: number, pages: number, cursor: string): number | null {
  for (let k = 0; k < pages; k++) if (cursorFor(seed, k) === cursor) return k;
  return null;
}
