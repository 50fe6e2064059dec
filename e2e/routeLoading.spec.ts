import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { exportTracesJsonl } from '../src/traces/export/index';
import { faultApiWorld } from '../src/worlds/fault-api/index';
import { WORLDS } from '../src/worlds/registry';
import { tripwireWorld } from '../src/worlds/tripwire/index';
import { runReference } from './traceFixtures';

/**
 * What a trace view needs and the library does not: SQLite, the worlds (a world's
 * code is its chunk named by its id, or `world-…` for a folder's world.ts), the
 * episode and calibration code. The registry itself is light (entries only) and is
 * in the app's chunk.
 */
const WORLD_CHUNKS = [...WORLDS.map((w) => w.id), 'world'].join('|');
const NOT_FOR_LISTING = [
  /\.wasm$/,
  new RegExp(
    `/(TraceView|EpisodeView|EpisodeBody|Calibration|CalibrationView|CalibrationChart|MatrixCalibration|calibrationJob|${WORLD_CHUNKS})-[\\w-]+\\.js$`,
  ),
  /\/(calibration|home)\.worker-[\w-]+\.js$/,
];

/** Every URL the page and its workers ask for. */
function requests(context: BrowserContext): string[] {
  const urls: string[] = [];
  context.on('request', (r) => urls.push(r.url()));
  return urls;
}

const matching = (urls: string[], patterns: RegExp[]) => urls.filter((u) => patterns.some((p) => p.test(u)));

/** Every element under `root` with its tag, box (to a tenth of a pixel), hover text and own text: what it shows, and where. */
const layoutOf = (root: Locator) =>
  root.evaluate((top) =>
    [top, ...top.querySelectorAll('*')].map((el) => {
      const b = el.getBoundingClientRect();
      const box = [b.x, b.y, b.width, b.height].map((v) => Math.round(v * 10) / 10).join(',');
      return `${el.tagName} ${box} ${el.getAttribute('title') ?? ''} ${el.children.length ? '' : (el.textContent ?? '')}`;
    }),
  );

test('#/traces?src=… loads the library alone: no SQLite, world, calibration or episode code until a trace is opened', async ({ page, context }) => {
  const traces = [
    await runReference(tripwireWorld, { id: 'top-refund-customer' }, 'the-peeker'),
    await runReference(faultApiWorld, { profile: 'hostile', seed: 6 }, 'careful'),
  ];
  await context.route('https://raw.example.test/**', (route) =>
    route.fulfill({ body: exportTracesJsonl(traces), headers: { 'content-type': 'application/x-ndjson', 'access-control-allow-origin': '*' } }),
  );
  const urls = requests(context);
  await page.goto(`./#/traces?src=${encodeURIComponent('https://raw.example.test/two.jsonl')}`);
  await page.getByTestId('link-import').getByRole('button', { name: 'Import from raw.example.test' }).click();
  await expect(page.getByTestId('library-count')).toHaveText(/^2 of 2 traces/, { timeout: 20_000 });
  await expect(page.getByTestId('import-status')).toHaveAttribute('aria-busy', 'false');
  // Idle time after listing: nothing is fetched ahead either (the trace view loads when a row is pointed at).
  await page.waitForTimeout(1000);
  expect(urls.some((u) => /\/LibraryView-[\w-]+\.js$/.test(u))).toBe(true);
  expect(urls.some((u) => /\/import\.worker-[\w-]+\.js$/.test(u))).toBe(true);
  expect(matching(urls, NOT_FOR_LISTING)).toEqual([]);

  // Opening a tripwire trace brings them: the same patterns match the build's real names.
  await page.getByTestId('library-row').filter({ hasText: 'top-refund-customer' }).getByRole('button', { name: 'top-refund-customer' }).click();
  await expect(page.getByTestId('verify-status')).toHaveText('Replay verified', { timeout: 30_000 });
  const opened = matching(urls, NOT_FOR_LISTING);
  expect(opened.some((u) => u.endsWith('.wasm'))).toBe(true);
  expect(opened.some((u) => /\/TraceView-[\w-]+\.js$/.test(u))).toBe(true);
  expect(opened.some((u) => /\/world-[\w-]+\.js$/.test(u))).toBe(true);
});

