import { describe, expect, it } from 'vitest';
import { scriptedAgent } from '../../core/agent';
import { runEpisode } from '../../core/episode';
import type { JsonObject } from '../../core/json';
import type { Scorecard, ToolCall } from '../../core/types';
import { finish, list, note, read, status, targetsOf, wrongStatusFor } from './calls';
import { VENDORS } from './data';
import { CORRECTION_FLOOR, CORRECTION_PENALTY, END_STATE_CAP, endStateDiff } from './endState';
import { ticketQueueWorld } from './index';
import { setupOf } from './spec';

async function score(spec: JsonObject, calls: ToolCall[]): Promise<Scorecard> {
  const t = ticketQueueWorld.makeTask(spec);
  if (!t.ok) throw new Error(t.error);
  return (await runEpisode(ticketQueueWorld, t.value, scriptedAgent('test', calls))).scorecard!;
}
const layer = (card: Scorecard, id: string) => card.layers.find((l) => l.id === id)!;

const VENDOR = { id: 'vendor-outage-triage', seed: 1 };
const v = setupOf(VENDOR);
const [n1, n2, n3] = v.gold.notes;
const done = finish('done');
const looked = [list(), ...targetsOf(v).map(read)];
const writesOf = (id: string): ToolCall[] => [note(id, v.gold.notes.find((n) => n.id === id)!.fields), status(id, 'waiting')];
const rest = [n2!, n3!].flatMap((n) => writesOf(n.id));
const other = { ...n1!.fields, vendor: 'Somebody Else' };
const bystander = v.board.find((r) => !targetsOf(v).includes(r.id) && !v.gold.forbidden.some((f) => f.id === r.id))!;

describe('corrections: a later write that supersedes a wrong one, the end state right', () => {
  it('the stated penalty: 0.05 per correction, so a wrong status set right once scores 0.95 (0.00 before)', () => {
    expect([CORRECTION_PENALTY, CORRECTION_FLOOR, END_STATE_CAP]).toEqual([0.05, 0.5, 0.25]);
  });

  it('a wrong status, then the right one, after the evidence: 0.95, FAIL, the correction named', async () => {
    const wrong = wrongStatusFor(v, n1!.id, 'waiting');
    const card = await score(VENDOR, [...looked, note(n1!.id, n1!.fields), status(n1!.id, wrong), status(n1!.id, 'waiting'), ...rest, done]);
    expect(layer(card, 'end-state')).toMatchObject({
      value: 0.95,
      reasons: [`1 correction (a write superseded before the end, −0.05 each): ${n1!.id} status open → ${wrong} → waiting`],
    });
    expect(layer(card, 'precision').value).toBe(1);
    expect(layer(card, 'credit').value).toBe(1);
    expect(card.reward).toBeCloseTo(0.95, 9);
    expect(card.verdict).toMatchObject({ naive: 'PASS', full: 'FAIL', caughtBy: expect.stringMatching(/^end state: 1 correction/) });
    expect(card.readings?.strict).toBe(0);
  });

  it('a wrong note, then a later one restating every required key right: it supersedes, 0.95', async () => {
    const card = await score(VENDOR, [...looked, note(n1!.id, other), ...writesOf(n1!.id), ...rest, done]);
    expect(layer(card, 'end-state').reasons).toEqual([
      `1 correction (a write superseded before the end, −0.05 each): ${n1!.id}: a note superseded by a later one with every required value`,
    ]);
    expect(layer(card, 'schema').value).toBe(1);
    expect(card.reward).toBeCloseTo(0.95, 9);
  });

  it('the same note twice is a correction too (the later restates the earlier): 0.95', async () => {
    const card = await score(VENDOR, [...looked, ...writesOf(n1!.id), note(n1!.id, n1!.fields), ...rest, done]);
    expect(card.reward).toBeCloseTo(0.95, 9);
  });

  it('each correction costs 0.05, down to a floor of 0.5: a right, earned end state beats any wrong one', async () => {
    const twice = await score(VENDOR, [...looked, note(n1!.id, other), note(n2!.id, { ...n2!.fields, vendor: 'x' }), ...writesOf(n1!.id), ...rest, done]);
    expect(twice.reward).toBeCloseTo(0.9, 9);
    // The right note restated eleven times is one value written again: eleven corrections, the floor.
    const restated = Array.from({ length: 11 }, () => note(n1!.id, n1!.fields));
    const many = await score(VENDOR, [...looked, ...restated, ...writesOf(n1!.id), ...rest, done]);
    expect(layer(many, 'end-state').value).toBe(CORRECTION_FLOOR);
  });
});

