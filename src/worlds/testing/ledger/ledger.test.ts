import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runEpisode } from '../../../core/episode';
import { exportTraceJson } from '../../../traces/export/native';
import { runCli } from '../../../cli/run';
import { WORLDS } from '../../registry';
import '../register';
import { world } from './index';

/** The CLI in this process (the registered fixture is in its world list), output captured. */
async function vp(args: string[], stdin: string[] = []) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { out: (l) => out.push(l), err: (l) => err.push(l), stdin: Readable.from(stdin.map((l) => `${l}\n`)) });
  return { code, out, err };
}

const tmp = mkdtempSync(join(tmpdir(), 'vp-ledger-'));
const task = world.listTasks()[0]!;
const oracle = world.referenceAgents.find((a) => a.role === 'oracle')!;

describe('a world that is only its folder: registered by the test hook, served by the generic CLI', () => {
  it('is in the registry once, by the hook alone', () => {
    expect(WORLDS.filter((w) => w.id === world.id)).toEqual([world]);
  });

  it('vp tasks --world lists its tasks', async () => {
    const r = await vp(['tasks', '--world', world.id, '--json']);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out[0]!) as { task: unknown }[]).map((t) => t.task)).toEqual(world.listTasks().map((t) => t.spec));
  });

  it('vp play: the oracle’s calls over stdin end in its full marks, leniently named calls included', async () => {
    const calls = (await runEpisode(world, task, oracle.create(task))).steps.map((s) => s.call);
    const lines = [JSON.stringify({ name: 'mcp__ledger__getEntries', arguments: {} }), ...calls.map((c) => JSON.stringify(c))];
    const r = await vp(['play', '--world', world.id, '--task', JSON.stringify(task.spec)], lines);
    expect(r.code).toBe(0);
    const last = JSON.parse(r.out.at(-1)!) as { done: boolean; scorecard: { reward: number; verdict: { full: string } } };
    expect(last).toMatchObject({ done: true, scorecard: { reward: 1, verdict: { full: 'PASS' } } });
  });

  it('vp score: a sentinel’s trace replays as a match and fails the full verifier', async () => {
    const blind = world.referenceAgents.find((a) => a.id === 'blind-total')!;
    const file = join(tmp, 'blind.json');
    writeFileSync(file, exportTraceJson(await runEpisode(world, task, blind.create(task))));
    const r = await vp(['score', file, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out[0]!)).toMatchObject({
      replay: 'match',
      naive: 1,
      reward: 0,
      verdict: { naive: 'PASS', full: 'FAIL', caught_by: 'gate: total never read (observed)' },
    });
  });

  it('vp validate --world passes the quality gate, the contract’s variants included', async () => {
    const r = await vp(['validate', '--world', world.id, '--json']);
    expect(r.err).toEqual([]);
    const gate = (JSON.parse(r.out[0]!) as Record<string, { pass: boolean; oracle_min: number; variants: { count: number }[] }>)[world.id]!;
    expect(gate).toMatchObject({ pass: true, oracle_min: 1 });
    expect(gate.variants.reduce((n, v) => n + v.count, 0)).toBeGreaterThanOrEqual(200);
    expect(r.code).toBe(0);
  });
});
