import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../agents/testing/mockServer';
import { multiTaskResponder } from '../agents/testing/policyResponder';
import { faultApiWorld } from '../worlds/fault-api/index';
import { carefulSolver } from '../worlds/fault-api/solvers';
import { USAGE, runCli } from './run';
import { CLI } from './spawnTesting';

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The CLI in this process, with its output captured: the same code main.ts runs, without ~1.5 s of start-up per case. */
async function vp(...args: string[]): Promise<Ran> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { out: (l) => out.push(`${l}\n`), err: (l) => err.push(`${l}\n`), stdin: Readable.from([]) });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

/** The real binary, for what only the process shows: the exit code and the stream each line goes to. */
function spawned(...args: string[]): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const tmp = mkdtempSync(join(tmpdir(), 'vp-bad-'));
const file = (name: string, content: string) => {
  const path = join(tmp, name);
  writeFileSync(path, content);
  return path;
};
const dir = join(tmp, 'a-directory');
mkdirSync(dir);
const notJson = file('not.json', '{"format": ');
const empty = file('empty.json', '');
const plain = file('plain.txt', 'a file, not a directory\n');
const missing = join(tmp, 'missing.json');
const script = (world: string, task: unknown) => file(`script-${world}.json`, JSON.stringify({ world, task, calls: [] }));
const badLines = file('tasks.jsonl', '{"profile": "clean", "seed": 1}\n{"profile": \n');
// The first bytes of a zip and nothing else: an .eval log cut off while it was being copied.
const cutZip = file('cut.eval', '');
writeFileSync(cutZip, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0x08, 0]));
const hangman = join(__dirname, '../traces/import/fixtures/v0.1.10/results.jsonl');
const outFile = join(tmp, 'export-out.jsonl');
const studyTasks = file('study-tasks.json', '[{"world":"fault-api","task":{"profile":"clean","seed":1}}]');
const notStudy = join(__dirname, '../traces/fixtures/native-v1-fault-api.json');

const FAULT = '{"profile":"clean","seed":1}';
const READ = '{"id":"top-refund-customer"}';
const ENDPOINT = ['--base-url', 'http://127.0.0.1:9/v1', '--model', 'm'];
const EVAL = ['eval', '--world', 'fault-api', '--task', FAULT, ...ENDPOINT];