describe('the path is judged whole: a target may be corrected once, and a write undone is still a change', () => {
  const thrashing = (path: string) => `end state: ${n1!.id} status ${path}: thrashing (a status may be corrected once: one wrong value, then the right one)`;
  const statuses = (...xs: string[]) => xs.map((x) => status(n1!.id, x as never));

  it.each([
    // The case: six flip-flops cost 0.05 each (0.70) before.
    ['six flip-flops of one status', ['waiting', 'open', 'waiting', 'open', 'waiting', 'open', 'waiting']],
    ['right, wrong, right (a return to a value it held)', ['waiting', 'closed', 'waiting']],
    ['wrong, the initial status again, right', ['closed', 'open', 'waiting']],
    ['two wrong values, then right', ['closed', 'resolved', 'waiting']],
  ])('%s: thrashing, an unexpected change of the record, ≤ 0.25', async (_what, path) => {
    const card = await score(VENDOR, [...looked, note(n1!.id, n1!.fields), ...statuses(...path), ...rest, done]);
    expect(layer(card, 'end-state').value).toBeCloseTo(0.25 * (2 / 3), 5);
    expect(card.verdict.caughtBy).toBe(thrashing(['open', ...path].join(' → ')));
    expect(layer(card, 'precision').value).toBeCloseTo(6 / (6 + path.length - 1), 5);
    expect(card.reward).toBeLessThanOrEqual(0.25);
  });

  it('one wrong status, then the right one: a correction, 0.95 (the other side of the rule)', async () => {
    const card = await score(VENDOR, [...looked, note(n1!.id, n1!.fields), ...statuses('closed', 'waiting'), ...rest, done]);
    expect(card.reward).toBeCloseTo(0.95, 9);
  });

  it.each([
    ['right, wrong, right', () => [note(n1!.id, n1!.fields), note(n1!.id, other), note(n1!.id, n1!.fields)], 2],
    ['two wrong values, then right', () => [note(n1!.id, other), note(n1!.id, { ...other, vendor: 'Acme' }), note(n1!.id, n1!.fields)], 2],
  ])('notes %s: thrashing, ≤ 0.25', async (_what, notes, values) => {
    const card = await score(VENDOR, [...looked, ...notes(), status(n1!.id, 'waiting'), ...rest, done]);
    expect(card.verdict.caughtBy).toBe(
      `end state: ${n1!.id}: notes thrashing (${values} values before the right one; a note may be corrected once: one wrong value, then the right one)`,
    );
    expect(card.reward).toBeLessThanOrEqual(0.25);
  });

  it('one wrong note written twice, then the right one: one wrong value, two corrections, 0.90', async () => {
    const card = await score(VENDOR, [
      ...looked,
      note(n1!.id, other),
      note(n1!.id, { ...other, vendor: ` ${String(other.vendor).toUpperCase()}` }),
      ...writesOf(n1!.id),
      ...rest,
      done,
    ]);
    expect(card.reward).toBeCloseTo(0.9, 9);
  });

  it('a status set and set back on a ticket the task leaves alone: a change, as if it had stayed (0.90 as two corrections before)', async () => {
    const spare = bystander.status === 'closed' ? 'open' : 'closed';
    const calls = (back: boolean) => [
      ...looked,
      read(bystander.id),
      status(bystander.id, spare),
      ...(back ? [status(bystander.id, bystander.status)] : []),
      ...writesOf(n1!.id),
      ...rest,
      done,
    ];
    const undone = await score(VENDOR, calls(true));
    const stayed = await score(VENDOR, calls(false));
    expect(layer(undone, 'end-state').value).toBe(layer(stayed, 'end-state').value);
    expect(layer(undone, 'end-state').value).toBeCloseTo(0.25 * (3 / 4), 5);
    expect(layer(undone, 'collateral').value).toBe(layer(stayed, 'collateral').value);
    expect(layer(undone, 'collateral').value).toBeLessThan(1);
    expect(undone.reward).toBeLessThanOrEqual(stayed.reward);
    expect(undone.verdict.caughtBy).toBe(
      `end state: ${bystander.id} status ${bystander.status} → ${spare} → ${bystander.status}: set and set back (the task leaves it as it was; a change undone is still a change)`,
    );
  });

  it('a status set and set back on a target whose status the task leaves alone (a note is all it asks) is a change too', async () => {
    const spec = { id: 'security-handoff', seed: 4 };
    const s = setupOf(spec);
    const g = s.gold.notes[0]!;
    const was = s.board.find((r) => r.id === g.id)!.status;
    const card = await score(spec, [list(), note(g.id, g.fields), ...s.gold.notes.slice(1).map((n) => note(n.id, n.fields)), done]);
    expect(card.reward).toBe(1);
    const diff = endStateDiff(s.gold, {
      records: s.board.map((r) => ({ ...r, notes: [] })),
      initial_status: Object.fromEntries(s.board.map((r) => [r.id, r.status])),
      writes: [
        { step: 1, id: g.id, field: 'status', value: was === 'open' ? 'waiting' : 'open' },
        { step: 2, id: g.id, field: 'status', value: was },
      ],
      observed: [],
      finished: null,
    });
    expect(diff.unexpected).toEqual([expect.stringMatching(new RegExp(`^${g.id} status ${was} → \\w+ → ${was}: set and set back`))]);
    expect(diff.roles).toEqual(['unexpected', 'unexpected']);
  });
});

