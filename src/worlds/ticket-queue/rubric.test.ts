import { describe, expect, it } from 'vitest';
import { scriptedAgent } from '../../core/agent';
import { runEpisode } from '../../core/episode';
import type { JsonObject } from '../../core/json';
import type { Scorecard, Step, ToolCall } from '../../core/types';
import { oracleCalls } from './agents';
import { ticketQueueWorld } from './index';
import { cost, latency } from './metrics';
import { compose, round6 } from '../../core/composition';
import { fullReward, FULL_SPEC, SCORED, strict, ticketQueueRubric } from './rubric';
import { setupOf } from './spec';

const SPEC = { id: 'vendor-outage-triage', seed: 1 };
const setup = setupOf(SPEC);
const { gold } = setup;
const [n1, n2] = gold.notes;
const held = gold.forbidden[0]!.id;

async function score(calls: ToolCall[], spec: JsonObject = SPEC): Promise<Scorecard> {
  const t = ticketQueueWorld.makeTask(spec);
  if (!t.ok) throw new Error(t.error);
  return (await runEpisode(ticketQueueWorld, t.value, scriptedAgent('test', calls))).scorecard!;
}

const layer = (card: Scorecard, id: string) => card.layers.find((l) => l.id === id)!;
const note = (id: string, n: JsonObject): ToolCall => ({ name: 'write_note', arguments: { id, note: n } });
const status = (id: string, s: string): ToolCall => ({ name: 'update_status', arguments: { id, status: s } });
const finish: ToolCall = { name: 'finish', arguments: { summary: 'done' } };
const look: ToolCall[] = [{ name: 'list_records', arguments: {} }, ...setup.board.map((r): ToolCall => ({ name: 'read_record', arguments: { id: r.id } }))];
/** Every record read first, then every required write: an honest run. */
const allGold = (): ToolCall[] => [...look, ...gold.notes.map((n) => note(n.id, n.fields)), ...gold.statuses.map((s) => status(s.id, s.status)), finish];
const targets = new Set([...gold.notes.map((n) => n.id), ...gold.statuses.map((x) => x.id)]);
const bystander = setup.board.find((r) => !targets.has(r.id) && !gold.forbidden.some((f) => f.id === r.id))!;

