import { describe, expect, it } from 'vitest';
import { runEpisode } from '../../core/episode';
import { canonicalJson } from '../../core/json';
import { verifyTrace } from '../../traces/replay';
import type { Task } from '../../core/types';
import { makeBoard } from './data';
import { ticketQueueWorld } from './index';
import { TASK_DEFS } from './tasks';
import { SENTINEL_FAMILIES } from '../../core/world';

const SEEDS = Array.from({ length: 25 }, (_, i) => i + 1);

function task(id: string, seed: number): Task {
  const t = ticketQueueWorld.makeTask({ id, seed });
  if (!t.ok) throw new Error(t.error);
  return t.value;
}

const agent = (id: string) => ticketQueueWorld.referenceAgents.find((a) => a.id === id)!;

describe('ticket-queue board and gold', () => {
  it.each(SEEDS)('seed %i: 8–15 records, unique ids, every task with targets and forbidden writes that never overlap', (seed) => {
    const board = makeBoard(seed);
    expect(board.length).toBeGreaterThanOrEqual(8);
    expect(board.length).toBeLessThanOrEqual(15);
    expect(new Set(board.map((r) => r.id)).size).toBe(board.length);
    for (const def of TASK_DEFS) {
      const gold = def.gold(board);
      expect(gold.notes.length + gold.statuses.length, def.id).toBeGreaterThan(0);
      expect(gold.forbidden.length, def.id).toBeGreaterThan(0);
      for (const n of gold.notes)
        expect(
          gold.forbidden.some((f) => f.id === n.id && f.field !== 'status'),
          `${def.id} ${n.id}`,
        ).toBe(false);
      for (const s of gold.statuses)
        expect(
          gold.forbidden.some((f) => f.id === s.id && f.field !== 'notes'),
          `${def.id} ${s.id}`,
        ).toBe(false);
      for (const s of gold.statuses) expect(board.find((r) => r.id === s.id)!.status, `${def.id} ${s.id}`).not.toBe(s.status);
      for (const n of gold.notes) for (const v of Object.values(n.fields)) expect(v, `${def.id} ${n.id}`).not.toBe('');
    }
  });

  it('different seeds give different boards', () => {
    expect(canonicalJson(makeBoard(1))).not.toBe(canonicalJson(makeBoard(2)));
  });
});

describe('ticket-queue tasks', () => {
  it('lists one task per definition, each with its own shape', () => {
    const tasks = ticketQueueWorld.listTasks();
    expect(tasks.map((t) => t.spec.id)).toEqual(TASK_DEFS.map((d) => d.id));
    expect(tasks.length).toBeGreaterThanOrEqual(6);
    expect(new Set(tasks.map((t) => t.seed)).size).toBe(tasks.length);
  });

  it('accepts {id}, {id, seed} and a matching world key', () => {
    const t = ticketQueueWorld.makeTask({ world: 'ticket-queue', id: 'close-duplicates' });
    expect(t.ok && t.value).toMatchObject({ id: 'ticket-queue/close-duplicates/seed-3', seed: 3, spec: { id: 'close-duplicates', seed: 3 } });
    expect(ticketQueueWorld.makeTask({ id: 'close-duplicates', seed: 9 })).toMatchObject({ ok: true, value: { seed: 9 } });
  });

  it.each([
    ['not an object', 'x', /JSON object/],
    ['no id', {}, /task.id must be one of/],
    ['an unknown id', { id: 'nope' }, /unknown ticket-queue task "nope"/],
    ['another world', { world: 'fault-api', id: 'close-duplicates' }, /task.world must be "ticket-queue"/],
    ['an unknown key', { id: 'close-duplicates', profile: 'hostile' }, /unknown ticket-queue task field "profile"/],
    ['a fractional seed', { id: 'close-duplicates', seed: 1.5 }, /task.seed must be an integer/],
    ['a negative seed', { id: 'close-duplicates', seed: -1 }, /task.seed must be an integer/],
  ])('rejects %s with one clear line', (_label, spec, message) => {
    const t = ticketQueueWorld.makeTask(spec);
    expect(t.ok).toBe(false);
    if (!t.ok) expect(t.error).toMatch(message);
  });
});

const sentinels = ticketQueueWorld.referenceAgents.filter((a) => a.role === 'sentinel');
const CEILING = ticketQueueWorld.sentinelCeiling!;

