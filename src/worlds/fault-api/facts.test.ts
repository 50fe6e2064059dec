import { describe, expect, it } from 'vitest';
import type { Json, JsonObject } from '../../core/json';
import type { ToolCall, Trace } from '../../core/types';
import { cursorFor, makeRecords } from './data';
import { faultApiWorld } from './index';
import { taskFromParams } from './task';
import { fetchesThen, params, play, rowsOf } from './testing';

/**
 * The observation rules on whole runs: a record counts only as the one record
 * the API served for its id; what the agent wrote is never served; one
 * submission ends the episode; any page that served a record is evidence of it.
 */
const p = params('clean', 1);
const fetch = (cursor: string | null): ToolCall => ({ name: 'fetch_page', arguments: { cursor } });
const submit = (records: Json): ToolCall => ({ name: 'submit_records', arguments: { records } });
const summary = (t: Trace) => ({ reward: Number(t.scorecard!.reward.toFixed(6)), caughtBy: t.scorecard!.verdict.caughtBy });
const layer = (t: Trace, id: string) => t.scorecard!.layers.find((l) => l.id === id)!.value;
const records = makeRecords(p);
/** Two rows of the oracle's submission whose `key` differs, and the submission with that key swapped between them. */
function swapped(rows: JsonObject[], key: string): JsonObject[] {
  const i = 3;
  const j = rows.findIndex((r) => r[key] !== rows[i]![key]);
  return rows.map((r, k) => (k === i ? { ...r, [key]: rows[j]![key]! } : k === j ? { ...r, [key]: rows[i]![key]! } : r));
}

describe('fault-api: a record counts only whole', () => {
  it('ids and amounts each served but sorted apart fail the gate', async () => {
    const ids = records.map((r) => r.id).sort();
    const amounts = records.map((r) => r.amount).sort((a, b) => a - b);
    const t = await play(
      p,
      fetchesThen(
        p,
        ids.map((id, i) => ({ id, amount: amounts[i]! })),
      ),
    );
    expect(summary(t)).toEqual({ reward: 0, caughtBy: expect.stringMatching(/^provenance: \d+ amounts the API never served for their ids/) });
  });

  it.each(['amount', 'customer', 'created', 'currency'])('two records with their %s swapped fail the gate', async (key) => {
    const t = await play(p, fetchesThen(p, swapped(rowsOf(p, true), key)));
    expect(summary(t).reward).toBe(0);
    expect(summary(t).caughtBy).toMatch(key === 'amount' ? /^provenance: 2 amounts the API never served/ : /^provenance: 2 fields the API never served/);
  });

  it('a record whose page was never served fails the gate with its true amount: a timeout and a 429 serve no record', async () => {
    const unread = fetchesThen(p, rowsOf(p)).filter((c) => !(c.name === 'fetch_page' && isJsonObjectWith(c.arguments, cursorFor(p.seed, 9))));
    expect(summary(await play(p, unread))).toEqual({ reward: 0, caughtBy: 'provenance: 4 ids the API never served' });
    const s = await faultApiWorld.open(taskFromParams(params('hostile', 1)));
    for (let i = 0; i < 30; i++) {
      const r = await s.call(fetch(null));
      if (!r.ok) expect(JSON.parse(r.content)).not.toHaveProperty('records');
    }
    const state = await s.snapshot();
    expect(state.pages_served.length).toBe(state.requests - state.timeouts - state.rate_limited);
  });

  it('a row naming no record fails the gate, whatever it carries', async () => {
    for (const extra of [{ amount: 4242 }, { customer: records[0]!.customer, amount: records[0]!.amount }, { id: null, amount: 1 }, 'rec-x: 1'] as Json[]) {
      const t = await play(p, fetchesThen(p, [...rowsOf(p), extra]));
      expect(summary(t), JSON.stringify(extra)).toEqual({ reward: 0, caughtBy: 'provenance: 1 row naming no record the API served (no string id)' });
    }
  });
});

describe('fault-api: what the agent wrote is never served', () => {
  it('a record typed into a cursor and echoed back by the error is not observed, made up or real', async () => {
    const madeUp = { id: 'rec-zzzzzzz', amount: 4242 };
    const echo = await play(p, [fetch(JSON.stringify(madeUp)), ...fetchesThen(p, [...rowsOf(p), madeUp])]);
    expect(echo.steps[0]!.result.content).toContain('rec-zzzzzzz');
    expect(summary(echo)).toEqual({ reward: 0, caughtBy: 'provenance: 1 id the API never served' });
    // The last page's records, known some other way, typed as a cursor; that page itself never fetched.
    const last = rowsOf(p).slice(36);
    const calls = [fetch(JSON.stringify(last)), ...fetchesThen(p, rowsOf(p)).filter((c) => !isJsonObjectWith(c.arguments, cursorFor(p.seed, 9)))];
    expect(summary(await play(p, calls))).toEqual({ reward: 0, caughtBy: 'provenance: 4 ids the API never served' });
  });
});

