import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.PW_PORT ?? 4317);
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** Chromium features the tests and benchmarks turn off (see launchOptions). */
const CHROMIUM_OFF = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Tests, not files, are shared out: a long file no longer ends the run alone on one worker.
  fullyParallel: true,
  workers: 2,
  timeout: 60_000,
  // A check waits for what the page does, never times it: 5 s (the default) was close on a slow 2-core machine under
  // the suite's own load (a `.ci/run` there took 12 min). Only a failing check waits the whole time.
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: '.reports/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    viewport: { width: 1280, height: 860 },
    // One context per worker, reset between tests by Playwright (other pages closed, about:blank, cookies, cache,
    // localStorage, sessionStorage, IndexedDB, OPFS and service workers cleared; the test's routes, init scripts and
    // emulation dropped): a new page cost Chromium ~0.8 s of CPU; the whole run 611 → 494 s of CPU (321 → 269 s).
    reuseContext: true,
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // Chromium 156 builds its WebUI omnibox popup (~100 modules in a renderer of their own) for every window it
        // opens, headless or not: 2.4 s of CPU for each new page here, 0.6-0.8 s without it (scratch measurement, six
        // pages on a blank document). No page under test can reach the omnibox.
        `--disable-features=${CHROMIUM_OFF.join(',')}`,
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `npx vite preview --port ${PORT} --strictPort --host 127.0.0.1`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
