import { describe, expect, it } from 'vitest';
import { checkTask, operatorTable, operatorsOf, type VariantResult } from '../core/contract';
import { WORLDS } from './registry';
// The fixture worlds too: a world is its folder, and generic code serves any registered one.
import './testing/register';

/**
 * The verifier's contract, proven on generated variants of every oracle run: each
 * equivalent variant keeps the oracle's reward and verdict exactly; each breaking
 * variant fails at or under its ceiling, caught by the layer it breaks.
 */
const MIN_VARIANTS = 200;

describe.each(WORLDS.map((w) => [w.id, w] as const))('contract variants: %s', (_id, world) => {
  const contract = world.contract;

  it('states the three rules', () => {
    expect(contract, `${world.id} has no contract`).toBeDefined();
    for (const rule of ['end-state', 'observed', 'decisions'] as const) expect(contract!.rules[rule]?.length ?? 0).toBeGreaterThan(20);
  });

  const tasks = contract?.tasks?.() ?? world.listTasks();
  const results: VariantResult[] = [];
  it.each(tasks.map((t) => [t.id, t] as const))('every variant of the oracle on %s holds the contract', async (_task, task) => {
    const own = await checkTask(world, contract!, task);
    results.push(...own);
    const broken = own.filter((r) => r.problem !== null).map((r) => `${r.operator}/${r.label}: ${r.problem}`);
    expect(broken).toEqual([]);
  }, 120_000);

  it(`generates at least ${MIN_VARIANTS} variants, equivalent and breaking, with every operator applied`, () => {
    if (!contract) return expect.fail(`${world.id} has no contract`);
    expect(results.length).toBeGreaterThanOrEqual(MIN_VARIANTS);
    const table = operatorTable(contract, results);
    expect(table.some((r) => r.kind === 'equivalent' && r.count > 0)).toBe(true);
    expect(table.some((r) => r.kind === 'breaking' && r.count > 0)).toBe(true);
    expect(table.filter((r) => r.count === 0).map((r) => r.operator)).toEqual([]);
    expect(operatorsOf(contract).length).toBe(table.length);
  });
});
