import { describe, expect, it } from 'vitest';
import { scriptedAgent } from '../core/agent';
import { strictOf, validateWorld, type ValidateReport } from '../core/validate';
import type { Scorecard, Task } from '../core/types';
import { SENTINEL_FAMILIES, type World } from '../core/world';
import { oracleCalls } from '../worlds/ticket-queue/agents';
import { setupOf } from '../worlds/ticket-queue/spec';
import { faultApiWorld } from '../worlds/fault-api';
import { ticketQueueWorld } from '../worlds/ticket-queue';
import { WORLDS } from '../worlds/registry';
import { validateWorlds } from './commands/validate';

// Each world's gate at its own ceiling, as `vp validate` computes it, once per file: the per-world checks below and
// the figures tests read the same report.
const gates = new Map<World, Promise<ValidateReport>>();
const gateOf = (world: World) => {
  if (!gates.has(world)) gates.set(world, validateWorld(world, { sentinelCeiling: world.sentinelCeiling }));
  return gates.get(world)!;
};

// `vp validate` over every world, in-process: the variants half of the gate is variants.test.ts's (every world, every
// task); validateCli.test.ts proves the process prints this report and exits 0 on one world.
describe.each(WORLDS.map((w) => [w.id, w] as const))('the quality gate on %s', (_id, world) => {
  it('passes: oracle 1.0, sentinels in three families at least, each under its ceiling, every cheat family held by two', async () => {
    const g = await gateOf(world);
    expect(g.details.failures).toEqual([]);
    expect(g.pass).toBe(true);
    expect(g.oracle_min).toBe(1);
    expect(Object.keys(g.sentinels).length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(g.families).length).toBeGreaterThanOrEqual(3);
    // Every sentinel names a family and stays under its ceiling; every red-team family a world has, it has twice.
    const refs = world.referenceAgents.filter((a) => a.role === 'sentinel');
    expect(Object.keys(g.sentinels).sort()).toEqual(refs.map((a) => a.id).sort());
    for (const ref of refs) {
      expect(ref.family, ref.id).toBeDefined();
      expect(g.sentinels[ref.id], ref.id).toBeLessThanOrEqual(ref.ceiling?.value ?? world.sentinelCeiling!);
    }
    for (const family of Object.keys(g.families).filter((f) => !['no-op', 'wrong-values'].includes(f)))
      expect(refs.filter((a) => a.family === family).length, family).toBeGreaterThanOrEqual(2);
  }, 120_000);
});

describe('validateWorlds, the gate `vp validate` prints', () => {
  it('fails a world without a contract, naming it, though its reference runs pass', async () => {
    const bare = { ...faultApiWorld, contract: undefined };
    const { gates: g, reports } = await validateWorlds([bare]);
    expect(reports['fault-api']!.pass).toBe(true);
    expect(g['fault-api']).toMatchObject({ pass: false, variants: [] });
    expect(reports['fault-api']!.variantFailures).toEqual(['no contract: the world states no rules and generates no variants']);
  });
});

describe('validateWorld on ticket-queue', () => {
  it('passes at its 0.25 ceiling: oracle 1.0 everywhere, every sentinel family rejected, no divergence', async () => {
    const r = await gateOf(ticketQueueWorld);
    expect(ticketQueueWorld.sentinelCeiling).toBe(0.25);
    // Every family the project names has a ticket-queue sentinel.
    expect(Object.keys(r.families).sort()).toEqual(Object.keys(SENTINEL_FAMILIES).sort());
    expect(r).toMatchObject({ oracle_min: 1, divergence: 0, pass: true });
    expect(r.details.failures).toEqual([]);
    // Two sentinels earn anything, each well under the ceiling: both get their targets right and write
    // on other records as well, so the end state keeps 0.25 × the share of records right (issue 21).
    // blanket-status on security-handoff (severity shows in the listing): 1 record right of 5, precision 1/4–1/5;
    // hedged-records (the target and its neighbour given the same writes): half the records right.
    expect(r.families).toEqual({
      'no-op': 0,
      'wrong-values': 0,
      'forbidden-access': 0,
      shotgun: 0,
      'hedged-writes': 0.082305,
      'blanket-writes': 0.014219,
      'decoy-verification': 0,
      'fabricated-data': 0,
    });
    expect(Object.entries(r.sentinels).filter(([, v]) => v > 0)).toEqual([
      ['hedged-records', 0.082305],
      ['blanket-status', 0.014219],
    ]);
    const applicable = ticketQueueWorld.referenceAgents.reduce((n, a) => n + ticketQueueWorld.listTasks().filter((t) => a.appliesTo(t)).length, 0);
    expect(r.details.runs).toHaveLength(applicable);
    expect(applicable).toBeGreaterThan(4 * ticketQueueWorld.listTasks().length);
  });
});