test('a route renders its view in the app’s first render: no “Loading…” fallback held in between', async ({ context }) => {
  // The app's Suspense fallback while a view loads (App.tsx).
  await context.addInitScript(() => {
    const w = window as unknown as { __fallback: boolean };
    w.__fallback = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="view-loading"]')) w.__fallback = true;
    }).observe(document, { subtree: true, childList: true });
  });
  for (const route of ['./#/traces', './#/model']) {
    const page = await context.newPage();
    await page.goto(route);
    await expect(page.locator('main#main h1')).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { __fallback: boolean }).__fallback), route).toBe(false);
    // Moving within the app to a view not loaded yet does show it: the observer sees a fallback when there is one.
    if (route === './#/traces') {
      await page.evaluate(() => (location.hash = '#/calibration'));
      await expect(page.getByRole('heading', { level: 1, name: /calibration/i })).toBeVisible({ timeout: 20_000 });
      expect(await page.evaluate(() => (window as unknown as { __fallback: boolean }).__fallback)).toBe(true);
    }
    await page.close();
  }
});

/** Installed before the page's scripts: when every home table first said "Verified in this browser". */
function observeChecks() {
  const w = window as unknown as { __checkedAt?: number };
  new MutationObserver(() => {
    const checks = [...document.querySelectorAll('[data-testid^="check-"]')];
    if (w.__checkedAt === undefined && checks.length === 4 && checks.every((c) => c.textContent?.startsWith('✓ Verified'))) w.__checkedAt = performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/** When the page asked for the app's own chunk (Resource Timing), or null. */
const bootAskedAt = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType('resource').find((e) => /\/boot-[\w-]+\.js$/.test(e.name))?.startTime ?? null);

test('the home page’s app code waits for its checks when nothing touches the page: one home worker, SQLite fetched once', async ({ page, context }) => {
  const urls = requests(context);
  await page.addInitScript(observeChecks);
  await page.goto('./');
  await expect(page.getByTestId('boot-shell')).toHaveCount(0, { timeout: 30_000 });
  const checkedAt = await page.evaluate(() => (window as unknown as { __checkedAt?: number }).__checkedAt ?? null);
  expect(checkedAt).not.toBeNull();
  // Nothing touched the page: the app waited for the checks (lib/home/appGate.ts).
  expect(await bootAskedAt(page)).toBeGreaterThanOrEqual(checkedAt!);
  expect(urls.filter((u) => /\/home\.worker-[\w-]+\.js$/.test(u))).toHaveLength(1);
  expect(urls.filter((u) => u.endsWith('.wasm'))).toHaveLength(1);
});

test('the home page asks for SQLite after its first frame, with the checks that need it; the library does not ask for it', async ({ page }) => {
  // The page's first frame: a callback asked for before anything of the page has run.
  await page.addInitScript(() => requestAnimationFrame(() => ((window as unknown as { __firstFrame: number }).__firstFrame = performance.now())));
  /** When the page asked for the wasm (Resource Timing), or null, and when its first frame ran. */
  const times = () =>
    page.evaluate(() => ({
      wasm: performance.getEntriesByType('resource').find((e) => e.name.endsWith('.wasm'))?.startTime ?? null,
      frame: (window as unknown as { __firstFrame?: number }).__firstFrame ?? null,
    }));
  await page.goto('./');
  await expect(page.getByTestId('check-tripwire')).toHaveText(/^✓ Verified/, { timeout: 30_000 });
  const home = await times();
  expect(home.wasm, 'the home page fetched the wasm').not.toBeNull();
  expect(home.wasm!, 'after its first frame: nothing in the head competes with the first paint').toBeGreaterThan(home.frame!);
  await page.goto('./#/traces');
  await page.reload();
  await page.getByTestId('dropzone').waitFor();
  await expect(page.getByTestId('boot-shell')).toHaveCount(0, { timeout: 30_000 });
  expect((await times()).wasm).toBeNull();
});

test('every script the home page and its workers load is marked for eager compilation on its first line (vite.config.ts, compileHints)', async ({
  page,
  context,
}) => {
  const scripts = new Set<string>();
  context.on('response', (r) => {
    if (/\/assets\/[^/]+\.js$/.test(r.url())) scripts.add(r.url());
  });
  await page.goto('./');
  await expect(page.getByTestId('boot-shell')).toHaveCount(0, { timeout: 30_000 });
  expect([...scripts].some((u) => /\/home\.worker-[\w-]+\.js$/.test(u))).toBe(true);
  expect(scripts.size).toBeGreaterThan(10);
  for (const url of scripts) expect((await (await page.request.get(url)).text()).split('\n', 1)[0], url).toBe('//# allFunctionsCalledOnLoad');
});

test('on the home page the reader’s first key press brings the app at once, while a check is still running', async ({ page }) => {
  // SQLite never arrives: tripwire's check cannot finish.
  await page.route(/\.wasm$/, () => new Promise(() => {}));
  await page.goto('./');
  await expect(page.getByTestId('check-fault-api')).toHaveText(/^✓ Verified/, { timeout: 30_000 });
  expect(await bootAskedAt(page)).toBeNull();
  const pressedAt = await page.evaluate(() => performance.now());
  await page.keyboard.press('Shift');
  await expect(page.getByTestId('boot-shell')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('check-tripwire')).not.toHaveText(/^✓ Verified/);
  // Asked for within the gate's own wait (3 s), which had not passed at the press: the press is what asked.
  expect((await bootAskedAt(page))! - pressedAt).toBeLessThan(3000);
});

test('#/traces?src=… asks on the painted page, before the app has loaded: the same question, and a click there imports', async ({ page, context }) => {
  const traces = [
    await runReference(faultApiWorld, { profile: 'hostile', seed: 6 }, 'careful'),
    await runReference(faultApiWorld, { profile: 'hostile', seed: 6 }, 'stubborn'),
  ];
  const seen: string[] = [];
  await context.route('https://raw.example.test/**', (route) => {
    seen.push(route.request().url());
    return route.fulfill({ body: exportTracesJsonl(traces), headers: { 'content-type': 'application/x-ndjson', 'access-control-allow-origin': '*' } });
  });
  // The app's code held back: what the page shows and does before it runs.
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(/boot-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  const link = `./#/traces?src=${encodeURIComponent('https://raw.example.test/team/two.jsonl?ref=v1')}`;
  await page.goto(link, { waitUntil: 'domcontentloaded' });
  const ask = page.getByTestId('link-import');
  await expect(ask).toBeVisible();
  await expect(page.getByTestId('boot-shell')).toBeVisible();
  await expect(ask.getByTestId('link-host')).toHaveText('raw.example.test');
  await expect(ask.getByTestId('link-path')).toHaveText('/team/two.jsonl?ref=v1');
  await expect(ask).toContainText('This link asks to import traces from another site.');
  const where = await layoutOf(ask);
  expect(where.length).toBeGreaterThan(10);
  // The rest of the painted library is a picture: nothing else in it can be used yet.
  await expect(page.getByRole('button', { name: 'Import URL' })).toHaveCount(0);
  await page.waitForTimeout(300);
  expect(seen).toEqual([]);

  // Left unanswered, the app asks the same question in the same place when it takes over.
  const second = await context.newPage();
  await second.goto(link);
  await expect(second.getByTestId('boot-shell')).toHaveCount(0, { timeout: 30_000 });
  expect(await layoutOf(second.getByTestId('link-import'))).toEqual(where);
  await second.close();

  // Answered before the app loads: the import starts at once; the library, when it comes, lists it and asks no more.
  await ask.getByRole('button', { name: 'Import from raw.example.test' }).click();
  await expect(ask).toHaveCount(0);
  await expect(page).toHaveURL(/#\/traces$/);
  await expect.poll(() => seen.length).toBe(1);
  release();
  await expect(page.getByTestId('library-count')).toHaveText(/^2 of 2 traces/, { timeout: 30_000 });
  await expect(page.getByTestId('import-status')).toContainText('two.jsonl?ref=v1: 2 imported');
  await expect(page.getByTestId('link-import')).toHaveCount(0);
  expect(seen).toEqual(['https://raw.example.test/team/two.jsonl?ref=v1']);
});

test('#/traces?src=…: the import worker starts from the page’s head, ahead of the app’s code, and the click’s import runs in it', async ({ page, context }) => {
  const traces = [await runReference(faultApiWorld, { profile: 'hostile', seed: 6 }, 'careful')];
  await context.route('https://raw.example.test/**', (route) =>
    route.fulfill({ body: exportTracesJsonl(traces), headers: { 'content-type': 'application/x-ndjson', 'access-control-allow-origin': '*' } }),
  );
  const urls = requests(context);
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto(`./#/traces?src=${encodeURIComponent('https://raw.example.test/one.jsonl')}`);
  await page.getByTestId('link-import').getByRole('button', { name: 'Import from raw.example.test' }).click();
  await expect(page.getByTestId('library-count')).toHaveText(/^1 of 1 traces/, { timeout: 20_000 });
  const at = (pattern: RegExp) => urls.findIndex((u) => pattern.test(u));
  const worker = at(/\/import\.worker-[\w-]+\.js$/);
  expect(worker).toBeGreaterThan(-1);
  // Requested before the app's chunk and the library's view, which the entry asks for once it has run.
  expect(worker).toBeLessThan(at(/\/boot-[\w-]+\.js$/));
  expect(worker).toBeLessThan(at(/\/LibraryView-[\w-]+\.js$/));
  // One worker: the entry adopted the one the head started instead of starting its own.
  expect(workers.filter((u) => /import\.worker-/.test(u))).toHaveLength(1);
  expect(urls.filter((u) => /\/import\.worker-[\w-]+\.js$/.test(u))).toHaveLength(1);
});

test('#/traces?src=…: if the import worker’s script cannot load, the click’s import fails with a message, and nothing is listed', async ({ page, context }) => {
  const seen: string[] = [];
  await context.route('https://raw.example.test/**', (route) => {
    seen.push(route.request().url());
    return route.fulfill({ body: '', headers: { 'access-control-allow-origin': '*' } });
  });
  await context.route(/\/import\.worker-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto(`./#/traces?src=${encodeURIComponent('https://raw.example.test/one.jsonl')}`);
  await page.getByTestId('link-import').getByRole('button', { name: 'Import from raw.example.test' }).click();
  await expect(page.getByTestId('import-status')).toContainText('Nothing from this file was added', { timeout: 20_000 });
  await expect(page.getByTestId('import-status')).toContainText('one.jsonl: the import worker failed to start.');
  await expect(page.getByTestId('library-count')).toHaveText(/^0 of 0 traces/);
  expect(seen).toEqual([]);
});

/** When the page's first contentful paint was presented, and when the app's chunk was asked for. */
async function paintAndBoot(page: Page, url: string, ready: (page: Page) => Promise<void>) {
  await page.addInitScript(() => {
    const w = window as unknown as { __paint?: number; __bootAsked?: number };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') w.__paint ??= e.startTime;
    }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (/\/boot-[\w-]+\.js$/.test(e.name)) w.__bootAsked ??= e.startTime;
    }).observe({ type: 'resource', buffered: true });
  });
  await page.goto(url);
  await ready(page);
  return page.evaluate(() => {
    const w = window as unknown as { __paint?: number; __bootAsked?: number };
    return { paint: w.__paint, boot: w.__bootAsked };
  });
}

test('#/traces, and with a link’s question: the page reaches the screen before the app’s code is asked for; then the app takes it over', async ({
  page,
  context,
}) => {
  // Paint Timing's first contentful paint is the frame presented, after its paint on the page's thread.
  const library = await paintAndBoot(page, './#/traces', async (p) => {
    await expect(p.getByTestId('boot-shell')).toHaveCount(0, { timeout: 20_000 });
    await expect(p.getByTestId('library-count')).toHaveText(/^0 of 0 traces/);
  });
  expect(library.paint).toBeGreaterThan(0);
  expect(library.boot).toBeGreaterThan(library.paint!);

  const traces = [await runReference(faultApiWorld, { profile: 'hostile', seed: 6 }, 'careful')];
  await context.route('https://raw.example.test/**', (route) =>
    route.fulfill({ body: exportTracesJsonl(traces), headers: { 'content-type': 'application/x-ndjson', 'access-control-allow-origin': '*' } }),
  );
  const linked = await paintAndBoot(await context.newPage(), `./#/traces?src=${encodeURIComponent('https://raw.example.test/one.jsonl')}`, async (p) => {
    // The question is answered as soon as it is painted; the import runs while the app loads, which then lists it.
    await p.getByTestId('link-import').getByRole('button', { name: 'Import from raw.example.test' }).click();
    await expect(p.getByTestId('library-count')).toHaveText(/^1 of 1 traces/, { timeout: 20_000 });
  });
  expect(linked.paint).toBeGreaterThan(0);
  expect(linked.boot).toBeGreaterThan(linked.paint!);
});
