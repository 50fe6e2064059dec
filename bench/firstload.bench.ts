import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test, type Browser } from '@playwright/test';
import { DDL } from '../src/worlds/tripwire/schema';

const RUNS = 7;

function wasmAsset(): string {
  const name = readdirSync('dist/assets').find((f) => f.endsWith('.wasm'));
  if (!name) throw new Error('no .wasm in dist/assets: run `npm run build` first');
  return `assets/${name}`;
}

/** A fresh context per run: empty HTTP cache, nothing compiled. */
async function cold<T>(browser: Browser, fn: (page: import('@playwright/test').Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    return await fn(await context.newPage());
  } finally {
    await context.close();
  }
}

/** sql.js's glue, injected into the bare page (no network: this is a floor), exposed as a global. */
const SQL_GLUE = `${readFileSync(createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.js'), 'utf8')}\n;window.initSqlJs = initSqlJs;`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

test('first load: the home table against the floor of fetching and compiling sql.js wasm', async ({ browser }, testInfo) => {
  const wasm = wasmAsset();
  const floor: number[] = [];
  const sqlFloor: number[] = [];
  const home: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    // The floor the issue names: a bare page that only fetches and compiles the same wasm file.
    floor.push(
      await cold(browser, async (page) => {
        await page.goto('./blank.html');
        return page.evaluate(async (url) => {
          await WebAssembly.compileStreaming(fetch(url));
          return performance.now();
        }, wasm);
      }),
    );
    // The floor of any page that runs SQLite: the same, then instantiate sql.js and create
    // tripwire's schema — the least every tripwire row needs, with no app code at all.
    sqlFloor.push(
      await cold(browser, async (page) => {
        await page.addInitScript({ content: SQL_GLUE });
        await page.goto('./blank.html');
        return page.evaluate(
          async ({ url, ddl }) => {
            const module = await WebAssembly.compileStreaming(fetch(url));
            const init = (window as unknown as { initSqlJs: (config: object) => Promise<{ Database: new () => { exec(sql: string): unknown } }> }).initSqlJs;
            const SQL = await init({
              instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) {
                void WebAssembly.instantiate(module, imports).then(done);
                return {};
              },
            });
            new SQL.Database().exec(ddl);
            return performance.now();
          },
          { url: wasm, ddl: DDL },
        );
      }),
    );
    // The site: navigation start until all three worlds' home rows are on screen. Timed in the page
    // (the frame after the last row is in the DOM): polling from Playwright would add its own delay,
    // the larger for the page being busy right then (the calibration starts when the tables are done).
    home.push(
      await cold(browser, async (page) => {
        await page.addInitScript(() => {
          const rows = ['home-tripwire', 'home-fault-api', 'home-ticket-queue'].map((t) => `[data-testid="${t}"] tbody tr[data-testid]`);
          const observer = new MutationObserver(() => {
            if (!rows.every((sel) => document.querySelector(sel))) return;
            observer.disconnect();
            requestAnimationFrame(() => ((window as unknown as { __homeRows: number }).__homeRows = performance.now()));
          });
          observer.observe(document, { subtree: true, childList: true });
        });
        await page.goto('./');
        await page.getByTestId('home-tripwire').getByTestId('row-the-fabricator').waitFor({ timeout: 30_000 });
        await page.getByTestId('home-fault-api').getByTestId('row-careful').waitFor();
        await page.getByTestId('home-ticket-queue').getByTestId('row-metric-gaming').waitFor();
        await page.waitForFunction(() => (window as unknown as { __homeRows?: number }).__homeRows !== undefined);
        return page.evaluate(() => (window as unknown as { __homeRows: number }).__homeRows);
      }),
    );
  }
  const [f, s, h] = [median(floor), median(sqlFloor), median(home)];
  const ms = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
  const report = [
    `first load (median of ${RUNS}, cold, headless Chromium):`,
    `  bare wasm fetch+compile ${f.toFixed(0)} ms; + instantiate sql.js and create the schema ${s.toFixed(0)} ms; home table with all three worlds ${h.toFixed(0)} ms`,
    `  home / wasm floor ${(h / f).toFixed(2)}×; SQL floor / wasm floor ${(s / f).toFixed(2)}×; home / SQL floor ${(h / s).toFixed(2)}×`,
    `  wasm floor runs: ${ms(floor)}`,
    `  SQL floor runs: ${ms(sqlFloor)}`,
    `  home runs: ${ms(home)}`,
  ].join('\n');
  console.log(report);
  await testInfo.attach('first-load', { body: report, contentType: 'text/plain' });
});

test('from the home table into an episode: click on the-peeker until its step view is on screen', async ({ browser }, testInfo) => {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++)
    times.push(
      await cold(browser, async (page) => {
        const preloaded = page.waitForResponse(/EpisodeView-[\w-]+\.js$/, { timeout: 30_000 });
        await page.goto('./');
        await page.getByTestId('home-tripwire').getByTestId('row-the-peeker').waitFor({ timeout: 30_000 });
        await preloaded;
        // A reader looks at the table for a moment before clicking; the page prewarms meanwhile.
        await page.waitForTimeout(2000);
        await page.evaluate(() => {
          const w = window as unknown as { __click?: number; __shown?: number };
          document.addEventListener('click', () => (w.__click = performance.now()), { capture: true, once: true });
          const observer = new MutationObserver(() => {
            if (!document.querySelector('[data-testid="step-counter"]')) return;
            observer.disconnect();
            requestAnimationFrame(() => (w.__shown = performance.now()));
          });
          observer.observe(document.body, { subtree: true, childList: true });
        });
        await page.getByTestId('home-tripwire').getByRole('link', { name: 'the-peeker' }).click();
        await page.waitForFunction(() => (window as unknown as { __shown?: number }).__shown !== undefined);
        return page.evaluate(() => {
          const w = window as unknown as { __click: number; __shown: number };
          return w.__shown - w.__click;
        });
      }),
    );
  const report = `home row → episode view (median of ${RUNS}, after 2 s on the home page): ${median(times).toFixed(0)} ms; runs: ${times.map((x) => x.toFixed(0)).join(', ')}`;
  console.log(report);
  await testInfo.attach('home-to-episode', { body: report, contentType: 'text/plain' });
});
