import { describe, expect, it } from 'vitest';
import { scriptedAgent } from '../../core/agent';
import { runEpisode } from '../../core/episode';
import type { JsonObject } from '../../core/json';
import type { Scorecard, ToolCall } from '../../core/types';
import { finish, list, note, read, status } from './calls';
import { ticketQueueWorld } from './index';
import { unshownValues } from './noteFacts';
import { countOf, fold, sameValue } from './noteValues';
import { setupOf } from './spec';
import type { TicketQueueState } from './state';

async function score(spec: JsonObject, calls: ToolCall[]): Promise<Scorecard> {
  const t = ticketQueueWorld.makeTask(spec);
  if (!t.ok) throw new Error(t.error);
  return (await runEpisode(ticketQueueWorld, t.value, scriptedAgent('test', calls))).scorecard!;
}
const layer = (card: Scorecard, id: string) => card.layers.find((l) => l.id === id)!;

describe('note values are read as a model spells them', () => {
  it.each([
    [5, 5],
    ['5', 5],
    ['５', 5],
    ['٥', 5],
    ['५', 5],
    ['𝟓', 5],
    ['five', 5],
    [' Five. ', 5],
    ['twenty-one', 21],
    ['twenty one', 21],
    ['5 tickets', 5],
    ['5 open', 5],
    ['open: 5', 5],
    ['none', 0],
    ['zero', 0],
    ['5.0', 5],
  ] as const)('%j under "open" reads as %i', (v, n) => {
    expect(countOf(v, 'open')).toBe(n);
    expect(sameValue(v, n, 'open')).toBe(true);
  });

  it.each(['4 or 5', 'about 5', '5 urgent', '5-6', '~5', 'five or six', '5.5', '-5', 'the one', '55 5', 'fiveteen'])('%j is not one count', (v) => {
    expect(countOf(v, 'open')).toBeNull();
  });

  it('text is folded (NFKC, case, spacing) and ticket ids read as the tools read them', () => {
    expect(sameValue('Ｎｉｍｂｕｓ  Ｒｅｌａｙ', 'Nimbus Relay')).toBe(true);
    expect(sameValue(301, 'TQ-301')).toBe(true);
    expect(sameValue('tq-301', 'TQ-301')).toBe(true);
    expect(sameValue(302, 'TQ-301')).toBe(false);
    expect(sameValue('301', 'TQ-301')).toBe(false);
    expect(fold(' A\u00a0\tB ')).toBe('a b');
    // The quotes and the full stop a model copies from "Customer: Marigold Bakery." are not the value.
    expect(sameValue('Marigold Bakery.', 'Marigold Bakery')).toBe(true);
    expect(sameValue('“Parcelwing”', 'Parcelwing')).toBe(true);
    expect(sameValue('Marigold Bakery Inc.', 'Marigold Bakery')).toBe(false);
  });
});

describe('the summary note with its counts spelled: recall reads the value, the schema still asks for integers', () => {
  const spec = { id: 'queue-summary', seed: 6 };
  const s = setupOf(spec);
  const g = s.gold.notes[0]!;
  const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
  const spelled = (f: (n: number) => string) => ({ type: 'summary', open: f(+g.fields.open!), waiting: f(+g.fields.waiting!), urgent: f(+g.fields.urgent!) });

  it.each([
    ['in words', (n: number) => words[n]!],
    ['in full-width digits', (n: number) => String.fromCharCode(0xff10 + n)],
    ['with the noun', (n: number) => `${n} tickets`],
  ])('%s: recall 1, the end state right, schema off (0.00 before)', async (_what, f) => {
    const card = await score(spec, [list(), note(g.id, spelled(f)), finish('done')]);
    expect(layer(card, 'recall').value).toBe(1);
    expect(layer(card, 'end-state').value).toBe(1);
    expect(layer(card, 'schema').value).toBe(0);
    expect(card.reward).toBeCloseTo(0.9, 9);
  });

  it('a spelled wrong count is still wrong, and a hedge in words or other digits is still a rival', async () => {
    const wrong = await score(spec, [
      list(),
      note(
        g.id,
        spelled((n) => words[n + 1]!),
      ),
      finish('done'),
    ]);
    expect(layer(wrong, 'recall').value).toBe(0);
    for (const comment of [`${words[+g.fields.open!]} or ${words[+g.fields.open! + 1]} open`, `${String.fromCharCode(0xff10 + +g.fields.open! + 1)} open`]) {
      const card = await score(spec, [list(), note(g.id, { ...g.fields, comment }), finish('done')]);
      expect([comment, card.verdict.caughtBy]).toEqual([comment, expect.stringMatching(/a rival beside the answer/)]);
      expect(card.reward).toBeLessThanOrEqual(0.25);
    }
  });

  it('the same count spelled twice is one value: a correction, not a flip-flop', async () => {
    const card = await score(spec, [
      list(),
      note(
        g.id,
        spelled((n) => words[n]!),
      ),
      note(g.id, g.fields),
      finish('done'),
    ]);
    expect(layer(card, 'end-state').value).toBeCloseTo(0.95, 9);
  });
});

