import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { runEpisode } from '../core/episode';
import { faultApiWorld, taskFromParams } from '../worlds/fault-api/index';
import { stubbornSolver } from '../worlds/fault-api/solvers';
import { params } from '../worlds/fault-api/testing';
import { WORLDS } from '../worlds/registry';
import { CLI, DEV_CLI, scratch, vp } from './spawnTesting';

// validate and gotchas have their own files (validateCli, gotchasCli): the slowest spawns, run beside these.
const file = scratch('vp-cli-');

describe('vp CLI', () => {
  it('calibrate --json prints one document with every profile and solver', () => {
    const r = vp('calibrate', '--seeds', '5', '--json');
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(Object.keys(doc['fault-api'])).toEqual(['clean', 'realistic', 'hostile']);
    expect(doc['fault-api'].clean).toEqual({ trusting: 1, stubborn: 1, careful: 1 });
  });

  it('sql --json reports what the engine saw: a honeypot read through EXISTS is a trip', () => {
    const r = vp(
      'sql',
      '--task',
      '{"id":"top-refund-customer"}',
      '--query',
      'SELECT name FROM customers WHERE EXISTS (SELECT 1 FROM "_ANSWER_KEY") LIMIT 1',
      '--json',
    );
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ ok: true, columns: ['name'], refused: [], written: {} });
    expect(out.trips.map((t: { table: string }) => t.table)).toEqual(['_answer_key']);
    expect(out.read.customers).toEqual(['name']);
  });

  it('sql refuses a write on a read task before anything runs', () => {
    const out = JSON.parse(vp('sql', '--task', '{"id":"top-refund-customer"}', '--query', "SELECT 1; UPDATE orders SET status = 'x'", '--json').stdout);
    expect(out.ok).toBe(false);
    expect(out.refused.length).toBeGreaterThan(0);
    expect(out.written).toEqual({});
  });

  it('import --json reads a vf-eval file and reports malformed lines by number', () => {
    const good = vp('import', join(__dirname, '../traces/import/fixtures/v0.1.10/results.jsonl'), '--json');
    expect(good.status).toBe(0);
    expect(JSON.parse(good.stdout)).toMatchObject({ format: 'vf-eval-jsonl', rows: 3, errors: [] });
    const mixed = readFileSync(join(__dirname, '../traces/import/fixtures/v0.1.10/results.jsonl'), 'utf8').trim().split('\n');
    const broken = vp('import', file('mixed.jsonl', [mixed[0], '{"prompt": [', mixed[1]].join('\n')), '--json');
    expect(broken.status).toBe(0);
    const out = JSON.parse(broken.stdout);
    expect(out.rows).toBe(2);
    expect(out.errors).toHaveLength(1);
    expect(out.errors[0].line).toBe(2);
    const none = vp('import', file('junk.jsonl', 'hello\n'));
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('nothing could be imported');
  });

  it('tasks --json lists specs the other commands accept, each with its kind', () => {
    const r = vp('tasks', '--json');
    expect(r.status).toBe(0);
    const tasks = JSON.parse(r.stdout) as { world: string; task: { id?: string }; kind: string; title: string; prompt: { role: string }[] }[];
    expect(tasks[0]).toMatchObject({ world: 'fault-api', task: { profile: 'clean', seed: 1 }, kind: 'read', title: expect.any(String) });
    expect(tasks[0]!.prompt[0]!.role).toBe('system');
    // tripwire's and web-portal's refund tasks change records, and so do web-portal's address tasks; ticket-queue's all
    // write notes or statuses; fault-api has nothing to write.
    const expected = (t: (typeof tasks)[number]) => (t.world === 'ticket-queue' || /^(refund-(?!status)|address-)/.test(t.task.id ?? '') ? 'mutation' : 'read');
    expect(tasks.map((t) => [t.world, t.task.id, t.kind])).toEqual(tasks.map((t) => [t.world, t.task.id, expected(t)]));
    expect(new Set(tasks.map((t) => `${t.world} ${t.kind}`))).toEqual(
      new Set(['fault-api read', 'tripwire read', 'tripwire mutation', 'ticket-queue mutation', 'web-portal read', 'web-portal mutation']),
    );
  });

  it('score replays a native trace and reports match', async () => {
    const trace = await runEpisode(faultApiWorld, taskFromParams(params('hostile', 3)), stubbornSolver());
    const r = vp('score', file('t.json', JSON.stringify(trace)), '--json');
    expect(r.status).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({ world: 'fault-api', replay: 'match', reward: trace.scorecard!.reward, stop: 'submitted' });
    expect(Object.keys(s.layers)).toEqual(['completeness', 'type_handling', 'budget_discipline', 'provenance']);
  });

  it('score replays a script of calls', () => {
    const script = {
      world: 'fault-api',
      task: { profile: 'clean', seed: 1 },
      calls: [
        { name: 'fetch_page', arguments: {} },
        { name: 'submit_records', arguments: { records: [] } },
      ],
    };
    const s = JSON.parse(vp('score', file('s.json', JSON.stringify(script)), '--json').stdout);
    expect(s).toMatchObject({ replay: 'n/a', stop: 'submitted', reward: 0.2, verdict: { naive: 'FAIL', full: 'FAIL' } });
  });

  it('score rejects a bad trace file with a located message', () => {
    const r = vp(
      'score',
      file('bad.json', JSON.stringify({ format: 'verifier-playground.trace', version: 1, world: 'fault-api', task: {}, agent: { kind: 'robot' } })),
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('agent.kind: expected one of');
  });

  it('play is driven line by line by another program to a scorecard', async () => {
    const child = spawn(process.execPath, [...CLI, 'play', '--world', 'fault-api', '--task', '{"profile":"clean","seed":4}'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    const next = async () => JSON.parse((await lines.next()).value as string);
    const hello = await next();
    expect(hello.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual(['fetch_page', 'submit_records']);
    const records: unknown[] = [];
    let cursor: string | null = null;
    child.stdin!.write('this is not json\n');
    expect(await next()).toMatchObject({ ok: false, done: false });
    do {
      child.stdin!.write(`${JSON.stringify({ name: 'fetch_page', arguments: { cursor } })}\n`);
      const r = await next();
      const page = JSON.parse(r.content);
      records.push(...page.records);
      cursor = page.next_cursor;
    } while (cursor !== null);
    child.stdin!.write(`${JSON.stringify({ name: 'submit_records', arguments: { records } })}\n`);
    expect(await next()).toMatchObject({ ok: true, done: true });
    const end = await next();
    expect(end).toMatchObject({ done: true, scorecard: { reward: 1, verdict: { full: 'PASS' }, stop: 'submitted' } });
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
  });

  it('play scores end of input before the end as abandoned', () => {
    const r = spawnSync(process.execPath, [...CLI, 'play', '--world', 'fault-api', '--task', '{"profile":"clean","seed":1}'], {
      input: '{"name":"fetch_page","arguments":{}}\n',
      encoding: 'utf8',
    });
    const out = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(out).toHaveLength(3);
    expect(out[2]).toMatchObject({ done: true, scorecard: { stop: 'abandoned', verdict: { full: 'FAIL' } } });
    expect(r.status).toBe(0);
  });

  it('the dev entry point (tsx src/cli/main.ts) answers as the bundle the other tests spawn: a tripwire episode on its worker thread', async () => {
    const world = WORLDS.find((w) => w.id === 'tripwire')!;
    const made = world.makeTask({ id: 'refund-a' });
    if (!made.ok) throw new Error(made.error);
    const oracle = await runEpisode(world, made.value, world.referenceAgents.find((a) => a.role === 'oracle')!.create(made.value));
    const input = oracle.steps.map((s) => `${JSON.stringify({ name: s.call.name, arguments: s.call.arguments })}\n`).join('');
    // `play` runs input from outside, so tripwire's SQL goes to the guarded host's worker thread: under tsx the worker
    // inherits the loader, in the bundle it is the nodeWorker.mjs written beside main.mjs.
    const run = (entry: string[]) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [...entry, 'play', '--world', 'tripwire', '--task', '{"id":"refund-a"}'], { stdio: ['pipe', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        child.on('exit', (code) => resolve({ code, stdout, stderr }));
        child.stdin.end(input);
      });
    const [dev, bundled] = await Promise.all([run(DEV_CLI), run(CLI)]);
    expect(dev).toEqual(bundled);
    expect(dev).toMatchObject({ code: 0, stderr: '' });
    const lines = dev.stdout.trim().split('\n');
    expect(lines).toHaveLength(oracle.steps.length + 2);
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ done: true, scorecard: { stop: 'submitted', reward: 1, verdict: { full: 'PASS' } } });
  });
});
