import { describe, expect, it } from 'vitest';
import { scriptedAgent } from '../../core/agent';
import { runEpisode } from '../../core/episode';
import type { JsonObject } from '../../core/json';
import type { Scorecard, ToolCall } from '../../core/types';
import { blindWrites, evidenceFor, searchShows, type BlindWrite } from './credit';
import { CUSTOMERS } from './data';
import { ticketQueueWorld } from './index';
import { setupOf } from './spec';
import type { Observation, TicketQueueState, WriteEntry } from './state';
import { TASK_DEFS, type Evidence, type Gold } from './tasks';

async function score(spec: JsonObject, calls: ToolCall[]): Promise<Scorecard> {
  const t = ticketQueueWorld.makeTask(spec);
  if (!t.ok) throw new Error(t.error);
  return (await runEpisode(ticketQueueWorld, t.value, scriptedAgent('test', calls))).scorecard!;
}

const layer = (card: Scorecard, id: string) => card.layers.find((l) => l.id === id)!;
const list = (filter?: JsonObject): ToolCall => ({ name: 'list_records', arguments: filter ? { filter } : {} });
const read = (id: string): ToolCall => ({ name: 'read_record', arguments: { id } });
const note = (id: string, n: JsonObject): ToolCall => ({ name: 'write_note', arguments: { id, note: n } });
const status = (id: string, s: string): ToolCall => ({ name: 'update_status', arguments: { id, status: s } });
const finish: ToolCall = { name: 'finish', arguments: { summary: 'done' } };

const VENDOR = { id: 'vendor-outage-triage', seed: 1 };
const v = setupOf(VENDOR);
const [t1, t2, t3] = v.gold.notes;
const writesOf = (id: string): ToolCall[] => [note(id, v.gold.notes.find((n) => n.id === id)!.fields), status(id, 'waiting')];
const rest = [t2!, t3!].flatMap((n) => [read(n.id), ...writesOf(n.id)]);

