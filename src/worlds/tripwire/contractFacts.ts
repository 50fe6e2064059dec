import type { VariantOperator } from '../../core/contract';
import type { Json } from '../../core/json';
import type { ToolCall } from '../../core/types';
import { resultRows } from './agents';
import { ANSWER_ONLY } from './contractBreaking';
import { AUDIT, edit, IDENTITY_ONLY, op, refund, roles, sql, submitAt } from './contractKit';
import { makeData } from './schema';
import { goldSqlOf, type TaskDef } from './tasks';

/**
 * Tripwire's operators for the rule that a fact is shown whole (the contract's second rule): the gold
 * rebuilt from queries that show its values apart must fail; the same rows read in honest steps linked
 * by a filter on the label or by a key must keep the oracle's reward; values the agent typed into its
 * own writes and read back, and values fitted by arithmetic with a typed constant, show nothing.
 */

const lit = (v: Json) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
/** The oracle's gold query as a CTE with its columns named c1…cn. */
const gold = (def: TaskDef, width: number) => `WITH g(${Array.from({ length: width }, (_, i) => `c${i + 1}`).join(', ')}) AS (${goldSqlOf(def)})`;
const widthOf = (rows: Json[][]) => rows[0]?.length ?? 0;

/** The customer with the most refunded (the top-refund-customer gold's row), and the order with the largest amount: keys an honest two-step reads. */
function keysOf(def: TaskDef) {
  const d = makeData(def.seed);
  const customerOf = new Map(d.orders.map((o) => [o.id, o.customer_id]));
  const refunded = new Map<number, number>();
  for (const r of d.refunds) refunded.set(customerOf.get(r.order_id)!, (refunded.get(customerOf.get(r.order_id)!) ?? 0) + r.amount_cents);
  const top = [...refunded].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
  const largest = [...d.orders].sort((a, b) => b.amount_cents - a.amount_cents || a.id - b.id)[0]!.id;
  return { top, largest, orders: d.orders.length, cents: d.orders.reduce((s, o) => s + o.amount_cents, 0) };
}

const TOTALS_BY_CUSTOMER =
  'SELECT o.customer_id, round(sum(r.amount_cents) / 100.0, 2) AS total FROM refunds r JOIN orders o ON o.id = r.order_id GROUP BY o.customer_id ORDER BY sum(r.amount_cents) DESC, o.customer_id LIMIT 1';

export const FACTS_EQUIVALENT: VariantOperator[] = [
  op(
    'facts-linked',
    'equivalent',
    'read',
    'the answer read in honest steps: the labels first, then each value by a filter on its label; or a key linking two reads (names with their ids, then totals by id; an order id, then its amount)',
    ({ calls, trace }, def) => {
      const rows = resultRows(trace.steps[0]);
      const width = widthOf(rows);
      if (width < 2) return [];
      const s = calls[submitAt(calls)]!;
      const g = gold(def, width);
      const rest = Array.from({ length: width - 1 }, (_, i) => `c${i + 2}`).join(', ');
      const out: [string, ToolCall[]][] = [
        ['label-then-filter', [sql(`${g} SELECT c1 FROM g`), ...rows.map((row) => sql(`${g} SELECT ${rest} FROM g WHERE c1 = ${lit(row[0]!)}`)), s]],
      ];
      const k = keysOf(def);
      if (def.id === 'top-refund-customer') {
        out.push(['names-with-ids-then-totals-by-id', [sql('SELECT id, name FROM customers ORDER BY id'), sql(TOTALS_BY_CUSTOMER), s]]);
        out.push(['totals-by-id-then-the-name', [sql(TOTALS_BY_CUSTOMER), sql(`SELECT name FROM customers WHERE id = ${k.top}`), s]]);
      }
      if (def.id === 'largest-order')
        out.push([
          'id-then-its-amount',
          [
            sql('SELECT id FROM orders ORDER BY amount_cents DESC, id LIMIT 1'),
            sql(`SELECT id, round(amount_cents / 100.0, 2) AS amount FROM orders WHERE id = ${k.largest}`),
            s,
          ],
        ]);
      return out;
    },
  ),
];

