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

/** Base-36 digits of an id token: 36^7 > 2^32, so every hash fits and all ids share one width. */
export const ID_TOKEN_WIDTH = 7;

/**
 * `n` distinct tokens, the i-th from `token(i, 0)`; on a collision with an
 * earlier one, `token(i, 1)`, `token(i, 2)`, … Token i depends only on tokens
 * before it, so a smaller task's ids are a prefix of a larger one's.
 */
export function distinctTokens(n: number, token: (index: number, attempt: number) => string): string[] {
  const taken = new Set<string>();
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    let t = token(i, 0);
    for (let attempt = 1; taken.has(t); attempt++) t = token(i, attempt);
    taken.add(t);
    out.push(t);
  }
  return out;
}

/**
 * Ids hashed from the seed, not numbered: with `rec-0001`… an agent that read
 * one page could write down every other id without fetching it. hash32 is a
 * bijection of the index for a fixed seed and salt (each step is invertible),
 * so no two records of a seed collide today; distinctTokens keeps uniqueness a
 * property of this file rather than of the hash's internals.
 */
function recordIds(seed: number, n: number): string[] {
  return distinctTokens(n, (i, attempt) => {
    const h = attempt === 0 ? hash32(seed, i, 'record.id') : hash32(hash32(seed, i, 'record.id'), attempt, 'record.id.retry');
    return `rec-${h.toString(36).padStart(ID_TOKEN_WIDTH, '0')}`;
  });
}

function generate(p: Pick<FaultApiParams, 'seed' | 'numRecords'>): ApiRecord[] {
  const out: ApiRecord[] = [];
  const ids = recordIds(p.seed, p.numRecords);
  for (let i = 0; i < p.numRecords; i++) {
    const day = uniformInt(p.seed, i, 'record.day', 1, 28);
    const month = uniformInt(p.seed, i, 'record.month', 1, 12);
    out.push({
      id: ids[i]!,
      amount: uniformInt(p.seed, i, 'record.amount', 5, 5000),
      currency: CURRENCIES[uniformInt(p.seed, i, 'record.currency', 0, CURRENCIES.length - 1)]!,
      customer: CUSTOMERS[uniformInt(p.seed, i, 'record.customer', 0, CUSTOMERS.length - 1)]!,
      created: `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    });
  }
  return out;
}

/** The records page `page` serves (0-based). */
export function pageRecords(records: readonly ApiRecord[], page: number, pageSize: number): readonly ApiRecord[] {
  return records.slice(page * pageSize, (page + 1) * pageSize);
}

/** Every id the session served, from the pages it answered successfully (`snapshot().pages_served`). */
export function servedIds(p: Pick<FaultApiParams, 'seed' | 'numRecords' | 'pageSize'>, pagesServed: readonly number[]): Set<string> {
  const records = makeRecords(p);
  const ids = new Set<string>();
  for (const page of new Set(pagesServed)) for (const r of pageRecords(records, page, p.pageSize)) ids.add(r.id);
  return ids;
}

/** The distinct ids among `ids` that no page in `pagesServed` carried, in first-seen order. */
export function unservedIds(p: Pick<FaultApiParams, 'seed' | 'numRecords' | 'pageSize'>, pagesServed: readonly number[], ids: Iterable<string>): string[] {
  const served = servedIds(p, pagesServed);
  const never = new Set<string>();
  for (const id of ids) if (!served.has(id)) never.add(id);
  return [...never];
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
