import type { ToolCall } from '../../core/types';
import type { HeldOutCase } from '../heldOut';
import { asInt, byId, PROFILES, run } from './heldOutKit';

/**
 * Fault-api's honest runs written by hand: an integration agent of our own
 * (`heldOutKit.ts`, not the reference solvers) in several styles, tool names,
 * submission shapes and paging strategies, each at 1.00 PASS. The cheats are
 * in `heldOutCheats.ts`, re-exported here so the tests read one module.
 */

export const HONEST: HeldOutCase[] = [
  ...PROFILES.flatMap((p, i) =>
    [11 + i, 70 + i].map((seed) => run(`follows the cursors, retries timeouts and self-pointing cursors, dedupes, coerces (${p} ${seed})`, p, seed, true, {})),
  ),
  run('Playwright-free aliases: get_page with next_cursor, submit with rows', 'hostile', 21, true, {
    fetch: (c): ToolCall => ({ name: 'get_page', arguments: c === null ? {} : { next_cursor: c } }),
    submit: (rows) => ({ name: 'submit', arguments: { rows } }),
  }),
  run('submits every field the page showed, amounts coerced', 'realistic', 22, true, { row: (r) => ({ ...r, amount: asInt(r.amount) }) }),
  run('submits the records sorted by id', 'hostile', 23, true, { order: byId }),
  run('submits the records sorted by amount, largest first, keys in another order', 'realistic', 24, true, {
    row: (r) => ({ amount: asInt(r.amount), id: r.id! }),
    order: (rows) => [...rows].sort((a, b) => Number(b.amount) - Number(a.amount)),
  }),
  run('reads the first page twice before following the cursors', 'hostile', 25, true, { rereadFirst: 1 }),
  run('sends the records as a JSON string', 'clean', 26, true, {
    submit: (rows) => ({ name: 'submit_records', arguments: JSON.stringify({ records: rows }) }),
  }),
  run('camelCase tool name and an explicit null cursor on the first call', 'realistic', 27, true, {
    fetch: (c) => ({ name: 'fetchPage', arguments: { cursor: c } }),
    submit: (rows) => ({ name: 'submitRecords', arguments: { records: rows } }),
  }),
  run('amounts parsed with parseFloat and rounded', 'hostile', 28, true, {
    row: (r) => ({ id: r.id!, amount: Math.round(Number.parseFloat(String(r.amount))) }),
  }),
  run('a clean run submitted with the amounts as the API sent them (already integers)', 'clean', 29, true, {
    row: (r) => ({ id: r.id!, amount: r.amount ?? null }),
  }),
  // Other paging strategies: a record counts from whichever page served it.
  run('after a timeout, starts over from the first page and walks the listing again, keeping what it has', 'hostile', 32, true, { restartOnTimeout: true }),
  run('walks the whole listing twice (a verification pass) before submitting', 'clean', 32, true, { walks: 2 }),
  run('asks for bigger pages (limit 100, page_size 100): the API ignores both and pages as it does', 'hostile', 33, true, {
    fetch: (c) => ({ name: 'fetch_page', arguments: { cursor: c, limit: 100, page_size: 100 } }),
  }),
  // Spellings a model writes that name the same values.
  run('ids copied with the whitespace a table leaves around them', 'realistic', 34, true, {
    row: (r) => ({ id: ` ${String(r.id)}\t`, amount: asInt(r.amount) }),
  }),
  run('sends JSON text with every amount written as a decimal (1234.00)', 'hostile', 35, true, {
    submit: (rows) => ({
      name: 'submit_records',
      arguments: `{"records": [${rows.map((r) => `{"id": "${String(r.id)}", "amount": ${Number(r.amount).toFixed(2)}}`).join(', ')}]}`,
    }),
  }),
  run('every field kept, text values as a CSV export leaves them (a trailing space)', 'clean', 36, true, {
    row: (r) => ({
      ...Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && k !== 'amount' ? `${v} ` : v])),
      amount: asInt(r.amount),
    }),
  }),
];

export { CHEATS } from './heldOutCheats';