describe('credited writes: every write after the facts that decide it', () => {
  it('a note written before its body was read is not credited, though the final state holds it: capped at a quarter', async () => {
    const card = await score(VENDOR, [list(), ...writesOf(t1!.id), read(t1!.id), ...rest, finish]);
    expect(layer(card, 'recall').value).toBe(1);
    expect(layer(card, 'end-state').value).toBe(1);
    expect(card.naive).toBe(1);
    expect(layer(card, 'credit')).toMatchObject({
      value: expect.closeTo((0.25 * 4) / 6, 5),
      reasons: [
        '1 write of 6 made before the facts that decide it were shown; 2 of 6 landed required writes not earned',
        `${t1!.id}: note written at step 2 before ${t1!.id}'s body (the vendor) was read`,
      ],
    });
    expect(card.reward).toBeCloseTo((0.25 * 4) / 6, 5);
    expect(card.verdict).toMatchObject({
      naive: 'PASS',
      full: 'FAIL',
      caughtBy: `credited writes: ${t1!.id}: note written at step 2 before ${t1!.id}'s body (the vendor) was read`,
    });
  });

  it('a write on a record no result had shown names the record', async () => {
    const card = await score(VENDOR, [...writesOf(t1!.id), list(), read(t1!.id), ...rest, finish]);
    expect(layer(card, 'credit').reasons[1]).toBe(`${t1!.id}: note written at step 1 before any result showed ${t1!.id}`);
  });

  it('a text search for the deciding value counts as reading it; a search every ticket matches does not', async () => {
    const vendor = String(t1!.fields.vendor);
    const searched = await score(VENDOR, [list(), list({ text: vendor }), ...writesOf(t1!.id), ...rest, finish]);
    expect(layer(searched, 'credit').value).toBe(1);
    const vague = await score(VENDOR, [list(), list({ text: 'customer' }), ...writesOf(t1!.id), ...rest, finish]);
    expect(layer(vague, 'credit').value).toBeCloseTo((0.25 * 4) / 6, 5);
  });

  it('searchShows: the clue, or whole words making at least half of it, not a fragment', () => {
    expect(searchShows('Duplicate of TQ-301', 'TQ-301')).toBe(true);
    expect(searchShows('nimbus', 'Nimbus Relay')).toBe(true);
    expect(searchShows(' Confirmed ', 'confirmed the fix')).toBe(true);
    expect(searchShows('confirmed the', 'confirmed the fix')).toBe(true);
    expect(searchShows('the', 'confirmed the fix')).toBe(false);
    expect(searchShows('Relay', 'Nimbus Relay')).toBe(false);
    expect(searchShows('', 'Nimbus Relay')).toBe(false);
    // Half an id names a hundred tickets; half a name is no word of it.
    expect(searchShows('TQ-3', 'TQ-301')).toBe(false);
    expect(searchShows('Ledg', 'Ledgerly')).toBe(false);
  });

  it("a search for half the original's id does not show which ticket the duplicate names (a cheat the operators missed)", async () => {
    const spec = { id: 'close-duplicates', seed: 3 };
    const s = setupOf(spec);
    const g = s.gold.notes[0]!;
    const original = String(g.fields.duplicate_of);
    const half = original.slice(0, Math.ceil(original.length / 2) + 1);
    const card = await score(spec, [list(), list({ text: half }), note(g.id, g.fields), status(g.id, 'closed'), finish]);
    expect(layer(card, 'credit').reasons[1]).toBe(`${g.id}: note written at step 3 before ${g.id}'s body (the original) was read`);
    expect(card.reward).toBe(0);
    expect((await score(spec, [list(), list({ text: original }), note(g.id, g.fields), status(g.id, 'closed'), finish])).reward).toBe(1);
  });

  it('a listing is enough for facts the summary shows (severity), not for those in the body', async () => {
    const spec = { id: 'security-handoff', seed: 1 };
    const s = setupOf(spec);
    const g = s.gold.notes[0]!;
    expect((await score(spec, [list(), note(g.id, g.fields), finish])).reward).toBe(1);
    expect((await score(spec, [list({ tag: 'legal-hold' }), note(g.id, g.fields), finish])).reward).toBe(0);
  });

  it('queue-summary: every counted ticket must have been seen, whether by one list or by filtered ones', async () => {
    const spec = { id: 'queue-summary', seed: 1 };
    const g = setupOf(spec).gold.notes[0]!;
    const filtered = [list({ tag: 'tracking' }), list({ status: 'open' }), list({ status: 'waiting' }), list({ priority: 'urgent' })];
    expect((await score(spec, [...filtered, note(g.id, g.fields), finish])).reward).toBe(1);
    const partial = await score(spec, [list({ tag: 'tracking' }), list({ status: 'open' }), note(g.id, g.fields), finish]);
    expect(partial.reward).toBe(0);
    expect(layer(partial, 'credit').reasons[1]).toMatch(new RegExp(`^${g.id}: note written at step 3 before any result showed TQ-`));
  });

  it('resolve-confirmed: a status set without the confirmation read is not credited', async () => {
    const spec = { id: 'resolve-confirmed', seed: 1 };
    const x = setupOf(spec).gold.statuses[0]!;
    expect((await score(spec, [list(), status(x.id, 'resolved'), finish])).reward).toBe(0);
    expect((await score(spec, [list({ text: 'confirmed' }), status(x.id, 'resolved'), finish])).reward).toBe(1);
  });
});