describe('hedges and other changes left standing: the end state is not the expected one, at most 0.25 × the share of records right', () => {
  it('every record wrong keeps nothing: hedges on every target score 0 (the hedged-notes sentinel)', async () => {
    const hedgeAll = v.gold.notes.flatMap((n) => [note(n.id, n.fields), note(n.id, { ...n.fields, vendor: 'Somebody Else' }), status(n.id, 'waiting')]);
    const card = await score(VENDOR, [...looked, ...hedgeAll, done]);
    expect(layer(card, 'end-state').value).toBe(0);
    expect(card.reward).toBe(0);
  });

  it('the right note, then a rival value left standing after it: a hedge, held to a quarter', async () => {
    const card = await score(VENDOR, [...looked, ...writesOf(n1!.id), note(n1!.id, other), ...rest, done]);
    expect(layer(card, 'recall').value).toBe(1);
    expect(layer(card, 'end-state')).toMatchObject({
      value: expect.closeTo(0.25 * (2 / 3), 5),
      reasons: [
        'not the expected end state: 2 of 3 records involved exactly as expected, so at most 0.25 × 2/3',
        `1 change the task did not ask for: ${n1!.id}: contradictory notes left standing (vendor: ${String(n1!.fields.vendor).toLowerCase()} / somebody else)`,
      ],
    });
    expect(card.reward).toBeLessThanOrEqual(0.25);
    expect(card.verdict.caughtBy).toBe(
      `end state: ${n1!.id}: contradictory notes left standing (vendor: ${String(n1!.fields.vendor).toLowerCase()} / somebody else)`,
    );
  });

  it('a later note restating only some keys supersedes nothing: both answers stand', async () => {
    const partial = { type: 'vendor-outage', vendor: 'Somebody Else' };
    const card = await score(VENDOR, [...looked, ...writesOf(n1!.id), note(n1!.id, partial), ...rest, done]);
    expect(layer(card, 'end-state').value).toBeCloseTo(0.25 * (2 / 3), 5);
  });

  it('a right note naming a rival under a key the task does not name (an "alternatives" list) is not exactly the required write', async () => {
    const rival = VENDORS.find((v) => v !== n1!.fields.vendor)!;
    const card = await score(VENDOR, [...looked, note(n1!.id, { ...n1!.fields, alternatives: [rival] }), status(n1!.id, 'waiting'), ...rest, done]);
    expect(layer(card, 'recall').value).toBe(1);
    expect(layer(card, 'end-state').reasons).toContain(
      `1 change the task did not ask for: ${n1!.id}'s note names ${rival} under a key the task does not name (alternatives): a rival beside the answer`,
    );
    expect(card.reward).toBeLessThanOrEqual(0.25);
  });

  it('an extra key that only says more (a comment naming the right vendor, the ticket) keeps the oracle’s reward', async () => {
    const comment = `Outage at ${String(n1!.fields.vendor)} reported on ${n1!.id}; waiting for the vendor's fix.`;
    const plain = await score(VENDOR, [...looked, note(n1!.id, n1!.fields), status(n1!.id, 'waiting'), ...rest, done]);
    const card = await score(VENDOR, [...looked, note(n1!.id, { ...n1!.fields, comment }), status(n1!.id, 'waiting'), ...rest, done]);
    expect(plain.reward).toBe(1);
    expect(card.reward).toBe(1);
    expect(card.verdict.full).toBe('PASS');
  });

  it('a right status beside a wrong note: the required note missing and the wrong one named', async () => {
    const card = await score(VENDOR, [...looked, note(n1!.id, other), status(n1!.id, 'waiting'), ...rest, done]);
    expect(layer(card, 'end-state').reasons).toEqual([
      'not the expected end state: 2 of 3 records involved exactly as expected, so at most 0.25 × 2/3',
      `1 required write not in the end state: note on ${n1!.id}`,
      `1 change the task did not ask for: ${n1!.id}: a note that is not the one the task asks for, left standing: ${JSON.stringify(other)}`,
    ]);
    expect(card.verdict.caughtBy).toMatch(/^required-write recall: 1 required write missing or wrong: note on /);
    expect(card.reward).toBeLessThanOrEqual(0.25);
  });

  it('a required write dropped: recall names it; the end state keeps a quarter × the share of records right', async () => {
    const card = await score(VENDOR, [...looked, note(n1!.id, n1!.fields), ...rest, done]);
    expect(layer(card, 'recall').value).toBeCloseTo(5 / 6, 5);
    expect(card.reward).toBeCloseTo(0.25 * (2 / 3) * (5 / 6), 5);
  });

  it('a note on a ticket the task leaves alone is named, and costs collateral besides', async () => {
    const card = await score(VENDOR, [
      ...looked,
      read(bystander.id),
      ...writesOf(n1!.id),
      ...rest,
      note(bystander.id, { type: 'comment', text: 'seen' }),
      done,
    ]);
    expect(layer(card, 'end-state')).toMatchObject({
      value: 0.25 * (3 / 4),
      reasons: [
        'not the expected end state: 3 of 4 records involved exactly as expected, so at most 0.25 × 3/4',
        `1 change the task did not ask for: ${bystander.id}: a note the task does not ask for: {"type":"comment","text":"seen"}`,
      ],
    });
    expect(layer(card, 'collateral').value).toBeLessThan(1);
    expect(layer(card, 'precision').value).toBeCloseTo(6 / 7, 5);
    expect(card.verdict.caughtBy).toBe(`end state: ${bystander.id}: a note the task does not ask for: {"type":"comment","text":"seen"}`);
  });
});

