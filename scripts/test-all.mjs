// The one test command (`npm test`): the production build and then Playwright against it, beside lint,
// typecheck, dead exports, format and then the unit tests. Ends with one plain line
// "N passed, M failed" summed from both runners' JSON reports, and exits
// non-zero on any failure or when no test ran.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const REPORTS = '.reports';
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

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

/** A command whose output is printed as it comes (the browser tests' progress), without blocking the other stream. */
function runLive(label, cmd, args) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: process.env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (e) => {
      console.log(`${label}: ${e.message}`);
      resolve(false);
    });
    child.on('close', (code) => resolve(code === 0));
  });
}

// Two streams side by side. One builds, then runs the browser tests, printing their progress as it comes: Playwright
// waits on pages, workers and timers, and alone kept about one and a half of two cores busy. The other fills the
// rest: the static checks (single-threaded), then the unit tests; each one's output is printed whole at the end, in
// this order.
const checks = [
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  // Exports nothing imports (knip.json), over the whole repository.
  ['dead exports', 'npx', ['knip']],
  ['format', 'npx', ['prettier', '--check', '.']],
  ['unit tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${REPORTS}/vitest.json`]],
];
const results = new Map();
let built = false;
await Promise.all([
  (async () => {
    const build = await runQuiet('build', 'npx', ['vite', 'build']);
    console.log(`\n=== build: ${build.line} (${build.seconds} s)`);
    process.stdout.write(build.output);
    if (!build.ok) {
      failed++;
      problems.push('build');
      return;
    }
    built = true;
    await runLive('browser tests', 'npx', ['playwright', 'test']);
  })(),
  (async () => {
    for (const [label, cmd, args] of checks) results.set(label, await runQuiet(label, cmd, args));
  })(),
]);
for (const [label] of checks) {
  const r = results.get(label);
  console.log(`\n=== ${label}: ${r.line} (${r.seconds} s)`);
  process.stdout.write(r.output);
  // The unit tests are counted from their report, below.
  if (!r.ok && label !== 'unit tests') {
    failed++;
    problems.push(label);
  }
}

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
