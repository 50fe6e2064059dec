import { describe, expect, it } from 'vitest';
import { faultApiWorld } from '../worlds/fault-api';
import { validateWorlds } from './commands/validate';
import { vp } from './spawnTesting';

/**
 * The process around the gate, on one world: every world's gate is validate.test.ts's (in-process, the same
 * validateWorld at each world's ceiling) and variants.test.ts's (every variant of every oracle run); running them
 * all again here, in a child, doubled the unit run's slowest work.
 */
describe('vp validate', () => {
  it('validate --world fault-api --json exits 0 and prints the gate validateWorlds computes, key for key', async () => {
    const r = vp('validate', '--world', 'fault-api', '--json');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const gates = JSON.parse(r.stdout) as Record<string, Record<string, unknown>>;
    expect(Object.keys(gates)).toEqual(['fault-api']);
    // An interface (src/cli/CONTEXT.md): these keys, in this order.
    expect(Object.keys(gates['fault-api']!)).toEqual(['oracle_min', 'sentinels', 'families', 'divergence', 'variants', 'pass']);
    expect(gates['fault-api']).toMatchObject({ pass: true, oracle_min: 1 });
    expect((gates['fault-api']!.variants as { count: number }[]).reduce((n, v) => n + v.count, 0)).toBeGreaterThanOrEqual(200);
    const { gates: inProcess } = await validateWorlds([faultApiWorld]);
    expect(gates).toEqual(JSON.parse(JSON.stringify(inProcess)));
  });
});