describe('fault-api: one submission ends the episode', () => {
  it('a later submission undoes nothing: an invented record, a wrong amount or a missing one costs what it would had it stayed', async () => {
    const right = rowsOf(p);
    const invented = await play(p, fetchesThen(p, [...right, { id: 'rec-zzzzzzz', amount: 1 }], right));
    expect(invented.steps.filter((s) => s.call.name === 'submit_records')).toHaveLength(1);
    expect(summary(invented)).toEqual({ reward: 0, caughtBy: 'provenance: 1 id the API never served' });
    const wrong = await play(
      p,
      fetchesThen(
        p,
        right.map((r, i) => (i === 0 ? { ...r, amount: Number(r.amount) + 1 } : r)),
        right,
      ),
    );
    expect(summary(wrong).reward).toBe(0);
    const missing = await play(p, fetchesThen(p, right.slice(1), right));
    expect(summary(missing).reward).toBe(0.985);
  });

  it('a second submission to the session is refused and changes nothing; a refused first call is no submission', async () => {
    const s = await faultApiWorld.open(taskFromParams(p));
    await s.call(submit([{ id: 'rec-zzzzzzz', amount: 1 }]));
    const again = await s.call(submit(rowsOf(p)));
    expect(JSON.parse(again.content).error).toBe('episode_over');
    expect((await s.snapshot()).submitted).toEqual([{ id: 'rec-zzzzzzz', amount: 1 }]);
    // records as a map is refused (invalid_arguments): nothing was submitted, and the list after it is the submission.
    const map = Object.fromEntries(rowsOf(p).map((r) => [String(r.id), r.amount!]));
    expect(summary(await play(p, fetchesThen(p).concat(submit(map), submit(rowsOf(p)))))).toEqual({ reward: 1, caughtBy: null });
  });
});

describe('fault-api: evidence by content', () => {
  it('a record counts from any page that served it, however the pages were reached', async () => {
    const c = (k: number) => cursorFor(p.seed, k);
    // Out of order, each page twice, the first page last again.
    const order = [null, c(5), c(1), c(9), c(2), c(3), c(4), c(1), c(6), c(7), c(8), null];
    expect(summary(await play(p, [...order.map(fetch), submit(rowsOf(p))]))).toEqual({ reward: 1, caughtBy: null });
    // Another page size: 40 records in pages of 7, the last one short.
    const sevens = { ...p, pageSize: 7 };
    expect(summary(await play(sevens, fetchesThen(sevens, rowsOf(sevens))))).toEqual({ reward: 1, caughtBy: null });
  });
});

describe('fault-api: honest spellings', () => {
  it('ids padded with whitespace or in full-width forms are the ids served: 1.00', async () => {
    const padded = rowsOf(p).map((r, i) => ({
      ...r,
      id:
        i % 2
          ? ` ${String(r.id)}\n`
          : String(r.id)
              .normalize('NFKD')
              .replace(/[a-z0-9-]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0)),
    }));
    expect(summary(await play(p, fetchesThen(p, padded)))).toEqual({ reward: 1, caughtBy: null });
  });

  it('amounts as strings in any honest spelling are the amounts served, and cost type handling alone (the API’s drift, not normalised to a number)', async () => {
    const spell = [
      (n: number) => `$${n.toLocaleString('en-US')}.00`,
      (n: number) => `${n.toLocaleString('de-DE')},00 €`,
      (n: number) => String(n).replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d))),
    ];
    for (const s of spell) {
      const t = await play(
        p,
        fetchesThen(
          p,
          rowsOf(p).map((r) => ({ ...r, amount: s(Number(r.amount)) })),
        ),
      );
      expect([layer(t, 'completeness'), layer(t, 'provenance'), layer(t, 'type_handling'), Number(t.scorecard!.reward.toFixed(6))], s(1234)).toEqual([
        1, 1, 0, 0.8,
      ]);
    }
  });

  it('an id in another case is another key: the gate names it', async () => {
    const upper = rowsOf(p).map((r, i) => (i === 0 ? { ...r, id: String(r.id).toUpperCase() } : r));
    expect(summary(await play(p, fetchesThen(p, upper)))).toEqual({ reward: 0, caughtBy: 'provenance: 1 id the API never served' });
  });
});

function isJsonObjectWith(args: Json, cursor: string): boolean {
  return typeof args === 'object' && args !== null && !Array.isArray(args) && args.cursor === cursor;
}
