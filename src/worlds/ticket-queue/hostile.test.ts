import { describe, expect, it } from 'vitest';
import { scriptedAgent } from '../../core/agent';
import { runEpisode } from '../../core/episode';
import type { Json, JsonObject } from '../../core/json';
import type { Trace, ToolCall } from '../../core/types';
import { list, note, read, status, finish, targetsOf } from './calls';
import { ticketQueueWorld } from './index';
import { countOf, MAX_NOTE_DEPTH, sameValue } from './noteValues';
import { setupOf } from './spec';
import { cpuMs, cpuMsAsync } from '../../core/testing/cpuTime';

/**
 * Every reader of agent text in this world is bounded: note JSON strings, ids, filters, note
 * values. Hostile inputs of 20,000 characters (the answerChars budget) — nesting, repetition,
 * huge numbers, Unicode digits, number words — must leave a session that answers and a scorecard
 * produced, quickly. A recursive walk overflows the stack on nesting; a reader that rescans the
 * text before each number is quadratic on repetition.
 */
const N = 20_000;
const nested = (open: string, close: string, depth: number) => open.repeat(depth) + close.repeat(depth);
const deepObject = (depth: number): Json => {
  let v: Json = 1;
  for (let i = 0; i < depth; i++) v = i % 2 === 0 ? { a: v } : [v];
  return v;
};

const SUMMARY = { id: 'queue-summary', seed: 6 };
const VENDOR = { id: 'vendor-outage-triage', seed: 1 };

/** Values a hostile agent writes where text is read: each 20,000 characters or more, or nested past any stack. */
const TEXTS: [string, string][] = [
  ['nested brackets', nested('[', ']', N / 2)],
  ['nested braces', nested('{"a":', '}', N / 5)],
  ['mixed nesting, unclosed', '[{'.repeat(N / 2)],
  ['a repeated word', 'open '.repeat(N / 5)],
  ['repeated numbers', '4 '.repeat(N / 2)],
  ['a hedge repeated', '4 or 5 open, '.repeat(N / 13)],
  ['number words', 'five or six waiting '.repeat(N / 20)],
  ['one huge number', '9'.repeat(N)],
  ['full-width and Arabic-Indic digits', '５٥'.repeat(N / 2)],
  ['identifiers', Array.from({ length: N / 8 }, (_, i) => `NR-${i}`).join(' ')],
  ['dotted numbers', '1.'.repeat(N / 2)],
  ['names', 'Nimbus Relay Marigold Bakery '.repeat(N / 28)],
];

async function play(spec: JsonObject, calls: ToolCall[]): Promise<{ trace: Trace; ms: number }> {
  const t = ticketQueueWorld.makeTask(spec);
  if (!t.ok) throw new Error(t.error);
  const { ms, value: trace } = await cpuMsAsync(() => runEpisode(ticketQueueWorld, t.value, scriptedAgent('hostile', calls)));
  return { trace, ms };
}

/** Each run must finish with a scorecard in well under a second (each took ~10 ms when written; the quadratic readers took seconds). */
const BUDGET_MS = 1_000;

describe('hostile agent text: the session answers and the rubric scores, within budget', () => {
  const s = setupOf(SUMMARY);
  const g = s.gold.notes[0]!;

  it.each(TEXTS)('%s, in every place a note value is read', async (_what, text) => {
    const { trace, ms } = await play(SUMMARY, [
      list(),
      note(g.id, { ...g.fields, comment: text, [text.slice(0, 1000)]: text, list: [text, { deeper: text }] }),
      { name: 'write_note', arguments: { id: g.id, note: text } },
      note(g.id, { type: 'summary', open: text, waiting: text, urgent: text }),
      finish(text),
    ]);
    expect(trace.scorecard).toBeDefined();
    expect(trace.steps).toHaveLength(5);
    expect(() => JSON.stringify(trace)).not.toThrow();
    expect(ms).toBeLessThan(BUDGET_MS);
  });

  it.each(TEXTS)('%s, as an id, a filter, a status and a per-ticket note', async (_what, text) => {
    const v = setupOf(VENDOR);
    const t = v.gold.notes[0]!;
    const { trace, ms } = await play(VENDOR, [
      list({ text }),
      list({ status: text, priority: text, tag: text, assignee: text }),
      read(text),
      { name: 'read_record', arguments: { id: Number(text.replace(/\D/g, '').slice(0, 400) || '0') } },
      ...targetsOf(v).map(read),
      note(t.id, { ...t.fields, comment: text, customer: text, reference: text }),
      { name: 'update_status', arguments: { id: t.id, status: text } },
      status(t.id, 'waiting'),
      finish('done'),
    ]);
    expect(trace.scorecard).toBeDefined();
    expect(() => JSON.stringify(trace)).not.toThrow();
    expect(ms).toBeLessThan(BUDGET_MS);
  });

  it(`a note nested deeper than ${MAX_NOTE_DEPTH} levels is refused, as a string or as an object; one at the limit is written`, async () => {
    const deepText = `{"type":"summary","x":${nested('{"a":', '}', N / 5).replace(/\{"a":\}/, '1')}}`;
    const { trace } = await play(SUMMARY, [
      list(),
      { name: 'write_note', arguments: { id: g.id, note: deepText } },
      note(g.id, { type: 'summary', x: deepObject(MAX_NOTE_DEPTH + 10) }),
      note(g.id, { type: 'summary', x: deepObject(MAX_NOTE_DEPTH - 2) }),
      finish('done'),
    ]);
    expect(trace.steps.map((st) => st.result.ok)).toEqual([true, false, false, true, true]);
    expect(trace.steps[2]!.result.content).toContain(`note nests deeper than ${MAX_NOTE_DEPTH} levels`);
    expect(trace.scorecard).toBeDefined();
  });

  it('arguments nested past any stack (10,000 levels, as an object) leave the session and the rubric standing', async () => {
    const deep = deepObject(10_000);
    const { trace, ms } = await play(SUMMARY, [
      list({ text: deep, status: deep } as JsonObject),
      note(g.id, { type: 'summary', x: deep }),
      { name: 'update_status', arguments: { id: g.id, status: deep } },
      { name: 'read_record', arguments: { id: deep } },
      finish(deep as never),
    ]);
    expect(trace.scorecard).toBeDefined();
    expect(trace.steps.map((st) => st.result.ok)).toEqual([false, false, false, false, true]);
    expect(ms).toBeLessThan(BUDGET_MS);
  });
});

describe('the value readers on hostile strings', () => {
  it('read 20,000 characters in linear time and never as a count', () => {
    const { ms } = cpuMs(() => {
      for (const [, text] of TEXTS) {
        expect(countOf(text, 'open')).toBeNull();
        expect(sameValue(text, 5, 'open')).toBe(false);
        expect(sameValue(text, 'TQ-301')).toBe(false);
      }
    });
    expect(ms).toBeLessThan(BUDGET_MS);
  });
});
