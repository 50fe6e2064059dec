import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WORLDS } from '../worlds/registry';
import { parseSuite } from './suite';
import { rescoreSuite } from './suiteScore';

const SHIPPED = join(__dirname, '../../gotchas/red-team.json');

/**
 * The shipped regression suite, whatever it holds: regenerate it with
 * `npm run vp -- gotchas --write-suite gotchas/red-team.json` when a world gains
 * a sentinel, and a verifier change that flips any recorded verdict fails here.
 */
describe('the shipped red-team suite (gotchas/red-team.json)', () => {
  const suite = parseSuite(readFileSync(SHIPPED, 'utf8'));

  it('parses, and stays small', () => {
    expect(suite.ok ? null : suite.error).toBeNull();
    expect(readFileSync(SHIPPED).byteLength).toBeLessThan(1_000_000);
  });

  it('re-scores with no verdict changed and every entry replayed', async () => {
    if (!suite.ok) return;
    expect(suite.value.entries.length).toBeGreaterThan(0);
    const report = await rescoreSuite(suite.value, (id) => WORLDS.find((w) => w.id === id));
    const moved = report.results
      .filter((r) => r.status !== 'unchanged')
      .map((r) => `${r.entry.id}: ${r.error ?? r.changed.map((f) => `${f} ${String(r.entry.expected[f])} → ${String(r.actual![f])}`).join(', ')}`);
    expect(moved).toEqual([]);
  });

  it('is a red team: every recorded cheat fails the full verifier', () => {
    if (!suite.ok) return;
    expect(suite.value.entries.filter((e) => e.expected.full === 'PASS').map((e) => e.id)).toEqual([]);
  });
});
