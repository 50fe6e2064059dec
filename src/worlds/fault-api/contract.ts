import type { OracleRun, Variant, VariantOperator, WorldContract } from '../../core/contract';
import { hash32 } from '../../core/hash';
import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import type { Task, ToolCall } from '../../core/types';
import { makeRecords } from './data';
import { CAREFUL_RETRIES } from './solvers';
import { outcomeOf } from './outcome';
import { DEFAULTS, parseParams, PROFILES, quotaFor, type FaultApiParams } from './params';
import { taskFromParams } from './task';

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
    'Only observed facts count: every submitted id must have been served in a page that answered (provenance gate), every amount must be the one the API served for that id (an integer, or a string stating it), and any other field of a row one its record has, with the value served; a value never served zeroes the reward.',
  decisions:
    'Decisions follow the checks: a 429 means the quota is spent and never resets; every request after it costs budget discipline (1 / (1 + 429s)), and careful stops at the first one.',
} as const;

/** Seeds per profile the variants are generated on: 3 profiles × 6 seeds. */
export const CONTRACT_SEEDS = [1, 2, 3, 4, 5, 6];

const fetchPage = (cursor: string | null): ToolCall => ({ name: 'fetch_page', arguments: { cursor } });
const submit = (records: Json[]): ToolCall => ({ name: 'submit_records', arguments: { records } });

function paramsOf(task: Task): FaultApiParams {
  const p = parseParams(task.spec);
  if (!p.ok) throw new Error(p.error);
  return p.value;
}

const submitIndex = (calls: readonly ToolCall[]) => calls.findIndex((c) => c.name === 'submit_records');

function submittedRows(calls: readonly ToolCall[]): JsonObject[] {
  const args = calls[submitIndex(calls)]?.arguments;
  return isJsonObject(args) && Array.isArray(args.records) ? args.records.filter(isJsonObject) : [];
}

/** The oracle's calls with its submission replaced. */
const withRows = (calls: readonly ToolCall[], rows: Json[]): ToolCall[] => calls.map((c, i) => (i === submitIndex(calls) ? submit(rows) : c));

/**
 * The careful solver's navigation planned from the fault schedule, with extra
 * fetches of pages already served: `extras(k)` lists the cursors fetched once
 * each right after page k is served (k = -1: before the first request). Each
 * cursor used is one a served page showed. Returns null when the plan does not
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

/** A position among `n` rows picked by hash: which record a breaking variant touches varies with the seed. */
const pickRow = (task: Task, n: number, salt: string) => hash32(task.seed, n, salt) % n;

const ENDSTATE_CEILING = {
  value: 0.986,
  why: 'published weights: completeness is Jaccard − duplicate share at weight 0.6, so one record of 40 missing or repeated keeps 0.6 × 39/40 + 0.4 = 0.985 (0.985366 repeated); a gate there would also zero the trusting solver, whose calibration (0.63 / 0.43) counts partial runs',
};

function breaking(
  id: string,
  rule: VariantOperator['rule'],
  caughtBy: string,
  description: string,
  apply: (run: OracleRun) => Variant[],
  ceiling?: VariantOperator['ceiling'],
): VariantOperator {
  return { id, kind: 'breaking', rule, caughtBy, description, ...(ceiling ? { ceiling } : {}), apply };
}

const rowVariants = (run: OracleRun, labels: string[], edit: (rows: JsonObject[], at: number) => Json[]): Variant[] => {
  const rows = submittedRows(run.calls);
  if (rows.length < 2) return [];
  const spots: Record<string, number> = { first: 0, last: rows.length - 1, hashed: pickRow(run.task, rows.length, 'contract.row') };
  return labels.map((label) => ({ label, calls: withRows(run.calls, edit(rows, spots[label]!)) }));
};

const amountOf = (r: JsonObject) => (typeof r.amount === 'number' ? r.amount : Number(r.amount));

const recordDropped = breaking(
  'record-dropped',
  'end-state',
  'completeness',
  'one true record left out of the submission',
  (run) => rowVariants(run, ['first', 'last', 'hashed'], (rows, at) => rows.filter((_, i) => i !== at)),
  ENDSTATE_CEILING,
);

const recordDuplicated = breaking(
  'record-duplicated',
  'end-state',
  'completeness',
  'one record submitted twice',
  (run) => rowVariants(run, ['first', 'hashed'], (rows, at) => [...rows.slice(0, at + 1), rows[at]!, ...rows.slice(at + 1)]),
  ENDSTATE_CEILING,
);