describe("the agent's own note text is never shown: a value written and read back is still the agent's", () => {
  const spec = { id: 'vendor-outage-triage', seed: 1 };
  const s = setupOf(spec);
  const [a] = s.gold.notes;
  const bystander = s.board.find((r) => !s.gold.notes.some((n) => n.id === r.id) && !s.gold.forbidden.some((f) => f.id === r.id))!;

  it('reading a ticket returns its notes (so the rule has something to refuse)', async () => {
    const t = ticketQueueWorld.makeTask(spec);
    if (!t.ok) throw new Error(t.error);
    const trace = await runEpisode(ticketQueueWorld, t.value, scriptedAgent('t', [note(bystander.id, { ref: 'INC-48213' }), read(bystander.id)]));
    expect(trace.steps[1]!.result.content).toContain('INC-48213');
  });

  it('a made-up reference written on one ticket, read back, then put in a target’s note: not shown', () => {
    const written = { ...a!.fields, ref: 'INC-48213', customer: 'Orchid Freight', affected: 4711 };
    // The records as the session ends them: the target holds the notes it was given, which a read returns.
    const board = s.board.map((r) => ({ ...r, notes: r.id === a!.id ? [written, written] : [] }));
    const state: TicketQueueState = {
      records: board,
      initial_status: Object.fromEntries(board.map((r) => [r.id, r.status])),
      writes: [
        { step: 2, id: a!.id, field: 'notes', value: written },
        { step: 5, id: a!.id, field: 'notes', value: written },
      ],
      observed: [
        { step: 0, via: 'list', ids: board.map((r) => r.id), text: null, filter: {} },
        { step: 1, via: 'read', ids: [a!.id], text: null },
        // The read after the first note: the session returned the note, and logs what the world showed.
        { step: 3, via: 'read', ids: [a!.id], text: null },
        { step: 4, via: 'read', ids: [bystander.id], text: null },
      ],
      finished: null,
    };
    const blind = unshownValues(s.gold, state);
    expect(blind.map((b) => b.write.step)).toEqual([2, 5]);
    expect(blind[1]!.gap).toContain('"INC-48213"');
    expect(blind[1]!.gap).toContain(`4711 for ${a!.id}`);
  });

  it('in a run: the reference written on a bystander and read back does not credit the target’s note', async () => {
    const card = await score(spec, [
      list(),
      ...s.gold.notes.map((n) => read(n.id)),
      read(bystander.id),
      note(bystander.id, { type: 'scratch', ref: 'INC-48213' }),
      read(bystander.id),
      ...s.gold.notes.map((n) => note(n.id, { ...n.fields, ref: 'INC-48213' })),
      ...s.gold.statuses.map((x) => status(x.id, x.status)),
      finish('done'),
    ]);
    expect(layer(card, 'credit').value).toBe(0);
    expect(layer(card, 'credit').reasons.join('\n')).toContain('"INC-48213"');
  });
});
