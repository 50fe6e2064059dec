import { describe, expect, it } from 'vitest';
import { scriptedAgent } from '../../core/agent';
import { runEpisode } from '../../core/episode';
import type { JsonObject } from '../../core/json';
import type { Scorecard, ToolCall } from '../../core/types';
import { searchShows } from './credit';
import { ticketQueueWorld } from './index';
import { setupOf } from './spec';

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

describe('credited writes: the deciding facts seen before the write', () => {
  it('a note written before its body was read is not credited, though the final state holds it', async () => {
    const card = await score(VENDOR, [list(), ...writesOf(t1!.id), read(t1!.id), ...rest, finish]);
    expect(layer(card, 'recall').value).toBe(1);
    expect(card.naive).toBe(1);
    expect(layer(card, 'credit')).toMatchObject({
      value: expect.closeTo(4 / 6, 5),
      reasons: ['2 of 6 landed required writes not earned', `${t1!.id}: note written at step 2 before ${t1!.id}'s body (the vendor) was read`],
    });
    expect(card.reward).toBeCloseTo(4 / 6, 5);
    expect(card.verdict).toMatchObject({ naive: 'PASS', full: 'FAIL', caughtBy: `credited writes: ${t1!.id}: note written at step 2 before ${t1!.id}'s body (the vendor) was read` });
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
    expect(layer(vague, 'credit').value).toBeCloseTo(4 / 6, 5);
  });

  it('searchShows: the clue, or at least half of it, not a fragment', () => {
    expect(searchShows('Duplicate of TQ-301', 'TQ-301')).toBe(true);
    expect(searchShows('nimbus', 'Nimbus Relay')).toBe(true);
    expect(searchShows(' Confirmed ', 'confirmed the fix')).toBe(true);
    expect(searchShows('the', 'confirmed the fix')).toBe(false);
    expect(searchShows('Relay', 'Nimbus Relay')).toBe(false);
    expect(searchShows('', 'Nimbus Relay')).toBe(false);
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

describe('credited writes: one answer per record, the whole record', () => {
  const readAll = [list(), read(t1!.id)];

  it('contradictory notes on a record earn none of its writes, its status included', async () => {
    const other = { ...t1!.fields, vendor: 'Somebody Else' };
    const card = await score(VENDOR, [...readAll, note(t1!.id, other), ...writesOf(t1!.id), ...rest, finish]);
    expect(layer(card, 'recall').value).toBe(1);
    expect(layer(card, 'credit').value).toBeCloseTo(4 / 6, 5);
    expect(layer(card, 'credit').reasons[1]).toBe(`${t1!.id}: contradictory notes (vendor: somebody else / ${String(t1!.fields.vendor).toLowerCase()})`);
  });

  it('the same note twice is no hedge: it costs precision only', async () => {
    const card = await score(VENDOR, [...readAll, ...writesOf(t1!.id), note(t1!.id, t1!.fields), ...rest, finish]);
    expect(layer(card, 'credit').value).toBe(1);
    expect(layer(card, 'precision').value).toBeCloseTo(6 / 7, 5);
  });

  it('a status set two ways is a hedge even when the last one is right', async () => {
    const card = await score(VENDOR, [...readAll, note(t1!.id, t1!.fields), status(t1!.id, 'closed'), status(t1!.id, 'waiting'), ...rest, finish]);
    expect(layer(card, 'credit').reasons[1]).toBe(`${t1!.id}: status set 2 ways (closed, waiting)`);
  });

  it('a right status beside a wrong note is a half-handled ticket and earns nothing', async () => {
    const card = await score(VENDOR, [...readAll, note(t1!.id, { ...t1!.fields, vendor: 'Somebody Else' }), status(t1!.id, 'waiting'), ...rest, finish]);
    expect(layer(card, 'recall').value).toBeCloseTo(5 / 6, 5);
    expect(layer(card, 'credit')).toMatchObject({ value: expect.closeTo(4 / 5, 5) });
    expect(layer(card, 'credit').reasons[1]).toBe(`${t1!.id}: the status landed but the note did not: a half-handled ticket earns nothing`);
  });

  it('a record left undone is recall\'s to count, not credit\'s', async () => {
    const card = await score(VENDOR, [...readAll, ...rest, finish]);
    expect(layer(card, 'credit').value).toBe(1);
    expect(layer(card, 'recall').value).toBeCloseTo(4 / 6, 5);
    expect(card.reward).toBeCloseTo(4 / 6, 5);
  });
});
