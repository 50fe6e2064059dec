import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 30000,
    // The CLI built once for the tests that spawn it (src/cli/testing/cliBundle.ts).
    globalSetup: ['src/cli/testing/cliBundle.ts'],
    // Vitest's default leaves one core idle (one worker on a two-core machine); many files here wait on child
    // processes and worker threads, so every core gets a worker.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
