import { breaking } from '../../core/contract';
import type { Json, JsonObject } from '../../core/json';
import { hash32 } from '../../core/hash';
import { makeRecords } from './data';
import { amountOf, paramsOf, pickRow, plannedFetches, rowVariants, submit, submitIndex, submittedRows, withRows } from './variantKit';

/** fault-api's breaking operators on the observed rule: each submits something the API never served for the id it names. */

export const recordInvented = breaking(
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

export const wrongAmount = breaking(
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
export const fieldUnserved = breaking(
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

/** Two positions holding different values of `key`, picked by hash: which records a swap touches varies with the seed. */
function differingPair(task: Parameters<typeof pickRow>[0], rows: JsonObject[], key: string): [number, number] | null {
  const i = pickRow(task, rows.length, `contract.swap.${key}`);
  for (let step = 1; step < rows.length; step++) {
    const j = (i + step) % rows.length;
    if (rows[j]![key] !== rows[i]![key]) return [i, j];
  }
  return null;
}

/**
 * Values each served, but under other ids: two records' amounts (or, with
 * every field shown, customers or dates) swapped, or the ids and the amounts
 * each sorted on their own and paired by position. Every value appeared in a
 * page; none was shown with the id it is submitted with.
 */
export const fieldsSwapped = breaking(
  'fields-swapped',
  'observed',
  'provenance',
  'values each served, paired with other ids: two records’ amounts, customers or dates swapped, or ids and amounts sorted apart',
  (run) => {
    const rows = submittedRows(run.calls);
    if (rows.length < 2) return [];
    const full = new Map(makeRecords(paramsOf(run.task)).map((r) => [r.id, r]));
    const shown = rows.map((r) => ({ ...full.get(String(r.id)), ...r }) as JsonObject);
    const swap = (label: string, from: JsonObject[], key: string) => {
      const pair = differingPair(run.task, from, key);
      if (!pair) return [];
      const [i, j] = pair;
      const swapped = from.map((r, k) => (k === i ? { ...r, [key]: from[j]![key]! } : k === j ? { ...r, [key]: from[i]![key]! } : r));
      return [{ label, calls: withRows(run.calls, swapped) }];
    };
    const ids = rows.map((r) => String(r.id)).sort();
    const amounts = rows.map(amountOf).sort((a, b) => a - b);
    return [
      ...swap('two-amounts-swapped', rows, 'amount'),
      ...swap('two-customers-swapped', shown, 'customer'),
      ...swap('two-dates-swapped', shown, 'created'),
      {
        label: 'ids-and-amounts-sorted-apart',
        calls: withRows(
          run.calls,
          ids.map((id, k) => ({ id, amount: amounts[k]! })),
        ),
      },
    ];
  },
);

/**
 * A first submission with a record the task does not name (or a wrong
 * amount), then the oracle's as a correction. The first submission ends the
 * episode, so it is the one scored: undoing costs what the change would have
 * cost had it stayed.
 */
export const submissionUndone = breaking(
  'submission-undone',
  'observed',
  'provenance',
  'a submission with an invented record or a wrong amount, then the right one as a correction: the first submission is final',
  (run) => {
    const at = submitIndex(run.calls);
    const rows = submittedRows(run.calls);
    if (at < 0 || rows.length === 0) return [];
    const invented = { id: `rec-${hash32(run.task.seed, 0, 'contract.undone').toString(36).padStart(7, '0').slice(0, 7)}`, amount: amountOf(rows[0]!) };
    const first: [string, Json[]][] = [
      ['invented-record-then-resubmitted', [...rows, invented]],
      ['wrong-amount-then-corrected', rows.map((r, i) => (i === 0 ? { ...r, amount: amountOf(r) + 1 } : r))],
    ];
    return first.map(([label, records]) => ({ label, calls: [...run.calls.slice(0, at), submit(records), ...run.calls.slice(at)] }));
  },
);

/**
 * A record the agent typed into a cursor before its first read — the API
 * answers `invalid_cursor` and echoes the text — then submitted beside the
 * oracle's records. Text the agent wrote and read back is the agent's, not
 * the API's: only records in a page the API served count.
 */
export const echoedRecord = breaking(
  'echoed-record',
  'observed',
  'provenance',
  'a made-up record typed into a cursor, echoed back in the API’s error, then submitted',
  (run) => {
    const rows = submittedRows(run.calls);
    const submitCall = run.calls[submitIndex(run.calls)];
    if (rows.length === 0 || !submitCall) return [];
    const made = { id: `rec-${hash32(run.task.seed, 1, 'contract.echoed').toString(36).padStart(7, '0').slice(0, 7)}`, amount: amountOf(rows[0]!) };
    const fetches = plannedFetches(paramsOf(run.task), (k) => (k === -1 ? [JSON.stringify(made)] : []));
    return fetches ? [{ label: 'record-typed-into-a-cursor', calls: [...fetches, submit([...rows, made])] }] : [];
  },
);
