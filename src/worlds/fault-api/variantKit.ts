import type { OracleRun, Variant } from '../../core/contract';
import type { Task, ToolCall } from '../../core/types';
import { hash32 } from '../../core/hash';
import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import { CAREFUL_RETRIES } from './solvers';
import { outcomeOf } from './outcome';
import { parseParams, type FaultApiParams } from './params';

/** What fault-api's variant operators share: the oracle's calls taken apart and rebuilt, and careful's navigation re-planned. */

export const fetchPage = (cursor: string | null): ToolCall => ({ name: 'fetch_page', arguments: { cursor } });
export const submit = (records: Json[]): ToolCall => ({ name: 'submit_records', arguments: { records } });

export function paramsOf(task: Task): FaultApiParams {
  const p = parseParams(task.spec);
  if (!p.ok) throw new Error(p.error);
  return p.value;
}

export const submitIndex = (calls: readonly ToolCall[]) => calls.findIndex((c) => c.name === 'submit_records');

export function submittedRows(calls: readonly ToolCall[]): JsonObject[] {
  const args = calls[submitIndex(calls)]?.arguments;
  return isJsonObject(args) && Array.isArray(args.records) ? args.records.filter(isJsonObject) : [];
}

/** The oracle's calls with its submission replaced. */
export const withRows = (calls: readonly ToolCall[], rows: Json[]): ToolCall[] => calls.map((c, i) => (i === submitIndex(calls) ? submit(rows) : c));

/**
 * The careful solver's navigation planned from the fault schedule, with extra
 * fetches of pages already served: `extras(k)` lists the cursors fetched once
 * each right after page k is served (k = -1: before the first request). Each
 * cursor is one a served page showed, unless the variant types one of its own
 (answered `invalid_cursor`: a spent request, no page). Returns null when the plan does not
 * fit in the quota: an extra read is harmless only while it does.
 */
export function plannedFetches(
  p: FaultApiParams,
  extras: (afterPage: number, cursors: readonly (string | null)[]) => (string | null)[] = () => [],
): ToolCall[] | null {
  const calls: ToolCall[] = [];
  const used: (string | null)[] = [];
  let index = 0;
  const extra = (k: number): boolean => {
    for (const cursor of extras(k, used)) {
      calls.push(fetchPage(cursor));
      if (outcomeOf(p, index++, cursor).kind === 'rate-limited') return false;
    }
    return true;
  };
  if (!extra(-1)) return null;
  let cursor: string | null = null;
  for (;;) {
    let served: { page: number; next: string | null } | null = null;
    for (let attempt = 0; attempt <= CAREFUL_RETRIES && !served; attempt++) {
      calls.push(fetchPage(cursor));
      const o = outcomeOf(p, index++, cursor);
      if (o.kind === 'rate-limited' || o.kind === 'invalid-cursor') return null;
      // A repeated cursor points back at the page just served: fetch it again for the real next one.
      if (o.kind === 'page' && o.next !== cursor) served = o;
    }
    if (!served) return null;
    if (!used.includes(cursor)) used.push(cursor);
    if (!extra(served.page)) return null;
    if (served.next === null) return calls;
    cursor = served.next;
  }
}

/** A position among `n` rows picked by hash: which record a breaking variant touches varies with the seed. */
export const pickRow = (task: Task, n: number, salt: string) => hash32(task.seed, n, salt) % n;

export const rowVariants = (run: OracleRun, labels: string[], edit: (rows: JsonObject[], at: number) => Json[]): Variant[] => {
  const rows = submittedRows(run.calls);
  if (rows.length < 2) return [];
  const spots: Record<string, number> = { first: 0, last: rows.length - 1, hashed: pickRow(run.task, rows.length, 'contract.row') };
  return labels.map((label) => ({ label, calls: withRows(run.calls, edit(rows, spots[label]!)) }));
};

export const amountOf = (r: JsonObject) => (typeof r.amount === 'number' ? r.amount : Number(r.amount));
