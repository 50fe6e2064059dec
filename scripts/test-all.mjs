// The one test command (`npm test`): the type check with the lint, dead exports, format, the production build
// and the unit tests side by side; then Playwright against that build. Ends with one plain line
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

// The static checks, the build and the unit tests run side by side, each one's output printed whole when it ends, in
// this order: the type check with the lint (one program for both, scripts/typecheck-lint.mjs); dead exports, format
// and the build one after another; and Vitest, which uses every core it is given. On two cores, ~2.5 minutes of CPU
// that ran as two phases (the checks, then the unit tests) share the cores, so neither leaves one idle.
const REPORT = `${REPORTS}/vitest.json`;
const streams = [
  [['typecheck and lint', 'node', ['scripts/typecheck-lint.mjs']]],
  [
    // Exports nothing imports (knip.json), over the whole repository.
    ['dead exports', 'npx', ['knip']],
    ['format', 'npx', ['prettier', '--check', '.']],
    ['build', 'npx', ['vite', 'build']],
  ],
  [['unit tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${REPORT}`]]],
];
const results = new Map();
await Promise.all(
  streams.map(async (stream) => {
    for (const [label, cmd, args] of stream) results.set(label, await runQuiet(label, cmd, args));
  }),
);
for (const [label] of streams.flat()) {
  const r = results.get(label);
  console.log(`\n=== ${label}: ${r.line} (${r.seconds} s)`);
  process.stdout.write(r.output);
  // The unit tests are counted from their report, test by test.
  if (!r.ok && label !== 'unit tests') {
    failed++;
    problems.push(label);
  }
}
const built = results.get('build')?.ok === true;

const vitest = readJson(REPORT);
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  if ((vitest.numFailedTestSuites ?? 0) > 0 && (vitest.numFailedTests ?? 0) === 0) {
    failed++;
    problems.push('a unit test file failed to load');
  } else if (!results.get('unit tests').ok && (vitest.numFailedTests ?? 0) === 0) {
    // Every test passed but Vitest failed the run (an unhandled error, a leak its guard found).
    failed++;
    problems.push('vitest failed the run');
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