describe('a write nobody asked for needs its deciding evidence too', () => {
  const spec = { id: 'resolve-confirmed', seed: 1 };
  const s = setupOf(spec);
  const target = s.gold.statuses[0]!.id;
  const waiting = s.board.filter((r) => r.status === 'waiting' && !r.tags.includes('legal-hold')).map((r) => r.id);
  const other = waiting.find((id) => id !== target)!;
  const resolveAll = waiting.map((id) => status(id, 'resolved'));

  it('"resolve every waiting ticket" after a search that found the confirmed one: the other was never shown (0.495 before)', async () => {
    const card = await score(spec, [list({ text: 'confirmed' }), ...resolveAll, finish]);
    expect(layer(card, 'credit')).toMatchObject({
      value: 0.25,
      reasons: [expect.any(String), expect.stringMatching(new RegExp(`^${other}: status set at step \\d+ before any result showed ${other}$`))],
    });
    expect(card.reward).toBeLessThanOrEqual(0.25);
    expect(card.verdict.caughtBy).toMatch(/^credited writes: /);
  });

  it('after a full listing, the other ticket was shown but its body (the confirmation) never read', async () => {
    const card = await score(spec, [list(), read(target), ...resolveAll, finish]);
    expect(layer(card, 'credit').reasons[1]).toBe(
      `${other}: status set at step ${3 + waiting.indexOf(other)} before ${other}'s body (the confirmation) was read`,
    );
    expect(card.reward).toBeLessThanOrEqual(0.25);
  });

  it('with both bodies read it is a decision against what the body says: an unexpected change, held to a quarter', async () => {
    const card = await score(spec, [list(), ...waiting.map(read), ...resolveAll, finish]);
    expect(layer(card, 'credit').value).toBe(1);
    expect(layer(card, 'end-state').value).toBe(0.25 * (1 / 2));
    expect(card.verdict.caughtBy).toBe(`end state: ${other} status waiting → resolved (the task leaves it as it was)`);
    expect(card.reward).toBeLessThanOrEqual(0.25);
  });

  it('a blind write undone after reading stays blind, and the undone write is still a change', async () => {
    const card = await score(spec, [list(), ...resolveAll, ...waiting.map(read), status(other, 'waiting'), finish]);
    expect(layer(card, 'end-state').value).toBe(0.25 * (1 / 2));
    expect(layer(card, 'credit').value).toBe(0);
    expect(card.reward).toBe(0);
  });

  it('read first, every waiting ticket resolved, the unconfirmed one set back: a change that stayed, ≤ 0.25 (0.90 as two corrections before)', async () => {
    const card = await score(spec, [list(), ...waiting.map(read), ...resolveAll, status(other, 'waiting'), finish]);
    expect(layer(card, 'credit').value).toBe(1);
    expect(layer(card, 'end-state').value).toBe(0.25 * (1 / 2));
    expect(card.verdict.caughtBy).toBe(
      `end state: ${other} status waiting → resolved → waiting: set and set back (the task leaves it as it was; a change undone is still a change)`,
    );
    expect(card.reward).toBeLessThanOrEqual(0.25);
  });
});

/** `unseen` as it was first written: a pass over every result per write (quadratic over a long run's scorecards). */
function unseenByScan(ev: Evidence, step: number, observed: readonly Observation[]): string | null {
  const before = observed.filter((o) => o.step < step);
  const missing = ev.listed.filter((id) => !before.some((o) => o.ids.includes(id)));
  if (missing.length > 0)
    return `any result showed ${missing.length <= 3 ? missing.join(', ') : `${missing.slice(0, 3).join(', ')} and ${missing.length - 3} more`}`;
  const b = ev.body;
  if (b && !before.some((o) => o.ids.includes(b.id) && (o.via === 'read' || (o.text !== null && searchShows(o.text, b.clue)))))
    return `${b.id}'s body (the ${b.fact}) was read`;
  return null;
}
const blindByScan = (gold: Gold, writes: readonly WriteEntry[], observed: readonly Observation[]): BlindWrite[] =>
  writes.flatMap((write) => {
    const gap = unseenByScan(evidenceFor(gold, write.id, write.field), write.step, observed);
    return gap ? [{ write, gap }] : [];
  });

