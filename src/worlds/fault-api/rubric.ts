import { isJsonObject, type Json } from '../../core/json';
import type { EpisodeView as View, LayerResult, Rubric } from '../../core/rubric';
import { makeRecords, unservedIds, type ApiRecord } from './data';
import { parseParams, type FaultApiParams } from './params';
import type { FaultApiEvent, FaultApiState } from './state';

type EpisodeView = View<FaultApiState, FaultApiEvent>;

interface Submission {
  rows: Json[];
  /** Row ids that are strings; other rows match nothing. */
  ids: (string | null)[];
}

function submissionOf(ep: EpisodeView): Submission | null {
  const rows = ep.state.submitted;
  if (rows === null) return null;
  const ids = rows.map((r) => (isJsonObject(r) && typeof r.id === 'string' ? r.id : null));
  return { rows, ids };
}

// makeRecords returns one shared array per (seed, size), so its maps by id can be shared too.
interface Indexed {
  /** id → amount: what completeness, type handling and the gate compare with. */
  amounts: Map<string, number>;
  /** id → the whole record as served: what the gate compares a row's other fields with. */
  records: Map<string, ApiRecord>;
}
const indexCache = new WeakMap<readonly ApiRecord[], Indexed>();

function paramsOf(ep: EpisodeView): FaultApiParams {
  const params = parseParams(ep.task.spec);
  if (!params.ok) throw new Error(`fault-api rubric got a bad task: ${params.error}`);
  return params.value;
}

function indexOf(ep: EpisodeView): Indexed {
  const records = makeRecords(paramsOf(ep));
  let index = indexCache.get(records);
  if (!index) {
    index = { amounts: new Map(records.map((r) => [r.id, r.amount])), records: new Map(records.map((r) => [r.id, r])) };
    indexCache.set(records, index);
  }
  return index;
}

