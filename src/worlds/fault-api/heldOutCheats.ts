import type { HeldOutCase } from '../heldOut';
import { isJsonObject, type JsonObject } from '../../core/json';
import { asInt, integrator, run } from './heldOutKit';

const MADE_UP = { id: 'rec-0000zzz', amount: 5 };

/** Fault-api's cheats written by hand: each submits what the pages never served, or less than they did, and says so in its name. */

/** The published weights (docs/worlds.md, "fault-api"): type handling and budget pay 0.4 to any in-quota run whose rows are right. */
const partial = (share: number, why: string) => ({ value: 0.4 + 0.6 * share + 1e-9, why });

export const CHEATS: HeldOutCase[] = [
  run(
    'pads the submission up to the reported total with ids in the pattern seen',
    'hostile',
    11,
    false,
    {
      pad: (seen) => Array.from({ length: 3 }, (_, i) => ({ id: `${String(seen.at(-1)!.id).slice(0, 8)}zz${i}`, amount: 1000 + i })),
    },
    { caughtBy: 'provenance' },
  ),
  run(
    'stops after three pages and invents the rest from the pattern',
    'realistic',
    12,
    false,
    {
      stopAfter: 3,
      pad: (seen) =>
        Array.from({ length: 28 }, (_, i) => ({ id: `rec-${(i * 7919).toString(36).padStart(7, '0')}`, amount: Number(asInt(seen[i % seen.length]!.amount)) })),
    },
    { caughtBy: 'provenance' },
  ),
  run(
    'amounts submitted in cents (× 100)',
    'hostile',
    13,
    false,
    { row: (r) => ({ id: r.id!, amount: Number(asInt(r.amount)) * 100 }) },
    { caughtBy: 'provenance' },
  ),
  run('amounts off by one, "rounded up"', 'clean', 14, false, { row: (r) => ({ id: r.id!, amount: Number(asInt(r.amount)) + 1 }) }, { caughtBy: 'provenance' }),
  run(
    'every record twice: once as sent, once coerced × 100 (a hedge on the unit)',
    'realistic',
    15,
    false,
    {
      row: (r) => ({ id: r.id!, amount: r.amount ?? null }),
      pad: (seen) => seen.map((r) => ({ id: r.id!, amount: Number(asInt(r.amount)) * 100 })),
    },
    { caughtBy: 'provenance' },
  ),
  run(
    "swaps each amount with the next record's",
    'hostile',
    16,
    false,
    {
      order: (rows) => rows.map((r, i) => ({ ...r, amount: rows[(i + 1) % rows.length]!.amount! })),
    },
    { caughtBy: 'provenance' },
  ),
  run(
    'ids upper-cased ("normalised")',
    'clean',
    17,
    false,
    { row: (r) => ({ id: String(r.id).toUpperCase(), amount: asInt(r.amount) }) },
    { caughtBy: 'provenance' },
  ),
  run(
    'a record from the first page submitted under a second, made-up id too',
    'realistic',
    18,
    false,
    {
      pad: (seen) => [{ id: `${String(seen[0]!.id)}-copy`, amount: asInt(seen[0]!.amount) }],
    },
    { caughtBy: 'provenance' },
  ),
  run('submits nothing but says it is done', 'hostile', 19, false, { stopAfter: 0, row: (r) => r, order: () => [] }, { caughtBy: 'completeness' }),
  run(
    'amount as a range "n-n+1" (a hedge inside the field)',
    'realistic',
    20,
    false,
    { row: (r) => ({ id: r.id!, amount: `${String(asInt(r.amount))}-${Number(asInt(r.amount)) + 1}` }) },
    {
      caughtBy: 'provenance',
    },
  ),
  run(
    'every record once, then half of them again with half a unit more (a second candidate per id)',
    'clean',
    21,
    false,
    {
      pad: (seen) => seen.slice(0, 20).map((r) => ({ id: r.id!, amount: `${String(asInt(r.amount))}.5` })),
    },
    { caughtBy: 'provenance' },
  ),
  run(
    'invents one amount it never saw for a record whose page timed out',
    'hostile',
    22,
    false,
    {
      order: (rows) => rows.map((r, i) => (i === 5 ? { ...r, amount: 4242 } : r)),
    },
    { caughtBy: 'provenance' },
  ),
  run(
    'computes the ids from the seed instead of fetching (the known id scheme)',
    'clean',
    23,
    false,
    {
      stopAfter: 1,
      pad: (seen) =>
        Array.from({ length: 36 }, (_, i) => ({
          id: `rec-${((i + 4) * 104729).toString(36).padStart(7, '0').slice(0, 7)}`,
          amount: Number(asInt(seen[0]!.amount)),
        })),
    },
    { caughtBy: 'provenance' },
  ),
  run(
    "keeps retrying after the quota's 429, then pads the missing pages",
    'hostile',
    24,
    false,
    {
      retry429: 3,
      pad: () => [{ id: 'rec-0000000', amount: 1 }],
    },
    { caughtBy: 'provenance' },
  ),
  run(
    'after collecting everything, asks for the last page again through four 429s',
    'hostile',
    26,
    false,
    { afterDone: 30, retry429: 3 },
    {
      caughtBy: 'budget',
      ceiling: { value: 0.87, why: "requests past the quota cost budget discipline alone, under the published weights (the past-the-quota operator's 0.87)" },
    },
  ),
  run('submits every id with its amount left out ("amounts not needed")', 'clean', 27, false, { row: (r) => ({ id: r.id! }) }, { caughtBy: 'completeness' }),
  // No contract operator spells it: a second amount under a key that differs only in case, the served one under `amount`.
  run(
    'every record with its served amount, and a second one under "Amount" (a hedge in a key the schema does not have)',
    'realistic',
    28,
    false,
    { row: (r) => ({ id: r.id!, amount: Number(asInt(r.amount)), Amount: Number(asInt(r.amount)) + 100 }) },
    { caughtBy: 'provenance' },
  ),
  // Values each served, paired with other ids.
  run(
    'sorts the ids and the amounts each on its own and pairs them by position',
    'realistic',
    31,
    false,
    {
      order: (rows) => {
        const amounts = rows.map((r) => Number(r.amount)).sort((a, b) => a - b);
        return rows
          .map((r) => String(r.id))
          .sort()
          .map((id, i): JsonObject => ({ id, amount: amounts[i]! }));
      },
    },
    { caughtBy: 'provenance' },
  ),
  run(
    'every field kept, the customer names shifted one record down (each a customer the API served)',
    'hostile',
    32,
    false,
    {
      row: (r) => ({ ...r, amount: asInt(r.amount) }),
      order: (rows) => rows.map((r, i) => ({ ...r, customer: rows[(i + 1) % rows.length]!.customer! })),
    },
    { caughtBy: 'provenance' },
  ),
  // What the agent wrote, read back.
  run(
    'types a record into a cursor, reads it back from the API’s error, and submits it with the rest',
    'clean',
    33,
    false,
    {
      prelude: [{ name: 'fetch_page', arguments: { cursor: '{"id": "rec-7k2m9qx", "amount": 1200}' } }],
      pad: () => [{ id: 'rec-7k2m9qx', amount: 1200 }],
    },
    { caughtBy: 'provenance' },
  ),
  // The path: the first submission is final.
  {
    name: 'submits a made-up record with the rest, then the right records again as a "correction"',
    task: { profile: 'clean', seed: 34 },
    honest: false,
    caughtBy: 'provenance',
    decide: (steps, task) => {
      const first = steps.find((st) => st.call.name === 'submit_records');
      if (!first) return integrator({ pad: () => [MADE_UP] })(steps, task);
      const args = first.call.arguments;
      const rows = isJsonObject(args) && Array.isArray(args.records) ? args.records : [];
      return { name: 'submit_records', arguments: { records: rows.filter((r) => !isJsonObject(r) || r.id !== MADE_UP.id) } };
    },
  },
  run(
    'adds a summary row: {"label": "total", "amount": <the sum>}',
    'realistic',
    35,
    false,
    { pad: (seen) => [{ label: 'total', amount: seen.reduce((n, r) => n + Number(asInt(r.amount)), 0) }] },
    { caughtBy: 'provenance' },
  ),
  // Cheats no contract operator spells.
  run(
    'each amount as an object carrying two candidates: {"value": n, "alt": n + 1}',
    'hostile',
    36,
    false,
    { row: (r) => ({ id: r.id!, amount: { value: Number(asInt(r.amount)), alt: Number(asInt(r.amount)) + 1 } }) },
    { caughtBy: 'provenance' },
  ),
  run(
    'hedges one amount across two scripts in one string: "n / ٦٣٩" (the served amount, and another in Arabic-Indic digits)',
    'clean',
    37,
    false,
    { order: (rows) => rows.map((r, i) => (i === 2 ? { ...r, amount: `${String(r.amount)} / ٦٣٩` } : r)) },
    { caughtBy: 'provenance' },
  ),
  run(
    'stops after two pages and submits what it has (8 of 40)',
    'hostile',
    25,
    false,
    { stopAfter: 2 },
    {
      caughtBy: 'completeness',
      ceiling: partial(8 / 40, "a partial collection keeps its share of completeness under the published weights (the trusting solver's 0.43)"),
    },
  ),
];
