import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * Browser benchmarks: figures printed and attached, never asserted (`npm run bench:web`); the
 * issue's figures are summed up at the end (bench/figures.ts). Port: PW_PORT, as for the tests.
 */
export default defineConfig({
  ...base,
  testDir: 'bench',
  testMatch: /.*\.bench\.ts/,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  globalSetup: './bench/globalSetup.ts',
  globalTeardown: './bench/globalTeardown.ts',
});
