import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkTask, operatorTable, operatorsOf, type VariantResult } from '../core/contract';
import { WORLDS } from './registry';
import { generatedBlock, readmeVariantRow, worldVariantTable } from './variantDocs';
// The fixture worlds too: a world is its folder, and generic code serves any registered one.
import './testing/register';

/**
 * The verifier's contract, proven on generated variants of every oracle run: each
 * equivalent variant keeps the oracle's reward and verdict exactly; each breaking
 * variant fails at or under its ceiling, caught by the layer it breaks.
 */
const MIN_VARIANTS = 200;

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const WORLDS_DOC = readFileSync(new URL('../../docs/worlds.md', import.meta.url), 'utf8');

describe.each(WORLDS.map((w) => [w.id, w] as const))('contract variants: %s', (_id, world) => {
  const contract = world.contract;

  it('states the three rules', () => {
    expect(contract, `${world.id} has no contract`).toBeDefined();
    for (const rule of ['end-state', 'observed', 'decisions'] as const) expect(contract!.rules[rule]?.length ?? 0).toBeGreaterThan(20);
  });

  const tasks = contract?.tasks?.() ?? world.listTasks();
  const results: VariantResult[] = [];
  it.each(tasks.map((t) => [t.id, t] as const))(
    'every variant of the oracle on %s holds the contract',
    async (_task, task) => {
      const own = await checkTask(world, contract!, task);
      results.push(...own);
      const broken = own.filter((r) => r.problem !== null).map((r) => `${r.operator}/${r.label}: ${r.problem}`);
      expect(broken).toEqual([]);
    },
    120_000,
  );

  it(`generates at least ${MIN_VARIANTS} variants, equivalent and breaking, with every operator applied`, () => {
    if (!contract) return expect.fail(`${world.id} has no contract`);
    expect(results.length).toBeGreaterThanOrEqual(MIN_VARIANTS);
    const table = operatorTable(contract, results);
    expect(table.some((r) => r.kind === 'equivalent' && r.count > 0)).toBe(true);
    expect(table.some((r) => r.kind === 'breaking' && r.count > 0)).toBe(true);
    expect(table.filter((r) => r.count === 0).map((r) => r.operator)).toEqual([]);
    expect(operatorsOf(contract).length).toBe(table.length);
  });

  // A shipped world (its own folder here, not a test fixture) is documented with the figures its variants give.
  it.runIf(existsSync(new URL(`./${world.id}/index.ts`, import.meta.url)))(
    "README's variant row and docs/worlds.md's table are what `npm run docs` makes of these variants",
    () => {
      const table = operatorTable(contract!, results);
      const stale = 'stale: run `npm run docs`';
      expect(
        README.split('\n').find((l) => l.startsWith(`| ${world.id} | `)),
        stale,
      ).toBe(readmeVariantRow(world.id, table));
      expect(generatedBlock(WORLDS_DOC, world.id), stale).toBe(worldVariantTable(contract!, table));
    },
  );
});
