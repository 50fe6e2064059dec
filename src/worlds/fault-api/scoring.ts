import type { EpisodeView as View } from '../../core/rubric';
import { makeRecords, type ApiRecord } from './data';
import { parseParams, type FaultApiParams } from './params';
import { readSubmission, type SubmissionReading } from './reading';
import type { FaultApiEvent, FaultApiState } from './state';

/** What the rubric's layers share: the episode as they see it, the truth by id, and how reasons name records. */
export type EpisodeView = View<FaultApiState, FaultApiEvent>;

/** The submission as every layer reads it (`reading.ts`), or null before submit_records. */
export function submissionOf(ep: EpisodeView): SubmissionReading | null {
  const rows = ep.state.submitted;
  return rows === null ? null : readSubmission(rows);
}

// makeRecords returns one shared array per (seed, size), so its maps by id can be shared too.
interface Indexed {
  /** id → amount: what completeness, type handling and the gate compare with. */
  amounts: Map<string, number>;
  /** id → the whole record as served: what the gate compares a row's other fields with. */
  records: Map<string, ApiRecord>;
}
const indexCache = new WeakMap<readonly ApiRecord[], Indexed>();

export function paramsOf(ep: EpisodeView): FaultApiParams {
  const params = parseParams(ep.task.spec);
  if (!params.ok) throw new Error(`fault-api rubric got a bad task: ${params.error}`);
  return params.value;
}

export function indexOf(ep: EpisodeView): Indexed {
  const records = makeRecords(paramsOf(ep));
  let index = indexCache.get(records);
  if (!index) {
    index = { amounts: new Map(records.map((r) => [r.id, r.amount])), records: new Map(records.map((r) => [r.id, r])) };
    indexCache.set(records, index);
  }
  return index;
}

export const truthOf = (ep: EpisodeView): Map<string, number> => indexOf(ep).amounts;

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** How many ids a reason names before "…", and how much of each it shows (a served id has 11 characters; a submitted one may have any). */
const EXAMPLES = 3;
const EXAMPLE_CHARS = 120;
const clipped = (s: string) => (s.length > EXAMPLE_CHARS ? `${s.slice(0, EXAMPLE_CHARS)}…` : s);
export const some = (ids: readonly string[]) => ids.slice(0, EXAMPLES).map(clipped).join(', ') + (ids.length > EXAMPLES ? ', …' : '');
export const named = (n: number, one: string, ids: readonly string[]) => `${plural(n, one)}: ${some(ids)}`;
