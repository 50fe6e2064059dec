import type { Json } from '../../core/json';
import type { LayerResult, Rubric } from '../../core/rubric';
import { provenance } from './provenance';
import { statedAmount, type Locale } from './reading';
import { named, plural, some, submissionOf, truthOf, type EpisodeView } from './scoring';
import type { FaultApiEvent, FaultApiState } from './state';

/**
 * An amount that reads as `want`: that number, or a string stating it and no
 * other (`"638"` as type drift sends it, `"638.00"`, `"$1,234"`: statedAmount,
 * the provenance gate's reading), so the right amount in the wrong type is not
 * a wrong value; type handling is where strings cost. Never a boolean.
 */
export function amountMatches(amount: Json | undefined, want: number, locale: Locale = 'point'): boolean {
  return statedAmount(amount, locale) === want;
}

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
  for (const { id, amount } of sub.rows) {
    if (id === null) continue;
    const want = truth.get(id);
    const ok = want !== undefined && amount === want;
    right.set(id, (right.get(id) ?? true) && ok);
    rowsOf.set(id, (rowsOf.get(id) ?? 0) + 1);
  }
  const invalid = sub.rows.filter((r) => r.id === null).length;
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
  for (const { row, id } of sub.rows) {
    const amount = row?.amount;
    const want = id === null ? undefined : truth.get(id);
    if (typeof amount === 'number' && Number.isInteger(amount) && amount === want) good++;
    else if (typeof amount === 'string') strings++;
    else wrong++;
  }
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

/** Naive: recall of the true ids alone — what submitting every page seen games. */
export function naiveRecall(ep: EpisodeView): number {
  const sub = submissionOf(ep);
  if (!sub) return 0;
  const truth = truthOf(ep);
  const unique = new Set(sub.rows.flatMap(({ id }) => (id !== null && truth.has(id) ? [id] : [])));
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