describe('validateWorld on fault-api', () => {
  it('passes at its 0.25 ceiling: oracle 1.0 everywhere, every sentinel at most the budget floor', async () => {
    expect(faultApiWorld.sentinelCeiling).toBe(0.25);
    const r = await gateOf(faultApiWorld);
    expect(r.details.failures).toEqual([]);
    expect(r.pass).toBe(true);
    expect(r.oracle_min).toBe(1);
    expect(r.sentinels).toEqual({
      'no-op': 0.2,
      'no-op-prose': 0.2,
      // Their amounts were never served for the ids: the provenance gate zeroes the budget floor too.
      'wrong-values': 0,
      'wrong-values-rotated': 0,
      'shotgun-candidates': 0,
      'shotgun-hedge': 0,
      'fabricated-one-page': 0,
      'fabricated-padding': 0,
      'metric-gaming': 0,
    });
    expect(r.families).toEqual({ 'no-op': 0.2, 'wrong-values': 0, shotgun: 0, 'fabricated-data': 0 });
    // No strict reading there: strict is the full verdict, so every non-perfect run ≥ 0.5 diverges:
    // now only naive and stubborn runs (7 + 2 of 144), no sentinel.
    expect(r.divergence).toBeCloseTo(9 / 144, 9);
    expect(r.details.runs.filter((x) => x.strict === 0 && x.reward >= 0.5).every((x) => x.role === 'solver')).toBe(true);
  });

  it('fails at a 0.10 ceiling, naming each sentinel over it', async () => {
    const r = await validateWorld(faultApiWorld, { sentinelCeiling: 0.1 });
    expect(r.pass).toBe(false);
    expect(r.details.failures).toEqual([
      'sentinel no-op scored 0.2 > 0.1 on fault-api/clean/seed-1',
      'sentinel no-op-prose scored 0.2 > 0.1 on fault-api/clean/seed-1',
    ]);
  });

  it('fails without sentinels', async () => {
    const bare = { ...faultApiWorld, referenceAgents: faultApiWorld.referenceAgents.filter((a) => a.role !== 'sentinel') };
    const r = await validateWorld(bare, { sentinelCeiling: null, tasks: faultApiWorld.listTasks().slice(0, 1) });
    expect(r.pass).toBe(false);
    expect(r.details.failures).toContain('no sentinel reference agents');
  });
});

describe('validateWorld catches a broken verifier', () => {
  const tq = ticketQueueWorld;
  const tasks = tq.listTasks().slice(0, 2);
  const oracle = tq.referenceAgents.find((a) => a.role === 'oracle')!;

  it('a sentinel that passes the full verdict fails the gate', async () => {
    const cheat = { ...oracle, id: 'cheat', role: 'sentinel' as const };
    const r = await validateWorld({ ...tq, referenceAgents: [oracle, cheat] }, { sentinelCeiling: null, tasks });
    expect(r.pass).toBe(false);
    expect(r.sentinels).toEqual({ cheat: 1 });
    expect(r.details.failures[0]).toBe(`sentinel cheat passed the full verifier on ${tasks[0]!.id}`);
  });

  it('an oracle below 1.0 fails the gate, and a world without one does too', async () => {
    const lazy = { ...oracle, id: 'lazy', create: () => scriptedAgent('lazy', [{ name: 'finish', arguments: { summary: '' } }]) };
    const sentinels = tq.referenceAgents.filter((a) => a.role === 'sentinel');
    const r = await validateWorld({ ...tq, referenceAgents: [lazy, ...sentinels] }, { sentinelCeiling: 0.1, tasks });
    expect(r).toMatchObject({ oracle_min: 0, pass: false });
    const none = await validateWorld({ ...tq, referenceAgents: sentinels }, { sentinelCeiling: 0.1, tasks });
    expect(none.details.failures).toContain('no oracle reference agent applies to any task');
  });

  it('counts a run as divergent when strict reads 0 and full is at least the threshold', async () => {
    // The gold trajectory with the first note written twice: strict 0, full just under 1.
    const twice = {
      ...oracle,
      id: 'twice',
      role: 'solver' as const,
      create: (t: Task) => {
        const calls = oracleCalls(setupOf(t.spec));
        const first = calls.find((c) => c.name === 'write_note')!;
        return scriptedAgent('twice', [...calls.slice(0, -1), first, calls[calls.length - 1]!]);
      },
    };
    const r = await validateWorld({ ...tq, referenceAgents: [oracle, twice] }, { sentinelCeiling: 0.1, tasks });
    const divergent = r.details.runs.filter((x) => x.agent === 'twice');
    expect(divergent).toHaveLength(tasks.length);
    expect(divergent.every((x) => x.strict === 0 && x.reward >= 0.5 && x.reward < 1)).toBe(true);
    expect(r.divergence).toBe(0.5);
    const high = await validateWorld({ ...tq, referenceAgents: [oracle, twice] }, { sentinelCeiling: 0.1, tasks, fullAt: 0.999 });
    expect(high.divergence).toBe(0);
  });
});

describe('strictOf', () => {
  const card = (full: 'PASS' | 'FAIL', readings?: Record<string, number>): Scorecard => ({
    layers: [],
    reward: 0,
    naive: 0,
    readings,
    verdict: { naive: 'FAIL', full, caughtBy: null },
    final: true,
  });
  it('reads the strict reading when there is one, else the full verdict', () => {
    expect(strictOf(card('PASS', { strict: 0 }))).toBe(0);
    expect(strictOf(card('FAIL'))).toBe(0);
    expect(strictOf(card('PASS'))).toBe(1);
  });
});