/** [arguments, a piece of the one stderr line]: every command × every kind of bad input it can get. */
const CASES: [string[], string][] = [
  [['frobnicate'], 'unknown command "frobnicate" (commands: tasks, score, play, mcp, gotchas, eval, import, export, validate, study, bench, calibrate, sql;'],
  [['--json'], 'unknown command "--json"'],

  [['calibrate', '--seeds', '99999999999'], '--seeds must be an integer from 1 to 1000, got "99999999999"'],
  [['calibrate', '--seeds', '0'], '--seeds must be an integer from 1 to 1000'],
  [['calibrate', '--seeds', '-3'], '--seeds must be an integer from 1 to 1000, got "-3"'],
  [['calibrate', '--seeds', '2.5'], '--seeds must be an integer'],
  [['calibrate', '--seeds'], '--seeds needs a value'],
  [['calibrate', '--seeds', '2', '--seeds', '3'], '--seeds is given more than once'],
  [['calibrate', '--query', 'x'], 'calibrate does not take --query (it takes --seeds, --json)'],
  [['calibrate', '--bogus'], 'unknown option "--bogus" (calibrate takes --seeds, --json)'],
  [['calibrate', '-s', '3'], 'unknown option "-s"'],
  [['calibrate', '--json=yes'], '--json takes no value'],
  [['calibrate', 'now'], 'calibrate takes no arguments, got "now"'],

  [['tasks', '--world', 'mars'], 'unknown world "mars" (known: fault-api, tripwire, ticket-queue, web-portal)'],
  [['tasks', '--world', ''], 'a world is required'],
  [['tasks', '--world'], '--world needs a value'],
  [['tasks', '--task', READ], 'tasks does not take --task'],

  [['score'], 'score needs a FILE (a trace or a script)'],
  [['score', missing], `cannot read ${missing}: ENOENT (no such file or directory)`],
  [['score', dir], `cannot read ${dir}: EISDIR (is a directory)`],
  [['score', join(plain, 'x.json')], 'ENOTDIR'],
  [['score', '/dev/zero'], '/dev/zero is larger than 64 MiB, the most the CLI reads of one file'],
  [['score', notJson], `${notJson} is not JSON`],
  [['score', empty], `${empty} is not JSON`],
  [['score', script('mars', {})], 'unknown world "mars"'],
  [['score', script('tripwire', { id: 'nope' })], 'unknown tripwire task "nope"'],
  [['score', notJson, empty], 'score takes one FILE, got 2'],

  [['play', '--task', FAULT], 'a world is required (one of: fault-api, tripwire, ticket-queue, web-portal)'],
  [['play', '--world', 'mars', '--task', FAULT], 'unknown world "mars"'],
  [['play', '--world', 'tripwire'], `play needs --task JSON, e.g. --task '${READ}' (vp tasks --world tripwire lists every tripwire task)`],
  [['play', '--world', 'fault-api'], 'play needs --task JSON'],
  [['play', '--world', 'fault-api', '--task', '{"profile":'], '--task is not JSON'],
  [['play', '--world', 'fault-api', '--task', '{"profile":"evil"}'], 'task.profile must be one of'],
  [['play', '--world', 'tripwire', '--task', '{"id":"nope"}'], 'unknown tripwire task "nope"; known: top-refund-customer'],
  [['play', '--world', 'tripwire', '--task', READ, '--task', READ], 'play takes one --task, got 2'],
  [['play', '--world', 'tripwire', '--task', READ, '--rollouts', '2'], 'play does not take --rollouts'],
  [['play', '--world', 'tripwire', '--task', READ, '--step', '2'], '--step goes with --from TRACE'],
  [['play', '--world', 'tripwire', '--from', '/nonexistent.json'], '--from TRACE needs --step K'],
  [['play', '--world', 'tripwire', '--from', '/nonexistent.json', '--step', '1'], 'cannot read /nonexistent.json'],
  [['play', '--world', 'tripwire', '--from', '/etc/hostname', '--step', '-1'], '--step must be an integer from 0 to 100000'],
  [['mcp', '--task', FAULT], 'a world is required (one of: fault-api, tripwire, ticket-queue, web-portal)'],
  [['mcp', '--world', 'tripwire'], `mcp needs --task JSON, e.g. --task '${READ}' (vp tasks --world tripwire lists every tripwire task)`],
  [['mcp', '--world', 'fault-api', '--task', '{"profile":"evil"}'], 'task.profile must be one of'],
  [['mcp', '--world', 'tripwire', '--task', READ, '--out', '/'], 'cannot write /'],
  [['mcp', '--world', 'tripwire', '--task', READ, '--json'], 'mcp does not take --json'],

  [['gotchas', '--suite', missing], `cannot read ${missing}: ENOENT`],
  [['gotchas', '--suite', dir], 'EISDIR (is a directory)'],
  [['gotchas', '--suite', notJson], 'not JSON'],
  [['gotchas', '--suite', notJson, '--write-suite', join(tmp, 'out.json')], 'gotchas takes --suite FILE or --write-suite FILE, not both'],
  [['gotchas', '--write-suite', join(tmp, 'no-such-dir', 'suite.json')], 'cannot write'],
  [['gotchas', '--write-suite', dir], `cannot write ${dir}: EISDIR`],
  [['gotchas', '--world', 'fault-api'], 'gotchas --world: "fault-api" has no gotcha table (worlds with one: tripwire, web-portal)'],
  [['gotchas', '--world', 'web-portal', '--suite', notJson], '--world picks a gotcha table; --suite and --write-suite cover every world'],

  [['sql', '--task', READ, '--query', ''], 'sql needs a non-empty --query'],
  [['sql', '--task', READ, '--query=  '], 'sql needs a non-empty --query'],
  [['sql', '--task', READ], 'sql needs a non-empty --query'],
  [['sql', '--query', 'SELECT 1'], `sql needs --task JSON, e.g. --task '${READ}'`],
  [['sql', '--task', '{"id":', '--query', 'SELECT 1'], '--task is not JSON'],
  [['sql', '--task', '{"id":"nope"}', '--query', 'SELECT 1'], 'unknown tripwire task "nope"'],
  [['sql', '--world', 'fault-api', '--task', READ, '--query', 'SELECT 1'], 'sql does not take --world'],

  [['eval', '--task', FAULT, ...ENDPOINT], 'a world is required'],
  [['eval', '--world', 'mars', '--task', FAULT, ...ENDPOINT], 'unknown world "mars"'],
  [['eval', '--world', 'fault-api', ...ENDPOINT], 'eval needs --task JSON or --tasks FILE'],
  [['eval', '--world', 'fault-api', '--task', '{"profile":', ...ENDPOINT], '--task is not JSON'],
  [['eval', '--world', 'fault-api', '--tasks', missing, ...ENDPOINT], `cannot read ${missing}: ENOENT`],
  [['eval', '--world', 'fault-api', '--tasks', dir, ...ENDPOINT], 'EISDIR'],
  [['eval', '--world', 'fault-api', '--tasks', badLines, ...ENDPOINT], 'line 2 is not JSON'],
  [[...EVAL, '--rollouts', '0'], '--rollouts must be an integer from 1 to 10000, got "0"'],
  [[...EVAL, '--rollouts', '99999999999'], '--rollouts must be an integer from 1 to 10000'],
  [[...EVAL, '--concurrency', '65'], '--concurrency must be an integer from 1 to 64'],
  [['eval', '--world', 'fault-api', '--task', FAULT, '--model', 'm'], 'base URL'],
  [['eval', '--world', 'fault-api', '--task', FAULT, '--base-url', 'http://127.0.0.1:9/v1'], 'model'],
  [[...EVAL, '--api-key-env', 'sk-not-a-name'], '--api-key-env takes the NAME of an environment variable'],
  [[...EVAL, '--api-key-env', 'VP_T12_SURELY_UNSET'], 'VP_T12_SURELY_UNSET (--api-key-env) is not set or empty'],
  [[...EVAL, '--out', join(plain, 'traces.jsonl')], `cannot write ${join(plain, 'traces.jsonl')}: ENOTDIR`],
  [[...EVAL, '--out', dir], `cannot write ${dir}: EISDIR`],

  [['import'], 'import needs a FILE'],
  [['import', missing], `cannot read ${missing}: ENOENT`],
  [['import', dir], `cannot read ${dir}: EISDIR (is a directory)`],
  [['import', plain], 'nothing could be imported'],
  [['import', empty], 'nothing could be imported'],
  [['import', '/dev/zero'], '/dev/zero is larger than 256 MiB, the import limit'],
  [['import', plain, empty], 'nothing could be imported from 2 files: '],
  [['import', plain, '--out', plain], 'import does not take --out'],
  [['import', cutZip], `${cutZip}: nothing could be imported: no end-of-central-directory record: not a zip, or a truncated one`],

  [['export'], 'export needs a FILE'],
  [['export', plain, '--out', outFile], 'export needs --format (native, vf, inspect, csv)'],
  [['export', plain, '--format', 'xml', '--out', outFile], '--format must be one of native, vf, inspect, csv, got "xml"'],
  [['export', plain, '--format', 'vf'], 'export needs --out FILE'],
  [['export', missing, '--format', 'vf', '--out', join(tmp, 'no-such-dir', 'x.jsonl')], `cannot write ${join(tmp, 'no-such-dir', 'x.jsonl')}: ENOENT`],
  [['export', missing, '--format', 'vf', '--out', join(plain, 'x.jsonl')], 'ENOTDIR'],
  [['export', missing, '--format', 'vf', '--out', outFile], `cannot read ${missing}: ENOENT`],
  [
    ['export', hangman, '--format', 'native', '--out', join(tmp, 'native-out.jsonl')],
    "nothing to write as native: 3 rows of hangman_agent: not one of the playground's worlds",
  ],
  [['export', hangman, '--format', 'vf', '--out', outFile, '--seeds', '2'], 'export does not take --seeds (it takes --format, --out, --vf-current, --json)'],

  [['study'], 'study needs a FILE (make or summarize)'],
  [['study', 'frob'], 'study takes make or summarize, got "frob"'],
  [['study', 'make'], 'study make needs --tasks FILE'],
  [['study', 'make', '--tasks', missing, '--title', 't'], `cannot read ${missing}: ENOENT`],
  [['study', 'make', '--tasks', badLines, '--title', 't'], 'line 2 is not JSON'],
  [['study', 'make', '--tasks', studyTasks], 'study make needs a title: --title "…"'],
  [['study', 'make', '--tasks', studyTasks, '--title', ' '], 'the study needs a title'],
  [['study', 'make', '--tasks', studyTasks, '--title', 't', '--time-limit', '5'], '--time-limit must be an integer from 10 to 86400, got "5"'],
  [['study', 'make', '--tasks', studyTasks, '--title', 't', '--site', 'ftp://x'], '--site must be an http(s) address'],
  [['study', 'make', '--tasks', studyTasks, '--title', 't', 'extra.json'], 'study make takes no FILE arguments'],
  [
    ['study', 'make', '--tasks', file('mars-tasks.json', '[{"world":"mars","task":{}}]'), '--title', 't'],
    'task 1 is in the world "mars", which this site does not have',
  ],
  [
    ['study', 'make', '--tasks', file('bad-task.json', '[{"world":"fault-api","task":{"profile":"evil"}}]'), '--title', 't'],
    'task 1 (fault-api {"profile":"evil"}) is not a task of its world',
  ],
  [['study', 'make', '--tasks', file('no-spec.json', '[{"world":"fault-api"}]'), '--title', 't'], 'task 1 has no task spec object'],
  [['study', 'summarize'], 'study summarize needs FILE…'],
  [['study', 'summarize', plain, '--shuffle'], 'study summarize does not take --shuffle'],
  [['study', 'summarize', missing], `cannot read ${missing}: ENOENT`],
  [['study', 'summarize', notStudy], 'no study runs in these files'],

  [['validate', '--world', 'mars'], 'unknown world "mars"'],
  [['validate', 'all'], 'validate takes no arguments'],
  [['bench', '--json', 'now'], 'bench takes no arguments'],
  [['bench', '--seeds', '3'], 'bench does not take --seeds (it takes --json)'],
];

