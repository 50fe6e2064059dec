import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runEpisode } from '../core/episode';
import { faultApiWorld, taskFromParams } from '../worlds/fault-api/index';
import { carefulSolver } from '../worlds/fault-api/solvers';
import { params } from '../worlds/fault-api/testing';
import { fixture } from '../traces/import/testing';
import { evalZipOf, handLog } from '../traces/inspect/testing';
import { LIMITS } from '../core/limits';
import { runCli } from './run';

async function vp(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { out: (l) => out.push(l), err: (l) => err.push(l), stdin: Readable.from([]) });
  return { code, stdout: out.join('\n'), stderr: err };
}

const tmp = mkdtempSync(join(tmpdir(), 'vp-io-'));

/** A vf-eval run where vf-eval puts it, without its metadata.json: the folders name the env and the model. */
function vfRunFolder(): string {
  const dir = join(tmp, 'outputs', 'evals', 'hangman--openai--gpt-4.1-mini', 'a1b2c3d4');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'results.jsonl');
  // Rows without the task column: nothing in them names the env.
  writeFileSync(path, fixture('v0.1.10', 'results.jsonl').replace(/"task": "hangman", /g, ''));
  return path;
}

async function humanTrace(): Promise<string> {
  const trace = await runEpisode(faultApiWorld, taskFromParams(params('clean', 3)), carefulSolver());
  const path = join(tmp, 'human.json');
  // A person's run as the page saves it: with the page clock's start and end.
  const meta = { started_at: '2026-02-01T09:00:00.000Z', ended_at: '2026-02-01T09:04:00.000Z' };
  writeFileSync(path, JSON.stringify({ ...trace, agent: { kind: 'human', name: 'human' }, meta }, null, 2));
  return path;
}

describe('vp import FILE…', () => {
  it("reports every file, its rows and runs, and where each run's env and model came from", async () => {
    const evalLog = join(tmp, 'weather.eval');
    writeFileSync(evalLog, evalZipOf(handLog()));
    const junk = join(tmp, 'junk.jsonl');
    writeFileSync(junk, 'hello\n');
    const files = [vfRunFolder(), evalLog, await humanTrace(), junk];
    const r = await vp('import', ...files, '--json');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({ format: 'mixed', rows: 3 + 2 + 1 });
    expect(doc.runs).toEqual([
      { env: 'hangman', model: 'openai/gpt-4.1-mini', rows: 3, source: files[0], run: 'a1b2c3d4', env_from: 'folder', model_from: 'folder' },
      { env: 'weather_qa', model: 'openai/gpt-test', rows: 2, source: evalLog, run: 'R1', env_from: 'inspect log', model_from: 'inspect log' },
      { env: 'fault-api', model: 'human', rows: 1, source: files[2], run: null, env_from: 'trace', model_from: 'trace' },
    ]);
    expect(doc.files.map((f: { format: string; rows: number }) => [f.format, f.rows])).toEqual([
      ['vf-eval-jsonl', 3],
      ['inspect-eval', 2],
      ['native-json', 1],
      ['none', 0],
    ]);
    expect(doc.errors).toEqual([{ file: junk, line: 0, reason: expect.stringContaining('junk.jsonl: nothing could be imported: line 1: not JSON') }]);
  });
});

describe('vp import of a one-line document past the line limit', () => {
  it("json.dump's one line of columns, longer than a JSONL row may be: every row read (the file's limit holds it)", async () => {
    const rows = fixture('v0.1.10', 'results.jsonl')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const keys = Object.keys(rows[0]!);
    const columns = JSON.stringify(Object.fromEntries(keys.map((k) => [k, rows.map((r, i) => (k === 'answer' ? `PAD${i}` : r[k]))])));
    const pad = 'x'.repeat(Math.ceil(LIMITS.lineChars.value / rows.length) + 1024);
    const path = join(tmp, 'columns.json');
    writeFileSync(path, columns.replace(/"PAD\d+"/g, `"${pad}"`));
    expect(readFileSync(path).length).toBeGreaterThan(LIMITS.lineChars.value);
    const r = await vp('import', path, '--json');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({ rows: rows.length, errors: [] });
  });
});

