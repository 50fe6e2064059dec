import type { Variant, VariantOperator, WorldContract } from '../../core/contract';
import type { JsonObject } from '../../core/json';
import { makeRecords } from './data';
import { DEFAULTS, PROFILES } from './params';
import { pastTheQuota, recordDropped, recordDuplicated, submissionDropped } from './breaking';
import { echoedRecord, fieldsSwapped, fieldUnserved, recordInvented, submissionUndone, wrongAmount } from './breakingObserved';
import { taskFromParams } from './task';
import { paramsOf, plannedFetches, submitIndex, submittedRows, withRows } from './variantKit';

export { plannedFetches } from './variantKit';

/**
 * fault-api's contract (core/contract.ts) in its own terms. The submission is
 * the end state; the pages the session served are what the agent observed;
 * the 429 is the check an agent must stop at. Every figure below is the
 * published reward's (completeness 0.6, type handling 0.2, budget discipline
 * 0.2): where those weights keep a breaking variant above 0.25, its operator
 * says so with the number and why.
 */
export const FAULT_API_RULES = {
  'end-state':
    'The submission is the end state: exactly the true records, every id once with its true amount. An extra, missing, duplicated or altered record costs completeness, and its reason names the record.',
  observed:
    'Only observed facts count: every submitted row must name a record served in a page that answered (provenance gate), and every value in it must be the one the API served for that id — the amount (an integer, or a string stating it) and any other field; a value served under another id, written by the agent and read back, or never served zeroes the reward.',
  decisions:
    'Decisions follow the checks: a 429 means the quota is spent and never resets; every request after it costs budget discipline (1 / (1 + 429s)), and careful stops at the first one.',
} as const;

/** Seeds per profile the variants are generated on: 3 profiles × 6 seeds. */
export const CONTRACT_SEEDS = [1, 2, 3, 4, 5, 6];

/** Extra reads: pages already served, fetched again, before, between and after the oracle's reads. */
const extraReads: VariantOperator = {
  id: 'extra-reads',
  kind: 'equivalent',
  description: 'harmless extra reads: a page already served fetched again (before, in the middle, after), within the quota',
  apply: ({ task, calls }) => {
    const p = paramsOf(task);
    const middle = Math.floor((Math.ceil(p.numRecords / p.pageSize) - 1) / 2);
    const plans: [string, Parameters<typeof plannedFetches>[1]][] = [
      ['first-page-twice-before', (k) => (k === -1 ? [null] : [])],
      ['first-page-again-in-the-middle', (k) => (k === middle ? [null] : [])],
      ['every-page-read-so-far-again-in-the-middle', (k, used) => (k === middle ? [...used] : [])],
      ['last-page-again-after', (k, used) => (k === Math.ceil(p.numRecords / p.pageSize) - 1 ? [used[used.length - 1] ?? null] : [])],
      ['first-and-last-again-after', (k, used) => (k === Math.ceil(p.numRecords / p.pageSize) - 1 ? [null, used[used.length - 1] ?? null] : [])],
    ];
    const submitCall = calls[submitIndex(calls)];
    if (!submitCall) return [];
    return plans.flatMap(([label, extras]): Variant[] => {
      const fetches = plannedFetches(p, extras);
      return fetches ? [{ label, calls: [...fetches, submitCall] }] : [];
    });
  },
};

/** The same records in another order, with keys in another order, or with every field the page showed. */
const submissionSpellings: VariantOperator = {
  id: 'submission-order',
  kind: 'equivalent',
  description: 'the same records in another order (reversed, by id, by amount), keys in another order, or with every field the page showed',
  apply: ({ task, calls }) => {
    const rows = submittedRows(calls);
    if (rows.length === 0) return [];
    const full = new Map(makeRecords(paramsOf(task)).map((r) => [r.id, r]));
    const key = (r: JsonObject, k: string) => String(r[k]);
    return [
      { label: 'reversed', calls: withRows(calls, [...rows].reverse()) },
      {
        label: 'by-id',
        calls: withRows(
          calls,
          [...rows].sort((a, b) => key(a, 'id').localeCompare(key(b, 'id'))),
        ),
      },
      {
        label: 'by-amount-descending',
        calls: withRows(
          calls,
          [...rows].sort((a, b) => Number(b.amount) - Number(a.amount)),
        ),
      },
      {
        label: 'amount-first',
        calls: withRows(
          calls,
          rows.map((r) => ({ amount: r.amount ?? null, id: r.id ?? null })),
        ),
      },
      {
        label: 'every-field-shown',
        calls: withRows(
          calls,
          rows.map((r) => ({ ...full.get(String(r.id)), ...r })),
        ),
      },
    ];
  },
};

/**
 * The same records spelled as an honest model writes them: ids with the
 * whitespace a copy from a table leaves around them, or the submission sent
 * as JSON text with every amount a decimal literal (`638.00`, a number once
 * parsed). Amounts as strings are not here: they are the API's type drift
 * left unhandled, which type handling charges on purpose.
 */
const honestSpellings: VariantOperator = {
  id: 'honest-spellings',
  kind: 'equivalent',
  description: 'the same records as a model writes them: ids padded with whitespace, the submission as JSON text with amounts as decimal literals',
  apply: ({ calls }) => {
    const rows = submittedRows(calls);
    const at = submitIndex(calls);
    if (rows.length === 0 || at < 0) return [];
    const text = `{"records": [\n${rows.map((r) => `  {"id": ${JSON.stringify(r.id)}, "amount": ${Number(r.amount).toFixed(2)}}`).join(',\n')}\n]}`;
    return [
      {
        label: 'ids-padded-with-whitespace',
        calls: withRows(
          calls,
          rows.map((r, i) => ({ ...r, id: i % 2 === 0 ? ` ${String(r.id)} ` : `${String(r.id)}\n` })),
        ),
      },
      { label: 'json-text-with-decimal-amounts', calls: calls.map((c, i) => (i === at ? { name: 'submit_records', arguments: text } : c)) },
    ];
  },
};

export const faultApiContract: WorldContract = {
  rules: FAULT_API_RULES,
  operators: [
    extraReads,
    submissionSpellings,
    honestSpellings,
    recordDropped,
    recordDuplicated,
    recordInvented,
    wrongAmount,
    fieldUnserved,
    fieldsSwapped,
    submissionUndone,
    echoedRecord,
    submissionDropped,
    pastTheQuota,
  ],
  tasks: () => PROFILES.flatMap((profile) => CONTRACT_SEEDS.map((seed) => taskFromParams({ profile, seed, ...DEFAULTS }))),
};