describe('vp: bad input is one line on stderr, exit 2, nothing on stdout', () => {
  it.concurrent.for(CASES)('%j', async ([args, message], { expect }) => {
    const r = await vp(...args);
    expect(r.stderr).toBe(`vp: ${r.stderr.slice(4, -1)}\n`);
    expect(r.stderr.slice(0, -1)).not.toContain('\n');
    expect(r.stderr).toContain(message);
    expect(r.stdout).toBe('');
    expect(r.code).toBe(2);
  });

  it('a message quoting odd input stays one printable line of at most 1000 characters', async () => {
    const r = await vp('tasks', '--world', `\u001b[31mmars\n${'x'.repeat(200_000)}`);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')).toEqual([expect.stringMatching(/^vp: unknown world " \[31mmars x+…$/), '']);
    expect(r.stderr.length).toBeLessThanOrEqual(1006);
  });

  it('no command: the usage on stderr, exit 2; help and --help: the usage on stdout, exit 0', async () => {
    expect(await vp()).toEqual({ code: 2, stdout: '', stderr: `vp: a command is required\n${USAGE}\n` });
    for (const args of [['help'], ['--help'], ['score', '--help'], ['sql', '--query', 'SELECT 1', '--help']])
      expect(await vp(...args), args.join(' ')).toEqual({ code: 0, stdout: `${USAGE}\n`, stderr: '' });
    expect(USAGE).toContain('--query="-- a comment…"');
    expect(USAGE).toMatch(/64 MiB.*256 MiB/);
  });
});

