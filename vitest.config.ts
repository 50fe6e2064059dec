import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Three projects, so most files share one module graph per worker (isolate: false) instead of importing the
 * worlds, sql.js and the CLI afresh for each of 160 files. Sharing is safe only for a file that leaves module
 * state as it found it, so a file runs:
 * - in `isolated` (fresh modules per file, Vitest's default) if it is UI code (stores, IndexedDB fakes, the UI
 *   registry its tests fill) or it mocks modules, globals, the environment or timers;
 * - in `fixture-worlds` (shared) if it registers the fixture worlds (`worlds/testing/register.ts`): every file there
 *   does, the same worlds, so each sees the same WORLDS whatever ran before it in its worker;
 * - in `shared` otherwise, where `worlds/testing/registryGuard.ts` fails a file that leaves WORLDS or the timers
 *   changed: the leak that would make a result depend on file order.
 * Vitest's sequencer runs the projects one after another by name, so a shared worker is reused across the files
 * of its project rather than restarted at each switch.
 */
const ROOT = fileURLToPath(new URL('.', import.meta.url));
const TESTS = readdirSync(`${ROOT}src`, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => `src/${f}`);
const says = (pattern: RegExp) => TESTS.filter((f) => pattern.test(readFileSync(`${ROOT}${f}`, 'utf8')));
const MOCKS = says(/\bvi\.(mock|doMock|spyOn|stubGlobal|stubEnv|useFakeTimers|hoisted)\b/);
const FIXTURES = says(/^import '[./]*(testing\/)?register';$/m).filter((f) => !f.startsWith('src/ui/') && !MOCKS.includes(f));
const ISOLATED = ['src/ui/**/*.test.{ts,tsx}', ...MOCKS];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30000,
    // The CLI built once for the tests that spawn it (src/cli/testing/cliBundle.ts).
    globalSetup: ['src/cli/testing/cliBundle.ts'],
    // Vitest's default leaves one core idle (one worker on a two-core machine); many files here wait on child
    // processes and worker threads, so every core gets a worker.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      // A fresh worker per file: threads start cheaper than processes (about a quarter of this project's CPU).
      { extends: true, test: { name: 'isolated', include: ISOLATED, pool: 'threads' } },
      { extends: true, test: { name: 'fixture-worlds', include: FIXTURES, isolate: false } },
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: [...ISOLATED, ...FIXTURES],
          isolate: false,
          setupFiles: ['src/worlds/testing/registryGuard.ts'],
        },
      },
    ],
  },
});
