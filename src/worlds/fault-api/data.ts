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

// The record set is a pure function of (seed, size) and is asked for by the
// session and by three reward functions per episode: keep the recent ones.
const recordCache = new Map<string, readonly ApiRecord[]>();

/** The true record set: a pure function of the seed. Shared and frozen: never mutate. */
export function makeRecords(p: Pick<FaultApiParams, 'seed' | 'numRecords'>): readonly ApiRecord[] {
  const key = `${p.seed}/${p.numRecords}`;
  let records = recordCache.get(key);
  if (!records) {
    records = Object.freeze(generate(p));
    if (recordCache.size >= 512) recordCache.delete(recordCache.keys().next().value!);
    recordCache.set(key, records);
  }
  return records;
}

function generate(p: Pick<FaultApiParams, 'seed' | 'numRecords'>): ApiRecord[] {
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

const cursorCache = new Map<string, ReadonlyMap<string, number>>();

/** Every page's cursor, for looking pages up by cursor (shared; never mutate). */
export function cursorIndex(seed: number, pages: number): ReadonlyMap<string, number> {
  const key = `${seed}/${pages}`;
  let m = cursorCache.get(key);
  if (!m) {
    const built = new Map<string, number>();
    for (let k = 0; k < pages; k++) built.set(cursorFor(seed, k), k);
    m = built;
    if (cursorCache.size >= 512) cursorCache.delete(cursorCache.keys().next().value!);
    cursorCache.set(key, m);
  }
  return m;
}
