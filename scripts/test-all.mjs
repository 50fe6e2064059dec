// The one test command (`npm test`): typecheck, lint, dead exports, format, unit tests, production
// build, then Playwright against that build. Ends with one plain line
// "N passed, M failed" summed from both runners' JSON reports, and exits
// non-zero on any failure or when no test ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const REPORTS = '.reports';
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

function run(label, cmd, args) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  return r.status === 0;
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

for (const [label, cmd, args] of [
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  // Exports nothing imports (knip.json), over the whole repository.
  ['dead exports', 'npx', ['knip']],
  ['format', 'npx', ['prettier', '--check', '.']],
]) {
  if (!run(label, cmd, args)) {
    failed++;
    problems.push(label);
  }
}

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

if (run('build', 'npx', ['vite', 'build'])) {
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
} else {
  failed++;
  problems.push('build');
}

if (problems.length) console.log(`\nproblems: ${problems.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