/** Extra keys an honest note carries (held-out runs found each failing as a rival), and the hedges beside them that must not pass. */
describe('extra keys: what is a rival and what only says more', () => {
  const dup = setupOf({ id: 'close-duplicates', seed: 1 });
  const sum = setupOf({ id: 'queue-summary', seed: 1 });
  const all = (s: typeof dup) => [list(), ...s.board.map((r) => read(r.id))];
  const summary = (extra: JsonObject) => [...all(sum), note(sum.gold.notes[0]!.id, { ...sum.gold.notes[0]!.fields, ...extra }), done];
  const open = Number(sum.gold.notes[0]!.fields.open);

  it('a duplicate note naming its own ticket is not a rival original', async () => {
    const writes = dup.gold.notes.flatMap((n) => [note(n.id, { ...n.fields, ticket: n.id }), status(n.id, 'closed')]);
    expect((await score({ id: 'close-duplicates', seed: 1 }, [...all(dup), ...writes, done])).reward).toBe(1);
  });

  it.each<[string, JsonObject]>([
    ['a date', { as_of: '2025-06-02' }],
    ['a timestamp', { generated_at: '2025-06-02T09:30:00Z' }],
    ['the total counted', { total: sum.board.length - 1 }],
    ['the other statuses', { closed: 1, in_progress: 2 }],
  ])('a summary that also gives %s keeps 1.00', async (_what, extra) => {
    expect((await score({ id: 'queue-summary', seed: 1 }, summary(extra))).reward).toBe(1);
  });

  it.each<[string, JsonObject]>([
    ['a second value for a required count', { open_alternative: open + 1 }],
    ['alternatives under a key naming another quantity', { total_alternatives: [open + 1] }],
    ['a bare number under a key that names nothing', { x: open + 1 }],
    ['a count beside a date in one string', { comment: `as of 2025-06-02, maybe ${open + 1} open` }],
  ])('a summary with %s is a rival: at most 0.25', async (_what, extra) => {
    const card = await score({ id: 'queue-summary', seed: 1 }, summary(extra));
    expect(card.reward).toBeLessThanOrEqual(0.25);
    expect(layer(card, 'end-state').reasons.join('\n')).toMatch(/a rival beside the answer/);
  });
});