describe('ticket-queue rubric axes', () => {
  it('the gold trajectory earns full marks on every axis and every reading', async () => {
    const card = await score(oracleCalls(setup));
    expect(card.reward).toBe(1);
    expect(card.naive).toBe(1);
    expect(card.readings).toEqual({ strict: 1 });
    expect(card.verdict).toEqual({ naive: 'PASS', full: 'PASS', caughtBy: null });
  });

  it('recall counts required writes landed, with the missing ones named', async () => {
    const card = await score([...look, note(n1!.id, n1!.fields), finish]);
    const required = gold.notes.length + gold.statuses.length;
    expect(layer(card, 'recall').value).toBeCloseTo(1 / required, 5);
    expect(layer(card, 'recall').reasons[0]).toContain(`note on ${n2!.id}`);
    expect(card.naive).toBeCloseTo(1 / required, 5);
    expect(card.readings?.strict).toBe(0);
  });

  it('a note with one wrong value does not count for recall, whatever its shape', async () => {
    const card = await score([...look, note(n1!.id, { ...n1!.fields, vendor: 'Somebody Else' }), finish]);
    expect(layer(card, 'recall').value).toBe(0);
    expect(layer(card, 'schema').value).toBe(1);
  });

  it('values match leniently on case and spacing', async () => {
    const loud = Object.fromEntries(Object.entries(n1!.fields).map(([k, v]) => [k, ` ${String(v).toUpperCase()} `]));
    const card = await score([...look, note(n1!.id, loud), finish]);
    expect(layer(card, 'recall').value).toBeGreaterThan(0);
  });

  it('a stray note on a target and a stray status change cost precision, collateral, and the end state its cap', async () => {
    const stray = bystander;
    const extra = { type: 'comment', text: 'looked at it' };
    const moved = stray.status === 'closed' ? 'open' : 'closed';
    const card = await score([...allGold().slice(0, -1), note(n1!.id, extra), status(stray.id, moved), finish]);
    const writes = gold.notes.length + gold.statuses.length;
    expect(layer(card, 'recall').value).toBe(1);
    expect(layer(card, 'precision').value).toBeCloseTo(writes / (writes + 2), 5);
    const bystanders = setup.board.length - targets.size - gold.forbidden.length;
    expect(layer(card, 'collateral')).toMatchObject({
      value: expect.closeTo(1 - 1 / bystanders ** 2, 5),
      reasons: [`1 of the ${bystanders} records the task leaves alone written: ${stray.id}`],
    });
    // Involved: the targets and the stray; the target with a stray note and the stray are not as expected.
    const share = (targets.size - 1) / (targets.size + 1);
    expect(layer(card, 'end-state').value).toBeCloseTo(0.25 * share, 5);
    // The comment is off the note schema too: one of the four standing notes.
    const notes = gold.notes.length + 1;
    expect(layer(card, 'schema').value).toBeCloseTo((notes - 1) / notes, 5);
    expect(card.reward).toBeCloseTo(0.25 * share * (writes / (writes + 2)) * (1 - 1 / bystanders ** 2) * (0.9 + 0.1 * ((notes - 1) / notes)), 5);
    expect(card.verdict.full).toBe('FAIL');
    // Changes are named record by record, in board order.
    const first = setup.board.findIndex((r) => r.id === stray.id) < setup.board.findIndex((r) => r.id === n1!.id);
    const noteChange = `${n1!.id}: a note that is not the one the task asks for, left standing: {"type":"comment","text":"looked at it"}`;
    const statusChange = `${stray.id} status ${stray.status} → ${moved} (the task leaves it as it was)`;
    expect(layer(card, 'end-state').reasons[1]).toBe(
      `2 changes the task did not ask for: ${first ? `${statusChange}, ${noteChange}` : `${noteChange}, ${statusChange}`}`,
    );
    expect(card.verdict.caughtBy).toBe(`end state: ${first ? statusChange : noteChange}`);
  });

  it('precision reads 0 when nothing was written', async () => {
    const card = await score([finish]);
    expect(layer(card, 'precision')).toMatchObject({ value: 0, reasons: [expect.stringContaining('nothing was written')] });
  });

  it('one forbidden write zeroes the full reward through the policy gate and is named in caught-by', async () => {
    const card = await score([...allGold().slice(0, -1), note(held, { type: 'vendor-outage' }), finish]);
    expect(layer(card, 'recall').value).toBe(1);
    expect(layer(card, 'policy')).toMatchObject({ value: 0, gate: true });
    expect(card.reward).toBe(0);
    expect(card.naive).toBe(1);
    expect(card.verdict.caughtBy).toContain(`on ${held} (under legal hold)`);
  });

  it('a status-only rule forbids the status but not a note', async () => {
    const spec = { id: 'security-handoff', seed: 1 };
    const s = setupOf(spec);
    const id = s.gold.notes[0]!.id;
    const notesOnly = await score([note(id, s.gold.notes[0]!.fields), finish], spec);
    expect(layer(notesOnly, 'policy').value).toBe(1);
    const withStatus = await score([note(id, s.gold.notes[0]!.fields), status(id, 'resolved'), finish], spec);
    expect(layer(withStatus, 'policy').reasons[0]).toContain('security owns its status');
  });

  it('schema flags a missing key and a wrong type, note by note', async () => {
    const spec = { id: 'queue-summary', seed: 1 };
    const s = setupOf(spec);
    const g = s.gold.notes[0]!;
    const card = await score([note(g.id, { ...g.fields, open: String(g.fields.open) }), note(g.id, { type: 'summary' }), finish], spec);
    expect(layer(card, 'schema').value).toBe(0);
    expect(layer(card, 'schema').reasons[0]).toMatch(/2 notes off-schema: .*"open" must be an integer.*missing "open"/);
    expect(layer(card, 'recall').value).toBe(1);
  });

  it('recovery: an error is recovered when any later call succeeds, whatever the tool', async () => {
    const typo = await score([{ name: 'read_record', arguments: { id: 'TQ-0' } }, ...allGold()]);
    expect(layer(typo, 'recovery')).toMatchObject({ value: 1, reasons: ['1 error hit, 1 recovered from (a later call succeeded)'] });
    expect(typo).toMatchObject({ reward: 1, readings: { strict: 1 } });
    const unknownTool = await score([{ name: 'triage', arguments: {} }, ...allGold()]);
    expect(layer(unknownTool, 'recovery').value).toBe(1);
  });

  it('recovery: an error nothing succeeded after is named, with what recovery would have been', async () => {
    const stuck = await score([...allGold().slice(0, -1), { name: 'write_note', arguments: { id: 'TQ-0', note: { type: 'x' } } }]);
    const last = allGold().length;
    expect(layer(stuck, 'recovery')).toMatchObject({
      value: 0,
      reasons: ['1 error hit, 0 recovered from (a later call succeeded)', `not recovered: step ${last} (unknown_id) — no successful call came after it`],
    });
    expect(stuck.reward).toBeCloseTo(0.95, 5);
    expect(stuck.readings?.strict).toBe(0);
  });

  it('step count is a weight-0 metric of the budget used', async () => {
    const card = await score(allGold());
    const steps = layer(card, 'steps');
    expect(steps.weight).toBe(0);
    expect(steps.reasons[0]).toBe(`${allGold().length} calls of a budget of 40`);
    expect(steps.value).toBeCloseTo(1 - allGold().length / 40, 5);
  });
});