describe('vp: --query takes the next word even when it starts with "-"', () => {
  const withComment = '-- the refunds table\nSELECT count(*) AS n FROM refunds';
  it.each([['--query', withComment], [`--query=${withComment}`]])('%s …', async (...query) => {
    const r = await vp('sql', '--task', READ, ...query, '--json');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, columns: ['n'], error: null, read: { refunds: expect.any(Array) } });
  });
});

describe('vp eval --out', () => {
  let server: MockServer;
  beforeAll(async () => {
    const task = faultApiWorld.makeTask(JSON.parse(FAULT));
    if (!task.ok) throw new Error(task.error);
    server = await startMockServer({ respond: multiTaskResponder([task.value], carefulSolver) });
  });
  afterAll(() => server.close());

  it('an --out that cannot be written fails before the first request; a writable one is reached', async () => {
    const args = ['eval', '--world', 'fault-api', '--task', FAULT, '--base-url', server.baseUrl, '--model', 'm'];
    const bad = await vp(...args, '--out', join(tmp, 'no-such-dir', 'traces.jsonl'));
    expect(bad).toMatchObject({ code: 2, stdout: '', stderr: expect.stringContaining('cannot write') });
    expect(server.completions()).toHaveLength(0);
    // The control: the same command with a writable --out plays the task and writes the trace.
    const out = join(tmp, 'traces.jsonl');
    const good = await vp(...args, '--out', out, '--json');
    expect(good).toMatchObject({ code: 0, stderr: '' });
    expect(server.completions().length).toBeGreaterThan(0);
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(1);
  });
});

describe('vp, the real process', () => {
  it('routes each case to the right stream and exit code', async () => {
    const [none, help, dirImport, zero] = await Promise.all([spawned(), spawned('--help'), spawned('import', dir), spawned('score', '/dev/zero')]);
    expect(none).toEqual({ code: 2, stdout: '', stderr: `vp: a command is required\n${USAGE}\n` });
    expect(help).toEqual({ code: 0, stdout: `${USAGE}\n`, stderr: '' });
    expect(dirImport).toEqual({ code: 2, stdout: '', stderr: `vp: cannot read ${dir}: EISDIR (is a directory)\n` });
    expect(zero).toEqual({ code: 2, stdout: '', stderr: 'vp: /dev/zero is larger than 64 MiB, the most the CLI reads of one file\n' });
  }, 60000);
});