describe('vp export IN… --format … --out OUT', () => {
  it('native → inspect .eval → vf → import: the agent, world, task and scores survive each step', async () => {
    const human = await humanTrace();
    const evalOut = join(tmp, 'round.eval');
    const a = await vp('export', human, '--format', 'inspect', '--out', evalOut, '--json');
    expect(a).toMatchObject({ code: 0, stderr: [] });
    expect(JSON.parse(a.stdout)).toMatchObject({ format: 'inspect', rows: 1, outputs: [{ file: evalOut, rows: 1, label: 'fault-api × human' }], notes: [] });
    const vfOut = join(tmp, 'round.jsonl');
    const b = await vp('export', evalOut, '--format', 'vf', '--out', vfOut);
    expect(b.code).toBe(0);
    expect(b.stdout).toBe(`wrote 1 rows to ${vfOut} (vf: vf-eval results.jsonl)`);
    const row = JSON.parse(readFileSync(vfOut, 'utf8'));
    const original = JSON.parse(readFileSync(human, 'utf8'));
    expect(row.info).toMatchObject({ world: 'fault-api', task: original.task, agent: { kind: 'human', name: 'human' } });
    expect(row.reward).toBe(original.scorecard.reward);
    expect(row.metrics.naive_reward).toBe(original.scorecard.naive);
    const c = await vp('import', vfOut, '--json');
    expect(JSON.parse(c.stdout).runs).toEqual([{ env: 'fault-api', model: 'human', rows: 1, source: vfOut, run: null, env_from: 'row', model_from: 'row' }]);
    const nativeOut = join(tmp, 'back.json');
    const d = await vp('export', vfOut, '--format', 'native', '--out', nativeOut);
    expect(d.code).toBe(0);
    const back = JSON.parse(readFileSync(nativeOut, 'utf8'));
    expect(back).toMatchObject({ world: 'fault-api', task: original.task, agent: { kind: 'human', name: 'human' }, scorecard: original.scorecard });
  });

  it('states on stderr what OUT cannot hold, and writes one Inspect log per run as OUT-1, OUT-2', async () => {
    const hangman = vfRunFolder();
    const out = join(tmp, 'many.json');
    const r = await vp('export', hangman, await humanTrace(), '--format', 'inspect', '--out', out);
    expect(r.code).toBe(0);
    expect(r.stderr).toEqual([
      'vp export: the tool schemas of 3 vf-eval rows: not written (Inspect keeps tools in transcript events, which this export does not write)',
    ]);
    expect(r.stdout.split('\n')).toEqual([
      `wrote 3 rows to ${join(tmp, 'many-1.json')} (inspect: hangman × openai/gpt-4.1-mini)`,
      `wrote 1 rows to ${join(tmp, 'many-2.json')} (inspect: fault-api × human)`,
    ]);
    // OUT was opened first to fail early; it is not left behind empty.
    expect(existsSync(out)).toBe(false);
    expect(JSON.parse(readFileSync(join(tmp, 'many-1.json'), 'utf8'))).toMatchObject({
      eval: { task: 'hangman', model: 'openai/gpt-4.1-mini' },
      samples: [{}, {}, {}],
    });
  });

  it("vf rows keep their era's shape; --vf-current writes today's and says on stderr what it renamed", async () => {
    const dir = join(tmp, 'old-era');
    mkdirSync(dir, { recursive: true });
    const src = join(dir, 'results.jsonl');
    writeFileSync(src, fixture('v0.1.3-v0.1.5', 'results.jsonl'));
    writeFileSync(join(dir, 'metadata.json'), fixture('v0.1.3-v0.1.5', 'metadata.json'));
    const kept = join(tmp, 'kept.jsonl');
    const a = await vp('export', src, '--format', 'vf', '--out', kept);
    expect(a.code).toBe(0);
    // metadata.json named their env and model; the export writes results.jsonl alone, and says so.
    expect(a.stderr).toEqual([expect.stringMatching(/^vp export: .*the env and model of 4 vf-eval rows written as their era wrote them: not in the rows/)]);
    const rows = (text: string) =>
      text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows(readFileSync(kept, 'utf8')).map((r) => Object.keys(r))).toEqual(rows(readFileSync(src, 'utf8')).map((r) => Object.keys(r)));
    const current = join(tmp, 'current.jsonl');
    const b = await vp('export', src, '--format', 'vf', '--out', current, '--vf-current');
    expect(b.code).toBe(0);
    expect(b.stderr).toEqual([
      expect.stringMatching(/^vp export: .*today's shape, as asked: `id` → `example_id` \(4 rows\); .*`info` gained `world` and `agent`/),
    ]);
    expect(rows(readFileSync(current, 'utf8'))[0]).toHaveProperty('example_id');
  });

  it('a failed export leaves no empty OUT behind', async () => {
    const out = join(tmp, 'never.jsonl');
    const r = await vp('export', join(tmp, 'missing.jsonl'), '--format', 'vf', '--out', out);
    expect(r.code).toBe(2);
    expect(existsSync(out)).toBe(false);
  });
});

describe('vp import of hostile archives', () => {
  it("the issue's bomb (40 entries sharing one 256 MiB zstd frame): exit 2 at once, the limit named, nothing decompressed", async () => {
    const { overlappingBomb } = await import('../traces/testing/hostile');
    const { samples: _, reductions: __, ...header } = handLog();
    const path = join(tmp, 'bomb.eval');
    writeFileSync(path, overlappingBomb(40, 2048, header));
    const r = await vp('import', path);
    expect(r.code).toBe(2);
    expect(r.stderr.join('')).toMatch(
      /bomb\.eval: nothing could be imported: entries samples\/0_epoch_1\.json and samples\/1_epoch_1\.json overlap .*overlappingEntries/,
    );
  });
});
