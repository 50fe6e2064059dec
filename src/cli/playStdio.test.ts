import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runEpisode } from '../core/episode';
import type { JsonObject } from '../core/json';
import type { Trace } from '../core/types';
import { WORLDS } from '../worlds/registry';
import { CLI } from './spawnTesting';

const HANG_MS = 20000;

interface Run {
  code: number | null;
  lines: Record<string, unknown>[];
  stderr: string;
}

/** The real CLI with the whole script written at once and input closed, as a piped agent does. Killed if it hangs. */
function playPiped(world: string, spec: JsonObject, script: string, extra: string[] = []): Promise<Run> {
  return new Promise((resolve, reject) => {
    const taskArgs = extra.includes('--from') ? [] : ['--task', JSON.stringify(spec)];
    const child = spawn(process.execPath, [...CLI, 'play', '--world', world, ...taskArgs, ...extra], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`vp play --world ${world} did not exit within ${HANG_MS} ms; it wrote:\n${stdout}${stderr}`));
    }, HANG_MS);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({
        code,
        stderr,
        lines: stdout
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as Record<string, unknown>),
      });
    });
    child.stdin.end(script);
  });
}

const scriptOf = (trace: Trace, steps = trace.steps.length) =>
  trace.steps
    .slice(0, steps)
    .map((s) => `${JSON.stringify({ name: s.call.name, arguments: s.call.arguments })}\n`)
    .join('');

const repliesOf = (trace: Trace, steps = trace.steps.length) => trace.steps.slice(0, steps).map((s) => ({ ...s.result }));

const CASES: [string, JsonObject][] = [
  ['fault-api', { profile: 'realistic', seed: 2 }],
  ['tripwire', { id: 'refund-a' }],
  ['ticket-queue', { id: 'vendor-outage-triage', seed: 1 }],
];

describe.each(CASES)('vp play over piped stdio: %s', (id, spec) => {
  const world = WORLDS.find((w) => w.id === id)!;
  const made = world.makeTask(spec);
  if (!made.ok) throw new Error(made.error);
  const task = made.value;
  // The in-process oracle run is the reference: the CLI must answer the same calls with the same results.
  const oracle = () => runEpisode(world, task, world.referenceAgents.find((a) => a.role === 'oracle')!.create(task));

  it('an honest script sent whole is answered line by line, scored PASS, and the process exits 0', async () => {
    const trace = await oracle();
    expect(trace.scorecard).toMatchObject({ reward: 1, verdict: { full: 'PASS' } });
    const run = await playPiped(id, spec, scriptOf(trace));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.lines[0]).toEqual({ tools: task.tools, prompt: task.prompt });
    expect(run.lines.slice(1, -1)).toEqual(repliesOf(trace));
    expect(run.lines.at(-1)).toMatchObject({
      done: true,
      scorecard: { stop: 'submitted', steps: trace.steps.length, reward: 1, naive: 1, verdict: { naive: 'PASS', full: 'PASS' } },
    });
  });

  it('a script that stops early: every call answered, then end of input scores it abandoned', async () => {
    const trace = await oracle();
    const run = await playPiped(id, spec, scriptOf(trace, 2));
    expect(run.code).toBe(0);
    expect(run.lines).toHaveLength(4);
    expect(run.lines.slice(1, 3)).toEqual(repliesOf(trace, 2));
    expect(run.lines[3]).toMatchObject({ done: true, scorecard: { stop: 'abandoned', steps: 2, verdict: { full: 'FAIL' } } });
  });
});

describe('vp play --from TRACE --step K', () => {
  it('continues a recorded skipper after its first step; the agent sees the history, and --out keeps the parent', async () => {
    const world = WORLDS.find((w) => w.id === 'tripwire')!;
    const made = world.makeTask({ id: 'refund-a' });
    if (!made.ok) throw new Error(made.error);
    const task = made.value;
    const skipper = await runEpisode(world, task, world.referenceAgents.find((a) => a.id === 'the-skipper')!.create(task));
    const oracle = await runEpisode(world, task, world.referenceAgents.find((a) => a.id === 'oracle')!.create(task));
    const dir = mkdtempSync(join(tmpdir(), 'vp-fork-'));
    const parentFile = join(dir, 'skipper.json');
    const out = join(dir, 'child.json');
    writeFileSync(parentFile, JSON.stringify(skipper));
    // The person's continuation: the oracle's identity read, update, audit and submission.
    const run = await playPiped('tripwire', {}, scriptOf({ ...oracle, steps: oracle.steps }), ['--from', parentFile, '--step', '1', '--out', out]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.lines[0]).toMatchObject({ history: [{ name: 'run_sql', ok: true, content: skipper.steps[0]!.result.content }] });
    expect(run.lines.at(-1)).toMatchObject({ done: true, scorecard: { stop: 'submitted', steps: 5, reward: 1, verdict: { full: 'PASS' } } });
    const child = JSON.parse(readFileSync(out, 'utf8')) as Trace;
    expect(child.meta).toMatchObject({ parent: { trace: 'skipper.json', step: 1 } });
    expect(child.steps[0]!.call).toEqual(skipper.steps[0]!.call);
  });

  it('refuses a step past the end of the trace, with one stderr line', async () => {
    const world = WORLDS.find((w) => w.id === 'fault-api')!;
    const made = world.makeTask({ profile: 'clean', seed: 1 });
    if (!made.ok) throw new Error(made.error);
    const trace = await runEpisode(world, made.value, world.referenceAgents.find((a) => a.role === 'oracle')!.create(made.value));
    const file = join(mkdtempSync(join(tmpdir(), 'vp-fork-')), 't.json');
    writeFileSync(file, JSON.stringify(trace));
    const child = spawnSync(process.execPath, [...CLI, 'play', '--world', 'fault-api', '--from', file, '--step', String(trace.steps.length)], {
      encoding: 'utf8',
      input: '',
    });
    expect(child.status).toBe(2);
    expect(child.stdout).toBe('');
    expect(child.stderr.trim()).toMatch(
      /^vp: cannot continue .*t\.json from step \d+: the episode had ended after step \d+ \(submitted\): continue from an earlier step$/,
    );
  });
});