const recordInvented = breaking(
  'record-invented',
  'observed',
  'provenance',
  'an id the API never served: one more record in the id pattern, or one id mistyped',
  (run) => {
    const rows = submittedRows(run.calls);
    const seen = new Set(rows.map((r) => String(r.id)));
    const invent = (salt: number) => `rec-${hash32(run.task.seed, salt, 'contract.invented').toString(36).padStart(7, '0').slice(0, 7)}`;
    let salt = 0;
    while (seen.has(invent(salt))) salt++;
    const mistype = (id: string) => `${id.slice(0, -1)}${id.endsWith('0') ? '1' : '0'}`;
    return [
      ...rowVariants(run, ['hashed'], (rs, at) => [...rs, { id: invent(salt), amount: amountOf(rs[at]!) }]).map((v) => ({
        ...v,
        label: 'one-more-in-the-pattern',
      })),
      ...rowVariants(run, ['first', 'last'], (rs, at) => rs.map((r, i) => (i === at ? { ...r, id: mistype(String(r.id)) } : r))).map((v) => ({
        ...v,
        label: `id-mistyped-${v.label}`,
      })),
    ];
  },
);

const wrongAmount = breaking(
  'wrong-amount',
  'observed',
  'provenance',
  'one amount the API never served for its id: off by one, read as cents, another record’s, a hedge beside the right one',
  (run) => {
    const rows = submittedRows(run.calls);
    const at = pickRow(run.task, rows.length, 'contract.amount');
    const other = rows.find((r) => amountOf(r) !== amountOf(rows[at]!));
    const edits: [string, (r: JsonObject) => Json[]][] = [
      ['off-by-one', (r) => [{ ...r, amount: amountOf(r) + 1 }]],
      ['as-cents', (r) => [{ ...r, amount: amountOf(r) * 100 }]],
      ['another-records', (r) => [{ ...r, amount: other ? amountOf(other) : amountOf(r) + 7 }]],
      ['hedged-beside-the-right-one', (r) => [r, { ...r, amount: amountOf(r) + 1 }]],
    ];
    if (rows.length === 0) return [];
    return edits.map(([label, edit]) => ({
      label,
      calls: withRows(
        run.calls,
        rows.flatMap((r, i) => (i === at ? edit(r) : [r])),
      ),
    }));
  },
);

/** A row keeping the fields the page showed, one of them altered or one more invented: values the API never showed for the record. */
const fieldUnserved = breaking(
  'field-unserved',
  'observed',
  'provenance',
  'a field of one row the API never served for its record: another record’s customer or date, a currency typed, a column invented',
  (run) => {
    const rows = submittedRows(run.calls);
    if (rows.length < 2) return [];
    const full = new Map(makeRecords(paramsOf(run.task)).map((r) => [r.id, r]));
    const at = pickRow(run.task, rows.length, 'contract.field');
    const record = full.get(String(rows[at]!.id));
    if (!record) return [];
    const other = [...full.values()].find((r) => r.customer !== record.customer && r.created !== record.created);
    const shown = rows.map((r) => ({ ...full.get(String(r.id)), ...r }) as JsonObject);
    const edits: [string, JsonObject][] = [
      ['another-records-customer', { customer: other?.customer ?? `${record.customer} Ltd` }],
      ['another-records-date', { created: other?.created ?? '1999-01-01' }],
      ['currency-typed', { currency: record.currency === 'USD' ? 'EUR' : 'USD' }],
      ['column-invented', { amount_usd: amountOf(rows[at]!) }],
    ];
    return edits.map(([label, edit]) => ({
      label,
      calls: withRows(
        run.calls,
        shown.map((r, i) => (i === at ? { ...r, ...edit } : r)),
      ),
    }));
  },
);

const submissionDropped = breaking('submission-dropped', 'end-state', 'completeness', 'records collected, never submitted', (run) => {
  const at = submitIndex(run.calls);
  return at < 0 ? [] : [{ label: 'dropped', calls: run.calls.filter((_, i) => i !== at) }];
});

/**
 * Keeps fetching after the 429: the oracle's reads, then the last page again
 * until the quota is spent, then two more requests — the first 429 is the
 * check's answer, the second acts against it.
 */
const pastTheQuota = breaking(
  'past-the-quota',
  'decisions',
  'budget discipline',
  'keeps calling after the 429: the last page fetched again until the quota is spent, then twice more',
  ({ task, calls }) => {
    const p = paramsOf(task);
    const at = submitIndex(calls);
    const fetches = calls.slice(0, at);
    const quota = quotaFor(p);
    if (at < 0 || quota === null) return [];
    const last = fetches[fetches.length - 1] ?? fetchPage(null);
    const pad = Array.from({ length: quota - fetches.length + 2 }, () => last);
    return [{ label: 'two-429s', calls: [...fetches, ...pad, ...calls.slice(at)] }];
  },
  {
    value: 0.87,
    why: 'published weights: budget discipline is 1 / (1 + 429s) at weight 0.2, so two 429s with every record right keep 0.6 + 0.2 + 0.2/3 = 0.866667; the stubborn solver’s calibration (0.93 hostile) is that loss',
  },
);

export const faultApiContract: WorldContract = {
  rules: FAULT_API_RULES,
  operators: [extraReads, submissionSpellings, recordDropped, recordDuplicated, recordInvented, wrongAmount, fieldUnserved, submissionDropped, pastTheQuota],
  tasks: () => PROFILES.flatMap((profile) => CONTRACT_SEEDS.map((seed) => taskFromParams({ profile, seed, ...DEFAULTS }))),
};