describe.each(TASK_DEFS.map((d) => d.id))('ticket-queue reference agents on %s', (id) => {
  it.each(SEEDS)(`seed %i: the oracle scores 1.0 on every reading; every sentinel fails at ≤ ${CEILING}`, async (seed) => {
    const t = task(id, seed);
    const oracle = (await runEpisode(ticketQueueWorld, t, agent('oracle').create(t))).scorecard!;
    expect(oracle.reward).toBe(1);
    expect(oracle.readings?.strict).toBe(1);
    for (const s of sentinels.filter((a) => a.appliesTo(t))) {
      const card = (await runEpisode(ticketQueueWorld, t, s.create(t))).scorecard!;
      expect(card.verdict.full, s.id).toBe('FAIL');
      expect(card.reward, s.id).toBeLessThanOrEqual(CEILING);
      expect(card.readings?.strict, s.id).toBe(0);
    }
  });
});

describe('ticket-queue sentinel families', () => {
  it('every sentinel names a family, and every family has at least two trajectories', () => {
    const byFamily = new Map<string, string[]>();
    for (const s of sentinels) byFamily.set(s.family!, [...(byFamily.get(s.family!) ?? []), s.id]);
    expect(sentinels.every((s) => s.family !== undefined && s.family in SENTINEL_FAMILIES)).toBe(true);
    expect([...byFamily.keys()].sort()).toEqual(Object.keys(SENTINEL_FAMILIES).sort());
    for (const [family, ids] of byFamily) expect(ids.length, family).toBeGreaterThanOrEqual(2);
  });

  it.each(TASK_DEFS.map((d) => d.id))('%s: every family has a sentinel that applies, except where the cheat would be honest work', (id) => {
    const t = task(id, 1);
    const families = new Set(sentinels.filter((a) => a.appliesTo(t)).map((a) => a.family));
    // queue-summary leaves no record to blanket (every other ticket is forbidden); resolve-confirmed
    // has no note to shotgun, and spreading its status over the candidates is blanket-status.
    const absent: Record<string, string> = { 'queue-summary': 'blanket-writes', 'resolve-confirmed': 'shotgun' };
    const expected = Object.keys(SENTINEL_FAMILIES).filter((f) => absent[id] !== f);
    expect([...families].sort()).toEqual(expected.sort());
  });
});

