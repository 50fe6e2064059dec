import { describe, expect, it } from 'vitest';
import { SENTINEL_FAMILIES } from '../core/world';
import { WORLDS } from '../worlds/registry';
import { SLOW, vpSlow } from './spawnTesting';

describe('vp validate', () => {
  it(
    'validate --json passes the quality gate for every world',
    () => {
      const r = vpSlow('validate', '--json');
      expect(r.status).toBe(0);
      const gates = JSON.parse(r.stdout);
      for (const [world, g] of Object.entries(gates) as [
        string,
        { oracle_min: number; pass: boolean; sentinels: Record<string, number>; families: Record<string, number> },
      ][]) {
        expect(g.pass, world).toBe(true);
        expect(g.oracle_min, world).toBe(1);
        expect(Object.keys(g.sentinels).length, world).toBeGreaterThanOrEqual(3);
        expect(Object.keys(g.families).length, world).toBeGreaterThanOrEqual(3);
      }
      // Every sentinel names a family and stays under its ceiling; every red-team family a world has, it has twice.
      for (const world of WORLDS) {
        const g = gates[world.id] as { sentinels: Record<string, number>; families: Record<string, number> };
        const refs = world.referenceAgents.filter((a) => a.role === 'sentinel');
        expect(Object.keys(g.sentinels).sort(), world.id).toEqual(refs.map((a) => a.id).sort());
        for (const ref of refs) {
          expect(ref.family, `${world.id} ${ref.id}`).toBeDefined();
          expect(g.sentinels[ref.id], `${world.id} ${ref.id}`).toBeLessThanOrEqual(ref.ceiling?.value ?? world.sentinelCeiling!);
        }
        for (const family of Object.keys(g.families).filter((f) => !['no-op', 'wrong-values'].includes(f)))
          expect(refs.filter((a) => a.family === family).length, `${world.id} ${family}`).toBeGreaterThanOrEqual(2);
      }
      expect(Object.keys((gates['ticket-queue'] as { families: object }).families).sort()).toEqual(Object.keys(SENTINEL_FAMILIES).sort());
      expect(Object.keys(gates)).toEqual(expect.arrayContaining(['fault-api', 'ticket-queue']));
      // Every world's contract: operators with variants, none broken.
      for (const [world, g] of Object.entries(gates) as [string, { variants: { count: number; failures: number }[] }][]) {
        expect(
          g.variants.reduce((n, r) => n + r.count, 0),
          world,
        ).toBeGreaterThanOrEqual(200);
        expect(
          g.variants.filter((r) => r.failures > 0),
          world,
        ).toEqual([]);
      }
    },
    SLOW,
  );
});
