import { readdirSync } from 'node:fs';
import { test, type Browser } from '@playwright/test';

const RUNS = 5;

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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

test('first load: the home table against the floor of fetching and compiling sql.js wasm', async ({ browser }, testInfo) => {
  const wasm = wasmAsset();
  const floor: number[] = [];
  const home: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    // The floor: a bare page that only fetches and compiles the same wasm file.
    floor.push(
      await cold(browser, async (page) => {
        await page.goto('./blank.html');
        return page.evaluate(async (url) => {
          await WebAssembly.compileStreaming(fetch(url));
          return performance.now();
        }, wasm);
      }),
    );
    // The site: navigation start until all three worlds' home rows are on screen.
    home.push(
      await cold(browser, async (page) => {
        await page.goto('./');
        await page.getByTestId('home-tripwire').getByTestId('row-the-fabricator').waitFor({ timeout: 30_000 });
        await page.getByTestId('home-fault-api').getByTestId('row-careful').waitFor();
        await page.getByTestId('home-ticket-queue').getByTestId('row-metric-gaming').waitFor();
        return page.evaluate(() => performance.now());
      }),
    );
  }
  const f = median(floor);
  const h = median(home);
  const report = `first load (median of ${RUNS}, cold): bare wasm fetch+compile ${f.toFixed(0)} ms; home table with all three worlds ${h.toFixed(0)} ms; ratio ${(h / f).toFixed(2)}×\n  floor runs: ${floor.map((x) => x.toFixed(0)).join(', ')}\n  home runs: ${home.map((x) => x.toFixed(0)).join(', ')}`;
  console.log(report);
  await testInfo.attach('first-load', { body: report, contentType: 'text/plain' });
});