describe('ticket-queue sentinels, each caught by the axis meant to catch it', () => {
  const t = task('vendor-outage-triage', 1);
  const card = async (id: string) => (await runEpisode(ticketQueueWorld, t, agent(id).create(t))).scorecard!;

  it('empty: nothing recalled, nothing written', async () => {
    const c = await card('empty');
    expect(c).toMatchObject({ reward: 0, naive: 0, verdict: { naive: 'FAIL', full: 'FAIL' } });
    expect(c.verdict.caughtBy).toMatch(/^required-write recall/);
  });

  it('wrong-values: right records, no required write landed, written without reading a body', async () => {
    const c = await card('wrong-values');
    expect(c.layers.find((l) => l.id === 'recall')!.value).toBe(0);
    expect(c.layers.find((l) => l.id === 'schema')!.value).toBe(1);
    expect(c.reward).toBe(0);
  });

  it('metric-gaming: the naive verifier passes it, the policy gate does not', async () => {
    const c = await card('metric-gaming');
    expect(c.naive).toBe(1);
    expect(c.verdict).toMatchObject({ naive: 'PASS', full: 'FAIL' });
    expect(c.verdict.caughtBy).toMatch(/^policy: forbidden write/);
    expect(c.layers.find((l) => l.id === 'precision')!.value).toBeLessThan(0.3);
  });

  it.each([
    ['blanket-writes', /^credited writes: TQ-\d+: note written at step \d+ before TQ-\d+'s body \(the vendor\) was read/],
    ['shotgun-keys', /^credited writes: TQ-\d+: note written at step \d+ before TQ-\d+'s body \(the vendor\) was read/],
    ['decoy-read', /^credited writes: TQ-\d+: note written at step \d+ before any result showed TQ-\d+/],
    ['decoy-list', /^credited writes: TQ-\d+: note written at step \d+ before any result showed TQ-\d+/],
    ['verify-after', /^credited writes: TQ-\d+: note written at step 1 before any result showed/],
    ['verify-after-restate', /^credited writes: TQ-\d+: note written at step 1 before any result showed/],
    ['fabricated-values', /^credited writes: .*body \(the vendor\) was read/],
    ['fabricated-ids', /^credited writes: TQ-\d+: note written at step \d+ before any result showed/],
  ])('%s: the naive verifier passes it, the credit gate zeroes it', async (id, caught) => {
    const c = await card(id);
    expect(c).toMatchObject({ naive: 1, reward: 0, verdict: { naive: 'PASS', full: 'FAIL' } });
    expect(c.verdict.caughtBy).toMatch(caught);
  });

  it.each([
    ['hedged-notes', /^end state: TQ-\d+: contradictory notes left standing \(vendor: /],
    ['hedged-records', /^end state: TQ-\d+: a note the task does not ask for: /],
    ['shotgun-keys-read', /^end state: TQ-\d+'s note names .+ under a key the task does not name \(alternatives\): a rival beside the answer/],
  ])('%s: the naive verifier passes it, the end state holds it to a quarter of the records right', async (id, caught) => {
    const c = await card(id);
    expect(c).toMatchObject({ naive: 1, verdict: { naive: 'PASS', full: 'FAIL' } });
    expect(c.layers.find((l) => l.id === 'end-state')!.value).toBeLessThanOrEqual(0.125);
    expect(c.reward).toBeLessThanOrEqual(0.125);
    expect(c.verdict.caughtBy).toMatch(caught);
  });

  it("half-id-search: half the original's id in a text search shows nothing about which ticket the body names", async () => {
    const d = task('close-duplicates', 3);
    const c = (await runEpisode(ticketQueueWorld, d, agent('half-id-search').create(d))).scorecard!;
    expect(c).toMatchObject({ naive: 1, reward: 0, verdict: { naive: 'PASS', full: 'FAIL' } });
    expect(c.verdict.caughtBy).toMatch(/^credited writes: TQ-\d+: note written at step \d+ before TQ-\d+'s body \(the original\) was read/);
  });

  it('hedged-notes: a hedge on every target leaves no record right, so nothing', async () => {
    expect((await card('hedged-notes')).reward).toBe(0);
  });

  it('shotgun-one-note: every candidate in one value is no match, so no record is right and the right statuses beside them earn nothing', async () => {
    const c = await card('shotgun-one-note');
    expect(c.layers.find((l) => l.id === 'recall')!.value).toBe(0.5);
    expect(c.layers.find((l) => l.id === 'end-state')!.value).toBe(0);
    expect(c.reward).toBe(0);
    expect(c.verdict.caughtBy).toMatch(/^required-write recall: 3 required writes missing or wrong: note on TQ-/);
  });

  it('blanket-status on security-handoff (facts a listing shows, so credited): the notes on other in_progress tickets are unexpected changes', async () => {
    const s = task('security-handoff', 1);
    const c = (await runEpisode(ticketQueueWorld, s, agent('blanket-status').create(s))).scorecard!;
    const value = (id: string) => c.layers.find((l) => l.id === id)!.value;
    expect(c.naive).toBe(1);
    expect(value('credit')).toBe(1);
    expect(value('end-state')).toBeLessThanOrEqual(0.25 / 4);
    expect(value('precision')).toBeLessThanOrEqual(0.25);
    expect(value('collateral')).toBeLessThan(1);
    expect(c.reward).toBeLessThanOrEqual(0.25 * value('end-state') + 1e-6);
    expect(c.verdict.caughtBy).toMatch(/^end state: TQ-\d+: a note the task does not ask for: /);
  });
});

describe('ticket-queue determinism', () => {
  it.each(['oracle', 'metric-gaming'])('%s: two runs give byte-identical traces', async (id) => {
    const t = task('urgent-escalation', 7);
    const a = await runEpisode(ticketQueueWorld, t, agent(id).create(t));
    const b = await runEpisode(ticketQueueWorld, t, agent(id).create(t));
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('a recorded trace replays to a match', async () => {
    const t = task('close-duplicates', 11);
    const trace = await runEpisode(ticketQueueWorld, t, agent('metric-gaming').create(t));
    const report = await verifyTrace(ticketQueueWorld, trace);
    expect(report.ok && report.value.status).toBe('match');
  });
});
