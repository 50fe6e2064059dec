import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { evalJson, formatEval, runEval, type EvalScorecard } from '../cli/commands/eval';
import { CliError } from '../cli/io';
import { readTrace } from '../traces/native';
import { verifyTrace } from '../traces/replay';
import { faultApiWorld } from '../worlds/fault-api/index';
import { carefulSolver } from '../worlds/fault-api/solvers';
import { multiTaskResponder } from './testing/policyResponder';
import { startMockServer, type MockServer } from './testing/mockServer';

const KEY = 'sk-eval-SECRET-777';
const specs = [
  { profile: 'hostile', seed: 1 },
  { profile: 'clean', seed: 2, max_turns: 25 },
];
const tasks = specs.map((s) => {
  const t = faultApiWorld.makeTask(s);
  if (!t.ok) throw new Error(t.error);
  return t.value;
});
const tmp = mkdtempSync(join(tmpdir(), 'vp-eval-'));

let server: MockServer;
afterEach(() => server?.close());
const base = () => ({ world: 'fault-api', baseUrl: server.baseUrl, model: 'mock-model' });

describe('runEval (vp eval)', () => {
  it('scores tasks × rollouts with usage and latency, and writes replayable traces without the key', async () => {
    server = await startMockServer({ respond: multiTaskResponder(tasks, carefulSolver) });
    const out = join(tmp, 'traces.jsonl');
    const cards = await runEval({
      ...base(),
      task: specs.map((s) => JSON.stringify(s)),
      rollouts: 2,
      apiKeyEnv: 'VP_TEST_KEY',
      env: { VP_TEST_KEY: KEY },
      out,
    });
    expect(cards.map((c) => [c.task.profile, c.rollout, c.reward, c.stop, c.model])).toEqual([
      ['hostile', 0, 1, 'submitted', 'mock-model'],
      ['hostile', 1, 1, 'submitted', 'mock-model'],
      ['clean', 0, 1, 'submitted', 'mock-model'],
      ['clean', 1, 1, 'submitted', 'mock-model'],
    ]);
    for (const c of cards) {
      expect(c.usage.prompt_tokens).toBeGreaterThan(0);
      expect(c.usage.peak_prompt_tokens).toBeGreaterThan(0);
      expect(c.latency_ms).toBeGreaterThanOrEqual(0);
      expect(c).toMatchObject({ replay: 'n/a', cost_usd: null, agent: 'mock-model' });
    }
    const text = readFileSync(out, 'utf8');
    expect(text).not.toContain(KEY);
    expect(JSON.stringify(cards)).not.toContain(KEY);
    const lines = text.trim().split('\n');
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      const trace = readTrace(JSON.parse(line));
      expect(trace.ok).toBe(true);
      if (!trace.ok) continue;
      const report = await verifyTrace(faultApiWorld, trace.value);
      expect(report.ok && report.value.status).toBe('match');
    }
    expect(server.completions().every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
  });

  it('reads a tasks file: `tasks --json` rows or one spec per line', async () => {
    server = await startMockServer({ respond: multiTaskResponder(tasks, carefulSolver) });
    const rows = join(tmp, 'rows.json');
    writeFileSync(rows, JSON.stringify(specs.map((task) => ({ world: 'fault-api', task, title: 'x' }))));
    expect((await runEval({ ...base(), tasksFile: rows })).map((c) => c.task.seed)).toEqual([1, 2]);
    const jsonl = join(tmp, 'specs.jsonl');
    writeFileSync(jsonl, specs.map((s) => JSON.stringify(s)).join('\n'));
    expect((await runEval({ ...base(), tasksFile: jsonl })).map((c) => c.task.seed)).toEqual([1, 2]);
  });

  it('fails with one line when every rollout failed, naming the cause', async () => {
    server = await startMockServer({ respond: () => ({ kind: 'status', status: 404 }) });
    await expect(runEval({ ...base(), task: '{"seed":1}' })).rejects.toThrow(/^every rollout failed: Not found \(404\)/);
  });

  it.each([
    [{ task: undefined }, /needs --task JSON or --tasks FILE/],
    [{ task: '{seed' }, /--task is not JSON/],
    [{ task: '{"profile":"nope"}' }, /task 1: task.profile must be one of/],
    [{ world: 'atlantis' }, /unknown world "atlantis"/],
    [{ rollouts: 0 }, /--rollouts must be an integer from 1/],
    [{ baseUrl: 'ftp://x' }, /must start with http/],
    [{ model: '' }, /model name is required/],
    [{ apiKeyEnv: 'MISSING_VAR_XYZ', env: {} }, /MISSING_VAR_XYZ \(--api-key-env\) is not set/],
    [{ tasksFile: join(tmp, 'absent.json') }, /cannot read .*absent.json: ENOENT/],
    [{ maxResponseBytes: 1000 }, /reply size limit must be a whole number of bytes from 65536/],
  ])('bad input %j → CliError', async (override, message) => {
    server = await startMockServer({ respond: [] });
    const e = await runEval({ ...base(), task: '{"seed":1}', ...override }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(CliError);
    expect((e as Error).message).toMatch(message);
    expect((e as Error).message).not.toContain('\n');
    expect(server.requests).toHaveLength(0);
  });

  it('an endpoint that echoes the key and the URL credential: --out, the scorecards and the table carry *** instead', async () => {
    const CRED = 'qp-SECRET-9911';
    const echo = `echo ${KEY} ${CRED}`;
    server = await startMockServer({
      respond: [
        { kind: 'tool-calls', content: echo, calls: [{ name: 'fetch_page', arguments: { cursor: echo } }] },
        { kind: 'prose', content: `Done: ${echo}` },
      ],
    });
    const out = join(tmp, 'echo.jsonl');
    const cards = await runEval({ ...base(), baseUrl: `${server.baseUrl}?api_key=${CRED}`, task: '{"seed":1}', apiKeyEnv: 'K', env: { K: KEY }, out });
    expect(server.completions()[0]!.path).toBe(`/v1/chat/completions?api_key=${CRED}`);
    expect(server.completions()[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    const written = readFileSync(out, 'utf8');
    for (const text of [written, JSON.stringify(cards), formatEval(cards), JSON.stringify(evalJson(cards))]) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(CRED);
    }
    const trace = JSON.parse(written) as { steps: { call: { arguments: unknown } }[]; stop: { detail: string } };
    expect(trace.steps[0]!.call.arguments).toEqual({ cursor: 'echo *** ***' });
    expect(trace.stop.detail).toBe('Done: echo *** ***');
  });

  it('--max-response-bytes: a reply over it fails the rollout with the limit in words', async () => {
    server = await startMockServer({ respond: () => ({ kind: 'prose', content: 'x'.repeat(100_000) }) });
    await expect(runEval({ ...base(), task: '{"seed":1}', maxResponseBytes: 65_536 })).rejects.toThrow(
      /^every rollout failed: The model's reply is larger than the 64 KiB limit/,
    );
  });

  it('a key passed where the variable name goes is refused without being echoed', async () => {
    server = await startMockServer({ respond: [] });
    const e = await runEval({ ...base(), task: '{}', apiKeyEnv: 'sk-abc-123-secret' }).catch((x: Error) => x);
    expect(e).toBeInstanceOf(CliError);
    expect((e as Error).message).toMatch(/takes the NAME of an environment variable/);
    expect((e as Error).message).not.toContain('sk-abc-123-secret');
  });

  it('a tasks file row for another world is refused', async () => {
    server = await startMockServer({ respond: [] });
    const file = join(tmp, 'other.json');
    writeFileSync(file, JSON.stringify([{ world: 'ticket-queue', task: { id: 'x' } }]));
    await expect(runEval({ ...base(), tasksFile: file })).rejects.toThrow(/task 1 is for world "ticket-queue", not "fault-api"/);
  });
});

describe('formatEval', () => {
  it('prints one row per rollout with tokens, latency and cost', async () => {
    server = await startMockServer({ respond: multiTaskResponder(tasks, carefulSolver) });
    const cards = await runEval({ ...base(), task: JSON.stringify(specs[1]) });
    const lines = formatEval(cards).split('\n');
    expect(lines[0]).toMatch(/^task\s+rollout\s+naive\s+full\s+verdicts\s+stop\s+steps\s+tok in\s+tok out\s+peak ctx\s+latency s\s+cost \$$/);
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe(
      'divergence: naive PASS · full FAIL: 0 of 1 (0%) · naive FAIL · full PASS: 0 of 1 (0%) · strict 0 while full ≥ 0.50: no strict reading',
    );
    const c = cards[0]!;
    expect(lines[2]!.split(/\s{2,}/)).toEqual([
      JSON.stringify(c.task),
      '0',
      c.naive.toFixed(2),
      '1.00',
      `${c.verdict.naive}/PASS`,
      'submitted',
      String(c.steps),
      String(c.usage.prompt_tokens),
      String(c.usage.completion_tokens),
      String(c.usage.peak_prompt_tokens),
      (c.latency_ms / 1000).toFixed(1),
      '-',
    ]);
  });
});

describe('vp eval divergence', () => {
  // Scorecards as `vp eval` prints them, written by hand: only verdicts, reward and readings matter here.
  const card = (naive: 'PASS' | 'FAIL', full: 'PASS' | 'FAIL', reward: number, strict?: number): EvalScorecard => ({
    world: 'ticket-queue',
    task: { id: 't' },
    reward,
    naive: naive === 'PASS' ? 1 : 0,
    layers: {},
    shares: [],
    formula: null,
    why: '',
    ...(strict === undefined ? {} : { readings: { strict } }),
    verdict: { naive, full, caught_by: null },
    replay: 'n/a',
    stop: 'submitted',
    steps: 1,
    model: 'm',
    driver: 'history',
    rollout: 0,
    usage: { prompt_tokens: 0, completion_tokens: 0, peak_prompt_tokens: 0 },
    latency_ms: 0,
    cost_usd: null,
  });
  const cards = [card('PASS', 'PASS', 1, 1), card('PASS', 'FAIL', 0.9, 0), card('FAIL', 'FAIL', 0.2, 0), card('FAIL', 'PASS', 1, 1)];

  it('--json prints {runs, divergence}: counts, rates and the diverging runs by index', () => {
    const out = evalJson(cards);
    expect(out.runs).toBe(cards);
    expect(out.divergence).toEqual({
      runs: 4,
      dense_at: 0.5,
      naive_pass_full_fail: { count: 1, of: 4, rate: 0.25, runs: [1] },
      naive_fail_full_pass: { count: 1, of: 4, rate: 0.25, runs: [3] },
      strict_zero_dense: { count: 1, of: 4, rate: 0.25, runs: [1] },
      diverging: [1, 3],
    });
  });

  it('the text form ends with the same figures on one line', () => {
    expect(formatEval(cards).split('\n').at(-1)).toBe(
      'divergence: naive PASS · full FAIL: 1 of 4 (25%) · naive FAIL · full PASS: 1 of 4 (25%) · strict 0 while full ≥ 0.50: 1 of 4 (25%); diverging runs (0-based): 1, 3',
    );
  });
});

describe('vp eval --driver', () => {
  it('scratchpad: every request is the prompt and one scratchpad message; the mode is on each scorecard and trace', async () => {
    server = await startMockServer({
      respond: [
        { kind: 'tool-calls', calls: [{ name: 'fetch_page', arguments: { cursor: null } }] },
        { kind: 'prose', content: 'stop' },
      ],
    });
    const out = join(tmp, 'scratch.jsonl');
    const cards = await runEval({ ...base(), task: JSON.stringify(specs[0]), driver: 'scratchpad', out });
    expect(cards.map((c) => [c.driver, c.steps, c.stop])).toEqual([['scratchpad', 1, 'no-tool-call']]);
    const [, second] = server.completions().map((c) => (c.body as { messages: { role: string; content: string }[] }).messages);
    expect(second!.map((m) => m.role)).toEqual([...tasks[0]!.prompt.map((m) => m.role), 'user']);
    expect(second!.at(-1)!.content).toContain(`1. fetch_page {"cursor":null} → cursor start → `);
    const trace = readTrace(JSON.parse(readFileSync(out, 'utf8').trim()));
    expect(trace.ok && trace.value.meta?.model).toMatchObject({ driver: 'scratchpad' });
  });

  it('refuses a mode it does not know, before any request', async () => {
    server = await startMockServer({ respond: [] });
    await expect(runEval({ ...base(), task: JSON.stringify(specs[0]), driver: 'memory' })).rejects.toThrow(
      new CliError('--driver must be one of history, scratchpad, got "memory"'),
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe('vp eval plans within its budget', () => {
  it('tasks × rollouts over the evalRollouts limit is refused before the first request, with the figures', async () => {
    server = await startMockServer({ respond: [] });
    const e = await runEval({ ...base(), task: ['{"seed":1}', '{"seed":2}'], rollouts: 10_000 }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(CliError);
    expect((e as Error).message).toBe(
      'vp eval: 2 tasks × 10,000 rollouts = 20,000, over the evalRollouts limit of 10,000 (tasks × rollouts in one `vp eval`): nothing was sent; split the tasks or lower --rollouts',
    );
    expect(server.requests).toHaveLength(0);
  });
});