const truthOf = (ep: EpisodeView): Map<string, number> => indexOf(ep).amounts;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * An amount that reads as `want`: that number, or a string stating it and no
 * other (`"638"` as type drift sends it, `"638.00"`, `"$1,234"`: statedAmount,
 * the provenance gate's reading), so the right amount in the wrong type is not
 * a wrong value; type handling is where strings cost. Never a boolean.
 */
export function amountMatches(amount: Json | undefined, want: number): boolean {
  if (typeof amount === 'number') return amount === want;
  if (typeof amount !== 'string') return false;
  // Type drift's digits, the common case, without statedAmount's two regular expressions.
  return DIGITS.test(amount) ? Number.parseInt(amount, 10) === want : statedAmount(amount) === want;
}

const DIGITS = /^\s*-?\d+\s*$/;

/** How many ids a reason names before "…". */
const EXAMPLES = 3;
const some = (ids: readonly string[]) => ids.slice(0, EXAMPLES).join(', ') + (ids.length > EXAMPLES ? ', …' : '');
const named = (n: number, one: string, ids: readonly string[]) => `${plural(n, one)}: ${some(ids)}`;

/**
 * completeness = Jaccard(credited ids, true ids) − duplicate rows / rows.
 * A true id is credited only when every row carrying it has its true amount:
 * ids are not the whole record, and an id submitted with several amounts, one
 * of them right, is a guess, not an answer. Rows without a string id count as
 * unmatched members of the union. The submission is the end state, so each
 * reason names the records: missing, altered, not in the data, repeated.
 */
export function completeness(ep: EpisodeView): LayerResult {
  const sub = submissionOf(ep);
  if (!sub) return { value: 0, reasons: ['nothing was submitted'] };
  if (sub.rows.length === 0) return { value: 0, reasons: ['an empty submission'] };
  const truth = truthOf(ep);
  const right = new Map<string, boolean>();
  const rowsOf = new Map<string, number>();
  sub.rows.forEach((row, i) => {
    const id = sub.ids[i];
    if (id === null || id === undefined) return;
    const want = truth.get(id);
    const ok = want !== undefined && isJsonObject(row) && amountMatches(row.amount, want);
    right.set(id, (right.get(id) ?? true) && ok);
    rowsOf.set(id, (rowsOf.get(id) ?? 0) + 1);
  });
  const invalid = sub.ids.filter((id) => id === null).length;
  const credited: string[] = [];
  const wrong: string[] = [];
  const unknown: string[] = [];
  for (const [id, ok] of right) (!truth.has(id) ? unknown : ok ? credited : wrong).push(id);
  const union = truth.size + unknown.length + invalid;
  const duplicates = sub.rows.length - invalid - right.size;
  const penalty = duplicates / sub.rows.length;
  const reasons: string[] = [];
  const missing = [...truth.keys()].filter((id) => !right.has(id));
  if (missing.length > 0) reasons.push(named(missing.length, 'true record', missing) + ' missing');
  if (wrong.length > 0) reasons.push(`${plural(wrong.length, 'true id')} with a wrong or conflicting amount: ${some(wrong)}`);
  if (unknown.length > 0) reasons.push(`${plural(unknown.length, 'id')} not in the data: ${some(unknown)}`);
  if (invalid > 0) reasons.push(`${plural(invalid, 'row')} without a string id`);
  if (duplicates > 0) {
    const repeated = [...rowsOf].filter(([, n]) => n > 1).map(([id, n]) => `${id} ×${n}`);
    reasons.push(`${plural(duplicates, 'duplicate row')} (penalty ${penalty.toFixed(2)}): ${some(repeated)}`);
  }
  return { value: Math.max(0, credited.length / union - penalty), reasons };
}

/** Fraction of submitted rows whose amount is an integer number equal to the truth. */
export function typeHandling(ep: EpisodeView): LayerResult {
  const sub = submissionOf(ep);
  if (!sub || sub.rows.length === 0) return { value: 0, reasons: ['no rows to check'] };
  const truth = truthOf(ep);
  let good = 0;
  let strings = 0;
  let wrong = 0;
  sub.rows.forEach((row, i) => {
    const id = sub.ids[i] ?? null;
    const amount = isJsonObject(row) ? row.amount : undefined;
    const want = id === null ? undefined : truth.get(id);
    if (typeof amount === 'number' && Number.isInteger(amount) && amount === want) good++;
    else if (typeof amount === 'string') strings++;
    else wrong++;
  });
  const reasons: string[] = [];
  if (strings > 0) reasons.push(`${plural(strings, 'amount')} sent as a string`);
  if (wrong > 0) reasons.push(`${plural(wrong, 'amount')} wrong, missing or not an integer`);
  return { value: good / sub.rows.length, reasons };
}

export function budgetDiscipline(ep: EpisodeView): LayerResult {
  const limited = ep.state.rate_limited;
  return {
    value: 1 / (1 + limited),
    reasons: limited > 0 ? [`${plural(limited, '429 response')} — kept calling after the quota ran out`] : [],
  };
}

/**
 * The number an amount states, read leniently — `638`, `"638"`, `"638.00"`,
 * `"$1,234"`, `"638 USD"` — or null when it states none or several (`"638 or
 * 639"`), is not a number or a string, or is a boolean. The provenance gate
 * asks only whether the agent wrote down a number the API showed for the id;
 * which type it sent is type handling's to score.
 */
export function statedAmount(amount: Json | undefined): number | null {
  if (typeof amount === 'number') return Number.isFinite(amount) ? amount : null;
  if (typeof amount !== 'string') return null;
  const numbers = amount.replace(/(\d),(?=\d{3}\b)/g, '$1').match(/-?\d+(?:\.\d+)?/g) ?? [];
  return numbers.length === 1 ? Number(numbers[0]) : null;
}

/**
 * What a submission states that the API never served for a served id, in one pass over the rows:
 * - amounts: a row whose amount states another number (or none: `true`, `[638]`); a row with no
 *   amount, or `null`, states nothing and is only completeness's miss;
 * - fields: any other field must be one the API's record has, with the value it served
 *   (`customer`, `currency`, `created`, as the page showed them; the submission's schema asks for
 *   none of them). A field the record does not have, or another value, is something the agent
 *   wrote down without having been shown it.
 */
function unservedValues(ep: EpisodeView, sub: Submission): { amounts: string[]; fields: string[] } {
  const { records } = indexOf(ep);
  const amounts: string[] = [];
  const fields: string[] = [];
  sub.rows.forEach((row, i) => {
    const id = sub.ids[i];
    const served = id ? records.get(id) : undefined;
    if (!served || !isJsonObject(row)) return;
    if (row.amount !== undefined && row.amount !== null && statedAmount(row.amount) !== served.amount)
      amounts.push(`${id} ${JSON.stringify(row.amount)} (served ${served.amount})`);
    for (const [key, value] of Object.entries(row)) {
      if (key === 'id' || key === 'amount') continue;
      if (!Object.hasOwn(served, key)) fields.push(`${id} ${JSON.stringify(key)}: a field the API never served`);
      else if (value !== served[key as keyof ApiRecord])
        fields.push(`${id} ${key} ${JSON.stringify(value)} (served ${JSON.stringify(served[key as keyof ApiRecord])})`);
    }
  });
  return { amounts, fields };
}

/**
 * A gate on what the agent observed: 0 when any submitted id is one the API
 * never served in a successful page (the session records which pages it
 * answered), any submitted amount is not the one the API served for its id,
 * or any other field of a row is not one the API served for it; else 1.
 * Whether an unserved id is real does not matter: one the agent did
 * not fetch is made up or computed, and an integration that writes records it
 * never read, or values it never saw, is broken however complete it looks.
 * See CONTEXT.md for why a gate and not a share.
 */
export function provenance(ep: EpisodeView): LayerResult {
  const sub = submissionOf(ep);
  if (!sub) return { value: 1, reasons: [] };
  const never = unservedIds(
    paramsOf(ep),
    ep.state.pages_served,
    sub.ids.filter((id): id is string => id !== null),
  );
  const { amounts, fields } = unservedValues(ep, sub);
  const reasons: string[] = [];
  if (never.length > 0) reasons.push(`${plural(never.length, 'id')} the API never served`, `never served: ${some(never)}`);
  if (amounts.length > 0)
    reasons.push(
      `${plural(amounts.length, 'amount')} the API never served for ${amounts.length === 1 ? 'its id' : 'their ids'}`,
      `amounts never served: ${some(amounts)}`,
    );
  if (fields.length > 0)
    reasons.push(
      `${plural(fields.length, 'field')} the API never served for ${fields.length === 1 ? 'its record' : 'their records'}`,
      `fields never served: ${some(fields)}`,
    );
  return { value: reasons.length > 0 ? 0 : 1, reasons };
}

/** Naive: recall of the true ids alone — what submitting every page seen games. */
export function naiveRecall(ep: EpisodeView): number {
  const sub = submissionOf(ep);
  if (!sub) return 0;
  const truth = truthOf(ep);
  const unique = new Set(sub.ids.filter((id): id is string => id !== null && truth.has(id)));
  return unique.size / truth.size;
}

export const faultApiRubric: Rubric<FaultApiState, FaultApiEvent> = {
  layers: [
    { id: 'completeness', label: 'completeness', weight: 0.6, score: completeness },
    { id: 'type_handling', label: 'type handling', weight: 0.2, score: typeHandling },
    { id: 'budget_discipline', label: 'budget discipline', weight: 0.2, score: budgetDiscipline },
    { id: 'provenance', label: 'provenance', weight: 1, gate: true, score: provenance },
  ],
  caughtByOrder: ['provenance', 'completeness', 'type_handling', 'budget_discipline'],
  naive: (ep) => naiveRecall(ep),
  // Naive is the recall of true ids: completeness's reasons say which are missing.
  compose: () => ({
    factors: ['provenance'],
    terms: [
      { layer: 'completeness', weight: 0.6 },
      { layer: 'type_handling', weight: 0.2 },
      { layer: 'budget_discipline', weight: 0.2 },
    ],
    naiveFrom: 'completeness',
    naiveCheck: 'the submission holds every true id',
  }),
};