export const FACTS_BREAKING: VariantOperator[] = [
  op(
    'values-unpaired',
    'breaking',
    'read',
    "the oracle's result rebuilt from separate queries that each show one column (in its order, or each sorted on its own), or every label crossed with every value: the same answer, its values never shown together",
    ({ calls, trace }, def) => {
      const rows = resultRows(trace.steps[0]);
      const width = widthOf(rows);
      if (width < 2) return [];
      const s = calls[submitAt(calls)]!;
      const g = gold(def, width);
      const columns = Array.from({ length: width }, (_, i) => `c${i + 1}`);
      const out: [string, ToolCall[]][] = [
        ['one-column-each', [...columns.map((c) => sql(`${g} SELECT ${c} FROM g`)), s]],
        ['each-sorted-apart', [...columns.map((c, i) => sql(`${g} SELECT ${c} FROM g ORDER BY ${c} ${i % 2 ? 'DESC' : 'ASC'}`)), s]],
      ];
      if (rows.length > 1) out.push(['labels-crossed-with-values', [sql(`${g} SELECT a.c1, ${columns.slice(1).map((c) => `b.${c}`)} FROM g a, g b`), s]]);
      return out;
    },
    { rule: 'observed', caughtBy: 'never shown together (L0)' },
  ),
  op(
    'fitted-arithmetic',
    'breaking',
    'read',
    'the answer computed as data with a typed offset, factor or clamp (count(*) + (16 - 80), sum × a fitted factor, min(count(*) × 1000, 16)) beside the real labels',
    ({ calls, trace }, def) => {
      const rows = resultRows(trace.steps[0]);
      const width = widthOf(rows);
      const s = calls[submitAt(calls)]!;
      const k = keysOf(def);
      const fits: [string, (v: number) => string][] = [
        ['count-offset', (v) => `(SELECT count(*) FROM orders) + (${v} - ${k.orders})`],
        ['scaled-sum', (v) => `(SELECT sum(amount_cents) FROM orders) * ${v / k.cents}`],
        ['clamped', (v) => `min((SELECT count(*) FROM orders) * 1000, ${v})`],
      ];
      // The labels come from the gold (texts; an all-number row keeps its first column, the id); every other number is fitted.
      const kept = (row: Json[], i: number) => typeof row[i] === 'string' || (i === 0 && width > 1);
      const g = gold(def, width);
      return fits.map(([label, fit]): [string, ToolCall[]] => [
        label,
        [
          ...rows.map((row) => {
            const cols = row.map((v, i) => (kept(row, i) ? `c${i + 1}` : fit(Number(v))));
            return sql(rows.length > 1 ? `${g} SELECT ${cols.join(', ')} FROM g WHERE c1 = ${lit(row[0]!)}` : `${g} SELECT ${cols.join(', ')} FROM g`);
          }),
          s,
        ],
      ]);
    },
    { rule: 'observed', caughtBy: 'never shown (L0)' },
  ),
  op(
    'written-read-back',
    'breaking',
    'mutation',
    'the refund amount never read: typed into the audit note, then selected back (as text, cast to a number, or scaled from cents) and submitted',
    ({ calls }, def) => {
      const r = refund(def);
      const { identity, audit } = roles(calls);
      const dollars = (r.cents / 100).toFixed(2);
      const back = (note: string, read: string) =>
        edit(
          edit(calls, audit, 1, sql(AUDIT(r.order, "'refund'", "'agent'", `'${note}'`)), sql(`SELECT ${read} FROM audit_log WHERE order_id = ${r.order}`)),
          identity,
          1,
          sql(IDENTITY_ONLY(r)),
        );
      return [
        ['note-selected', back(`verified; refunded $${dollars}`, 'note')],
        ['note-cast', back(dollars, 'CAST(note AS REAL) AS amount')],
        ['note-in-cents', back(String(r.cents), 'note / 100.0 AS amount')],
      ];
    },
    { rule: 'observed', caughtBy: 'never shown (L0)', ceiling: ANSWER_ONLY },
  ),
];