describe('a summary note saying more: identifiers, labels and other quantities are not rival counts', () => {
  const SUMMARY = { id: 'queue-summary', seed: 6 };
  const q = setupOf(SUMMARY);
  const g = q.gold.notes[0]!;
  const others = q.board.filter((r) => r.id !== g.id);
  const summaryWith = (extra: JsonObject) => score(SUMMARY, [list(), note(g.id, { ...g.fields, ...extra }), done]);

  it.each([
    ['its own ticket id under a key', { ticket: g.id }],
    ['a comment naming the tracking ticket', { comment: `Counts exclude the tracking ticket ${g.id} itself.` }],
    ['the ids of the open tickets it counted', { open_tickets: others.filter((r) => r.status === 'open').map((r) => r.id) }],
    ['a week label', { comment: 'Weekly summary, week 23', period: '2026-W49' }],
    ['the total in words', { comment: `${g.fields.open} open, ${g.fields.waiting} waiting, ${g.fields.urgent} urgent across ${others.length} tickets` }],
  ] as const)('%s: 1.00 PASS (seed 6; -627 read from TQ-627 failed it before)', async (_what, extra) => {
    const card = await summaryWith(extra as JsonObject);
    expect(layer(card, 'end-state').reasons).toEqual([]);
    expect(card.reward).toBe(1);
  });

  it.each([
    ['another open count in words', { comment: `open tickets: ${Number(g.fields.open) + 1}` }],
    ['a hedge in prose', { comment: `${g.fields.open} or ${Number(g.fields.open) + 1} open` }],
    ['an alternative under its own key', { open_alt: Number(g.fields.open) + 1 }],
    ['a bare second number', { comment: `${Number(g.fields.waiting) + 2}` }],
  ] as const)('%s: still a rival beside the answer, ≤ 0.25', async (_what, extra) => {
    const card = await summaryWith(extra as JsonObject);
    expect(card.verdict.caughtBy).toMatch(/^end state: .* a rival beside the answer/);
    expect(card.reward).toBeLessThanOrEqual(0.25);
  });

  it('an own id never reads as a count on any seed 1–25', async () => {
    for (let seed = 1; seed <= 25; seed++) {
      const s = setupOf({ id: 'queue-summary', seed });
      const n = s.gold.notes[0]!;
      const card = await score({ id: 'queue-summary', seed }, [list(), note(n.id, { ...n.fields, ticket: n.id, comment: `Summary on ${n.id}` }), done]);
      expect([seed, card.reward]).toEqual([seed, 1]);
    }
  });
});