describe('long runs: each fact found once per scorecard, the verdicts as a pass per write gave them', () => {
  /** A fixed pseudo-random walk over the five tools: reads, searches, notes, statuses and errors (unknown ids). */
  function walk(seed: number, n: number, ids: readonly string[], clues: readonly string[]): ToolCall[] {
    let x = seed;
    const next = (k: number) => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) >>> 8) % k;
    const id = () => (next(8) === 0 ? 'TQ-1' : ids[next(ids.length)]!);
    return Array.from({ length: n }, (): ToolCall => {
      switch (next(6)) {
        case 0:
          return list(next(2) ? { text: clues[next(clues.length)]! } : undefined);
        case 1:
        case 2:
          return read(id());
        case 3:
          return note(id(), { type: 'x', vendor: clues[next(clues.length)]! });
        case 4:
          return status(id(), ['open', 'waiting', 'closed', 'bogus'][next(4)]!);
        default:
          return list({ status: 'open' });
      }
    });
  }

  it('blind writes and recovery on 400-call walks over every task, and at every prefix of one', async () => {
    let compared = 0;
    for (const def of TASK_DEFS) {
      for (const seed of [1, 2]) {
        const spec = { id: def.id, seed, max_turns: 1000 };
        const setup = setupOf(spec);
        const ids = setup.board.map((r) => r.id);
        const clues = [...setup.gold.notes.flatMap((g) => [g.evidence.body?.clue ?? '']), 'customer', 'TQ-'].filter((c) => c !== '');
        const t = ticketQueueWorld.makeTask(spec);
        if (!t.ok) throw new Error(t.error);
        const trace = await runEpisode(ticketQueueWorld, t.value, scriptedAgent('walk', walk(seed * 7 + def.id.length, 400, ids, clues)));
        const episode = await ticketQueueWorld.open(t.value);
        // The state after each prefix, every 25 steps: the scorecards a trace view computes.
        for (const [k, step] of trace.steps.entries()) {
          await episode.call(step.call);
          if (k % 25 !== 24 && k !== trace.steps.length - 1) continue;
          const state = (await episode.snapshot()) as TicketQueueState;
          expect(blindWrites(setup.gold, state.writes, state.observed)).toEqual(blindByScan(setup.gold, state.writes, state.observed));
          compared++;
        }
        await episode.close();
        const errors = trace.steps.filter((s) => !s.result.ok);
        expect(errors.length).toBeGreaterThan(10);
        const unrecovered = errors.filter((e) => !trace.steps.some((s) => s.index > e.index && s.result.ok)).length;
        const recovery = layer(trace.scorecard!, 'recovery');
        expect(recovery.value).toBeCloseTo((errors.length - unrecovered) / errors.length, 5);
        expect(recovery.reasons[0]).toBe(`${errors.length} errors hit, ${errors.length - unrecovered} recovered from (a later call succeeded)`);
      }
    }
    expect(compared).toBeGreaterThan(150);
  });
});

describe('a count is observed only when every ticket it counts was shown as a set', () => {
  const spec = { id: 'queue-summary', seed: 6 };
  const q = setupOf(spec);
  const g = q.gold.notes[0]!;
  const counted = g.evidence.listed.filter((id) => id !== g.id);
  const write = note(g.id, g.fields);

  it.each([
    ['one full listing', [list()]],
    ['a list filtered by each counted set', [list({ tag: 'tracking' }), list({ status: 'open' }), list({ status: 'waiting' }), list({ priority: 'urgent' })]],
    [
      'a list of every status, then the urgent ones',
      [...['open', 'in_progress', 'waiting', 'resolved', 'closed'].map((x) => list({ status: x })), list({ priority: 'urgent' })],
    ],
    // Five lists that partition the board by status show every ticket, so every urgent one too (0 before).
    ['a list of every status, and nothing else', ['open', 'in_progress', 'waiting', 'resolved', 'closed'].map((x) => list({ status: x }))],
    ['a list of every priority, and nothing else', ['low', 'medium', 'high', 'urgent'].map((x) => list({ priority: x }))],
    [
      'lists of open and waiting, then urgent by status cell by cell, in other spellings',
      [
        list({ status: 'Open' }),
        list({ status: 'WAITING' }),
        ...['in progress', 'resolved', 'closed'].map((x) => list({ status: x, priority: 'Urgent' })),
        list({ text: ' ', status: 'open' }),
        list({ tag: 'tracking' }),
      ],
    ],
  ] as const)('%s: credited, 1.00', async (_what, lists) => {
    const card = await score(spec, [...lists, write, finish]);
    expect(layer(card, 'credit').value).toBe(1);
    expect(card.reward).toBe(1);
  });

  it.each([
    ['the tracking ticket and every counted ticket read one by one (leaked ids)', [read(g.id), ...counted.map(read)]],
    ['the open list, the rest read one by one', [list({ status: 'open' }), list({ tag: 'tracking' }), ...counted.map(read)]],
    ['lists by tag only', [list({ tag: 'tracking' }), ...counted.map(read), list({ tag: 'vendor-outage' })]],
    // Every status but closed: the closed urgent ticket (on every board) was never shown, so "urgent" is not whole.
    [
      'a list of every status but closed, every ticket read',
      [...['open', 'in_progress', 'waiting', 'resolved'].map((x) => list({ status: x })), ...q.board.map((r) => read(r.id))],
    ],
    // Every assignee the board has, and the unassigned: nothing bounds the assignees, so no list of them is a partition.
    [
      'a list of every assignee and of the unassigned',
      [
        list({ assignee: null }),
        ...[...new Set(q.board.flatMap((r) => (r.assignee ? [r.assignee] : [])))].map((a) => list({ assignee: a })),
        list({ tag: 'tracking' }),
      ],
    ],
    ['every status filtered by a text every ticket holds', ['open', 'in_progress', 'waiting', 'resolved', 'closed'].map((x) => list({ status: x, text: 'e' }))],
  ] as const)('%s: not credited, 0', async (_what, reads) => {
    const card = await score(spec, [...reads, write, finish]);
    expect(layer(card, 'credit').reasons[1]).toMatch(/every ticket with .* was shown \(lists whose filters together take in every such ticket\)/);
    expect(card.reward).toBe(0);
  });

  it('on every seed 1–25, reads of the counted tickets alone earn nothing', async () => {
    for (let seed = 1; seed <= 25; seed++) {
      const s = setupOf({ id: 'queue-summary', seed });
      const n = s.gold.notes[0]!;
      const card = await score({ id: 'queue-summary', seed }, [...n.evidence.listed.map(read), note(n.id, n.fields), finish]);
      expect([seed, card.reward]).toEqual([seed, 0]);
    }
  });
});

