import { isJsonObject, type Json } from '../../core/json';
import type { EpisodeView, LayerResult, Rubric } from '../../core/rubric';
import { makeRecords, type ApiRecord } from './data';
import { parseParams } from './params';

interface Submission {
  rows: Json[];
  /** Row ids that are strings; other rows match nothing. */
  ids: (string | null)[];
}

function submissionOf(ep: EpisodeView): Submission | null {
  const rows = ep.state.submitted;
  if (!Array.isArray(rows)) return null;
  const ids = rows.map((r) => (isJsonObject(r) && typeof r.id === 'string' ? r.id : null));
  return { rows, ids };
}

// makeRecords returns one shared array per (seed, size), so its id → amount map can be shared too.
const truthCache = new WeakMap<readonly ApiRecord[], Map<string, number>>();

function truthOf(ep: EpisodeView): Map<string, number> {
  const params = parseParams(ep.task.spec);
  if (!params.ok) throw new Error(`fault-api rubric got a bad task: ${params.error}`);
  const records = makeRecords(params.value);
  let truth = truthCache.get(records);
  if (!truth) {
    truth = new Map(records.map((r) => [r.id, r.amount]));
    truthCache.set(records, truth);
  }
  return truth;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * completeness = Jaccard(unique submitted ids, true ids) − duplicate rows / rows.
 * Rows without a string id count as unmatched members of the union.
 */
export function completeness(ep: EpisodeView): LayerResult {
  const sub = submissionOf(ep);
  if (!sub) return { value: 0, reasons: ['nothing was submitted'] };
  if (sub.rows.length === 0) return { value: 0, reasons: ['an empty submission'] };
  const truth = truthOf(ep);
  const unique = new Set(sub.ids.filter((id): id is string => id !== null));
  const invalid = sub.ids.filter((id) => id === null).length;
  let hit = 0;
  for (const id of unique) if (truth.has(id)) hit++;
  const union = truth.size + (unique.size - hit) + invalid;
  const jaccard = hit / union;
  const duplicates = sub.rows.length - invalid - unique.size;
  const penalty = duplicates / sub.rows.length;
  const reasons: string[] = [];
  if (hit < truth.size) reasons.push(`${plural(truth.size - hit, 'true record')} missing`);
  if (unique.size > hit) reasons.push(`${plural(unique.size - hit, 'id')} not in the data`);
  if (invalid > 0) reasons.push(`${plural(invalid, 'row')} without a string id`);
  if (duplicates > 0) reasons.push(`${plural(duplicates, 'duplicate row')} (penalty ${penalty.toFixed(2)})`);
  return { value: Math.max(0, jaccard - penalty), reasons };
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
  const limited = typeof ep.state.rate_limited === 'number' ? ep.state.rate_limited : 0;
  return {
    value: 1 / (1 + limited),
    reasons: limited > 0 ? [`${plural(limited, '429 response')} — kept calling after the quota ran out`] : [],
  };
}

/** Naive: recall of the true ids alone — what submitting every page seen games. */
export function naiveRecall(ep: EpisodeView): number {
  const sub = submissionOf(ep);
  if (!sub) return 0;
  const truth = truthOf(ep);
  const unique = new Set(sub.ids.filter((id): id is string => id !== null && truth.has(id)));
  return unique.size / truth.size;
}

export const faultApiRubric: Rubric = {
  layers: [
    { id: 'completeness', label: 'completeness', weight: 0.6, score: completeness },
    { id: 'type_handling', label: 'type handling', weight: 0.2, score: typeHandling },
    { id: 'budget_discipline', label: 'budget discipline', weight: 0.2, score: budgetDiscipline },
  ],
  naive: (ep) => naiveRecall(ep),
};
