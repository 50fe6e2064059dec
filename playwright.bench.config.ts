import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/** Browser benchmarks: figures printed and attached, never asserted (`npm run bench:web`). */
export default defineConfig({
  ...base,
  testDir: 'bench',
  testMatch: /.*\.bench\.ts/,
  workers: 1,
  retries: 0,
  reporter: [['list']],
});
