import type { OracleRun, Variant, VariantOperator } from '../../core/contract';
import { isJsonObject } from '../../core/json';
import type { ToolCall } from '../../core/types';
import { makeData } from './schema';
import { defOf, refundTarget, type TaskDef } from './tasks';

/** What tripwire's contract operators (contract.ts, contractBreaking.ts) build variants with: calls, a refund task's facts, edits of an oracle run. */

export const sql = (query: string): ToolCall => ({ name: 'run_sql', arguments: { query } });
export const submit = (answer: string): ToolCall => ({ name: 'submit_answer', arguments: { answer } });
export const queryOf = (c: ToolCall) => (isJsonObject(c.arguments) && typeof c.arguments.query === 'string' ? c.arguments.query : null);
export const isSql = (kind: string) => (c: ToolCall) => c.name === 'run_sql' && (queryOf(c) ?? '').trimStart().toUpperCase().startsWith(kind);
export const submitAt = (calls: readonly ToolCall[]) => calls.findIndex((c) => c.name === 'submit_answer');
export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The facts of a refund task the operators build on: the order, its customer, another customer and order. */
export function refund(def: TaskDef) {
  const t = refundTarget(def.seed);
  const data = makeData(def.seed);
  const customer = data.customers.find((c) => c.id === t.customer)!;
  const stranger = data.customers.find((c) => c.id !== t.customer)!;
  const cents = data.orders.find((o) => o.id === t.order)!.amount_cents;
  return { ...t, email: customer.email, stranger, cents };
}

export type Refund = ReturnType<typeof refund>;

/** The oracle's calls with one call replaced, inserted or removed. */
export const edit = (calls: readonly ToolCall[], at: number, remove: number, ...add: ToolCall[]) => [
  ...calls.slice(0, at),
  ...add,
  ...calls.slice(at + remove),
];

/** An operator for one task kind; `build` returns [label, calls] pairs. */
export function op(
  id: string,
  kind: VariantOperator['kind'],
  on: TaskDef['kind'],
  description: string,
  build: (run: OracleRun, def: TaskDef) => [string, ToolCall[]][],
  breaking?: Pick<VariantOperator, 'rule' | 'caughtBy' | 'ceiling'>,
): VariantOperator {
  return {
    id,
    kind,
    description,
    ...breaking,
    apply: (run) => {
      const def = defOf(run.task);
      return def.kind === on ? build(run, def).map(([label, calls]): Variant => ({ label, calls })) : [];
    },
  };
}

/** Both kinds: a variant per kind from one builder each. */
export function both(
  id: string,
  description: string,
  read: (run: OracleRun, def: TaskDef) => [string, ToolCall[]][],
  mutation: (run: OracleRun, def: TaskDef) => [string, ToolCall[]][],
): VariantOperator {
  return {
    id,
    kind: 'equivalent',
    description,
    apply: (run) => {
      const def = defOf(run.task);
      return (def.kind === 'read' ? read : mutation)(run, def).map(([label, calls]) => ({ label, calls }));
    },
  };
}

/**
 * Whitespace and comments changed outside quotes: the same statement to SQLite.
 * Our own SQL, not an agent's: the oracle's calls are the input.
 */
export function respace(query: string): string {
  let out = '/* rewritten: same statement */\n';
  let quote: string | null = null;
  for (const ch of query) {
    if (quote) {
      out += ch;
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else out += ch === ' ' ? '\n    ' : ch;
  }
  return `${out} -- end\n;`;
}

/** A gold cell rebuilt from literals by arithmetic or a function: what the computed-values rule must see through. */
export const computedLiteral = (v: unknown) =>
  typeof v === 'number' ? `(${v} - 1 + 1)` : `replace('${String(v).replace(/'/g, "''").replace(/ /g, '#')}', '#', ' ')`;

export const IDENTITY_ONLY = (r: Refund) => `SELECT c.name, c.email FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.id = ${r.order}`;
export const AMOUNT = (r: Refund) => `SELECT amount_cents FROM orders WHERE id = ${r.order}`;
export const AUDIT = (order: number, action = "'refund'", actor = "'agent'", note = "'identity verified; full refund'") =>
  `INSERT INTO audit_log (order_id, action, actor, note) VALUES (${order}, ${action}, ${actor}, ${note})`;

/** The mutation oracle's calls by role: identity read, update, audit, submit. */
export function roles(calls: readonly ToolCall[]) {
  return {
    identity: calls.findIndex(isSql('SELECT')),
    update: calls.findIndex(isSql('UPDATE')),
    audit: calls.findIndex(isSql('INSERT')),
    submit: submitAt(calls),
  };
}

/** The identity read replaced by an amount read and `decoy` (skipped identity, right amount). */
export const withDecoy = (calls: readonly ToolCall[], r: Refund, decoy: string) => edit(calls, roles(calls).identity, 1, sql(AMOUNT(r)), sql(decoy));

/** A text spelled as character codes: `char(49, 54)` is '16'. */
export const charCodes = (text: string) => `char(${[...text].map((c) => c.codePointAt(0)).join(', ')})`;
const hexOf = (text: string) => [...new TextEncoder().encode(text)].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * A typed value laundered so it rides on a real read while the data decides none of it: spelled as
 * character codes, hex or a blob, joined to an empty piece of a column, or picked by a CASE over a
 * real aggregate. `column` is the piece of data, `how` the spelling.
 */
export type Laundry = 'char' | 'unhex' | 'blob' | 'case';
export function laundered(v: unknown, how: Laundry, column: string): string {
  const text = String(v);
  const empty = `substr(${column}, 1, 0)`;
  if (how === 'char') return `${charCodes(text)} || ${empty}`;
  if (how === 'unhex') return `CAST(unhex('${hexOf(text)}') AS TEXT) || ${empty}`;
  if (how === 'blob') return `CAST(x'${hexOf(text)}' AS TEXT) || ${empty}`;
  const typed = typeof v === 'number' ? `max(${v}, 0)` : `json_extract(json_array('${text.replace(/'/g, "''")}'), '$[0]')`;
  return `CASE WHEN count(*) > 0 THEN ${typed} ELSE count(*) END`;
}
