import { cursorFor, cursorIndex } from './data';
import { faultsFor, type RequestFaults } from './faults';
import { pagesNeeded, quotaFor, type FaultApiParams } from './params';

/** What request `index` for `cursor` gets, before any text is written: the session's decision, and the contract planner's. */
export type Outcome =
  | { kind: 'rate-limited'; quota: number }
  | { kind: 'timeout' }
  | { kind: 'invalid-cursor' }
  | { kind: 'page'; page: number; next: string | null; faults: RequestFaults };

/**
 * A pure function of (params, request index, cursor), as every fault is: the
 * quota first (a 429 never resets), then a timeout, then the page the cursor
 * names, whose next cursor a cursor-repeat fault points back at itself.
 */
export function outcomeOf(p: FaultApiParams, index: number, cursor: string | null): Outcome {
  const quota = quotaFor(p);
  if (quota !== null && index >= quota) return { kind: 'rate-limited', quota };
  const faults = faultsFor(p, index);
  if (faults.timeout) return { kind: 'timeout' };
  const pages = pagesNeeded(p);
  const page = cursor === null ? 0 : (cursorIndex(p.seed, pages).get(cursor) ?? null);
  if (page === null) return { kind: 'invalid-cursor' };
  const next = faults.cursorRepeat ? cursorFor(p.seed, page) : page + 1 < pages ? cursorFor(p.seed, page + 1) : null;
  return { kind: 'page', page, next, faults };
}