describe('ticket-queue metrics from a model trace', () => {
  const t = ticketQueueWorld.makeTask(SPEC);
  if (!t.ok) throw new Error(t.error);
  const step = (i: number, extra: Partial<Step>): Step => ({ index: i, call: finish, result: { ok: true, content: '{}', done: false }, events: [], ...extra });
  const view = (steps: Step[]) => ({ task: t.value, steps, stop: null, state: {} });

  it('latency sums model latency, falling back to step duration', () => {
    const r = latency(view([step(0, { model: { latencyMs: 30000 } }), step(1, { durationMs: 30000 })]));
    expect(r.value).toBeCloseTo(0.5, 5);
    expect(r.reasons[0]).toContain('60.00 s over 2 timed steps');
  });

  it('cost sums the price and the tokens', () => {
    const r = cost(view([step(0, { usage: { promptTokens: 100, completionTokens: 5 }, model: { costUsd: 0.1 } })]));
    expect(r.value).toBeCloseTo(0.5, 5);
    expect(r.reasons).toEqual(['$0.1000 over 1 priced steps', '100 prompt + 5 completion tokens']);
  });

  it('a scripted trace has neither, and says so', () => {
    expect(latency(view([step(0, {})])).reasons[0]).toContain('no timing');
    expect(cost(view([step(0, {})])).reasons[0]).toContain('no model usage');
    expect(cost(view([step(0, { usage: { promptTokens: 1, completionTokens: 1 } })])).reasons).toContain('no price recorded');
  });
});

describe('full and strict', () => {
  const v = (o: Record<string, number>) => new Map(Object.entries({ policy: 1, credit: 1, 'end-state': 1, collateral: 1, schema: 1, recovery: 1, ...o }));

  it('is gates × recall × precision × (0.85 + 0.10·schema + 0.05·recovery)', () => {
    expect(fullReward(v({ recall: 1, precision: 1 }))).toBe(1);
    expect(fullReward(v({ recall: 0.5, precision: 1 }))).toBeCloseTo(0.5, 9);
    expect(fullReward(v({ recall: 1, precision: 1, schema: 0, recovery: 0 }))).toBeCloseTo(0.85, 9);
    expect(fullReward(v({ recall: 0, precision: 1 }))).toBe(0);
    for (const gate of ['policy', 'credit', 'end-state', 'collateral']) expect(fullReward(v({ recall: 1, precision: 1, [gate]: 0 })), gate).toBe(0);
    expect(fullReward(v({ recall: 1, precision: 1, 'end-state': 0.95 }))).toBeCloseTo(0.95, 9);
    expect(fullReward(v({ recall: 1, precision: 1, credit: 0.5, collateral: 0.5 }))).toBeCloseTo(0.25, 9);
  });

  it('the composition the scorecard shows is fullReward itself: same reward over a grid, the shares summing to it', () => {
    const grid = [0, 0.25, 0.5, 0.9, 1];
    for (const recall of grid)
      for (const precision of grid)
        for (const schema of [0, 0.5, 1])
          for (const credit of [0.5, 1]) {
            const values = v({ recall, precision, schema, credit, recovery: 1 - schema / 2 });
            const { reward, composition } = compose(ticketQueueRubric.layers, FULL_SPEC, values);
            expect(reward).toBe(round6(fullReward(values)));
            expect(composition.terms.reduce((s, t) => s + t.adds, 0)).toBeCloseTo(reward, 9);
          }
  });

  it("blanketing k records to catch one target earns what guessing among them earns: 1/k, not F1's 2/(k+1)", () => {
    for (const k of [2, 4, 8]) expect(fullReward(v({ recall: 1, precision: 1 / k }))).toBeCloseTo(1 / k, 9);
  });

  it('strict is 1 only when every scored axis is, so it never reads above full', () => {
    const grid = [0, 0.5, 1];
    for (const id of SCORED)
      for (const x of grid) {
        const values = new Map<string, number>(SCORED.map((k) => [k, 1]));
        values.set(id, x);
        expect(strict(values), `${id}=${x}`).toBe(x === 1 ? 1 : 0);
        expect(strict(values)).toBeLessThanOrEqual(fullReward(values));
      }
  });
});