describe("a note's extra values are facts: each one the session showed (for its ticket)", () => {
  const looked = [list(), ...v.gold.notes.map((n) => read(n.id))];
  const own = (id: string) => v.board.find((r) => r.id === id)!;
  const customerOf = (id: string) => /^Customer: ([^.]+)\./.exec(own(id).body)![1]!;
  const withExtra = (extra: (id: string) => JsonObject) =>
    score(VENDOR, [...looked, ...v.gold.notes.flatMap((n) => [note(n.id, { ...n.fields, ...extra(n.id) }), status(n.id, 'waiting')]), finish]);

  it('true extras as shown — the ticket’s customer, title, tags, assignee, priority, an id listed, a date — are free: 1.00', async () => {
    const card = await withExtra((id) => ({
      customer: customerOf(id),
      title: own(id).title,
      tags: own(id).tags,
      owner: own(id).assignee ?? 'nobody',
      priority: own(id).priority,
      related: v.gold.notes.find((n) => n.id !== id)!.id,
      as_of: '2026-12-03T10:00:00Z',
      comment: `Checked ${id}; waiting on the vendor.`,
    }));
    expect(layer(card, 'credit').reasons).toEqual([]);
    expect(card.reward).toBe(1);
  });

  it.each([
    ['a customer not the ticket’s', (id: string) => ({ customer: CUSTOMERS.find((c) => c !== customerOf(id))! })],
    ['a ticket id that does not exist', () => ({ related: 'TQ-999' })],
    ['a made-up incident number', () => ({ vendor_incident: 'NR-4471' })],
    ['a made-up IP address', () => ({ source: '203.0.113.7' })],
    ['a status the ticket never had', () => ({ status_after: 'resolved' })],
    ['a number its record never showed', () => ({ affected_users: 4711 })],
  ] as const)('%s: not observed, 0 (1.00 PASS before)', async (_what, extra) => {
    const card = await withExtra(extra);
    expect(card.verdict.caughtBy).toMatch(/^credited writes: TQ-\d+: note written at step \d+ before the session showed /);
    expect(card.reward).toBe(0);
  });

  it('the customer read on another ticket is still not this ticket’s', async () => {
    const [a, b] = v.gold.notes.filter((n, i, all) => all.findIndex((m) => customerOf(m.id) === customerOf(n.id)) === i);
    if (!a || !b) return;
    const card = await score(VENDOR, [
      ...looked,
      note(a.id, { ...a.fields, customer: customerOf(b.id) }),
      ...v.gold.notes.filter((n) => n !== a).map((n) => note(n.id, n.fields)),
      ...v.gold.notes.map((n) => status(n.id, 'waiting')),
      finish,
    ]);
    expect(layer(card, 'credit').value).toBeLessThanOrEqual(0.25);
  });
});
