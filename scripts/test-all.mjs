// The one test command (`npm test`): lint beside typecheck, dead exports, format and the production
// build; then unit tests, then Playwright against that build. Ends with one plain line
// "N passed, M failed" summed from both runners' JSON reports, and exits
// non-zero on any failure or when no test ran.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const REPORTS = '.reports';
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

function run(label, cmd, args) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  return r.status === 0;
}

/** A command whose output is kept until it ends (two run at once; their lines must not interleave). */
function runQuiet(label, cmd, args) {
  const line = `${cmd} ${args.join(' ')}`;
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    const done = (ok, extra = '') =>
      resolve({ ok, line, output: Buffer.concat(chunks).toString('utf8') + extra, seconds: ((Date.now() - started) / 1000).toFixed(1) });
    child.on('error', (e) => done(false, `${label}: ${e.message}\n`));
    child.on('close', (code) => done(code === 0));
  });
}

function readJson(path) {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

let passed = 0;
let failed = 0;
const problems = [];

// The static checks and the build are single-threaded: two streams of them run side by side (lint, the longest,
// beside the rest), each one's output printed whole when it ends, in this order.
const lint = [['lint', 'npx', ['eslint', '.', '--max-warnings=0']]];
const rest = [
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  // Exports nothing imports (knip.json), over the whole repository.
  ['dead exports', 'npx', ['knip']],
  ['format', 'npx', ['prettier', '--check', '.']],
  ['build', 'npx', ['vite', 'build']],
];
const results = new Map();
await Promise.all(
  [lint, rest].map(async (stream) => {
    for (const [label, cmd, args] of stream) results.set(label, await runQuiet(label, cmd, args));
  }),
);
for (const [label] of [...lint, ...rest]) {
  const r = results.get(label);
  console.log(`\n=== ${label}: ${r.line} (${r.seconds} s)`);
  process.stdout.write(r.output);
  if (!r.ok) {
    failed++;
    problems.push(label);
  }
}
const built = results.get('build')?.ok === true;

run('unit tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${REPORTS}/vitest.json`]);
const vitest = readJson(`${REPORTS}/vitest.json`);
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  if ((vitest.numFailedTestSuites ?? 0) > 0 && (vitest.numFailedTests ?? 0) === 0) {
    failed++;
    problems.push('a unit test file failed to load');
  }
} else {
  failed++;
  problems.push('vitest wrote no report');
}

if (built) {
  run('browser tests', 'npx', ['playwright', 'test']);
  const pw = readJson(`${REPORTS}/playwright.json`);
  if (pw?.stats) {
    passed += (pw.stats.expected ?? 0) + (pw.stats.flaky ?? 0);
    failed += pw.stats.unexpected ?? 0;
    if ((pw.errors ?? []).length > 0) {
      failed++;
      problems.push(`playwright: ${pw.errors.map((e) => e.message).join('; ')}`);
    }
  } else {
    failed++;
    problems.push('playwright wrote no report');
  }
}

if (problems.length) console.log(`\nproblems: ${problems.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
