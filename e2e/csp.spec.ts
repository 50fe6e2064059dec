import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { policyResponder } from '../src/agents/testing/policyResponder';
import { startMockServer, type MockServer } from '../src/agents/testing/mockServer';
import { exportTracesJsonl } from '../src/traces/export/index';
import { faultApiWorld } from '../src/worlds/fault-api/index';
import { ticketQueueWorld } from '../src/worlds/ticket-queue/index';
import { tripwireWorld } from '../src/worlds/tripwire/index';
import { carefulSolver } from '../src/worlds/fault-api/solvers';
import { runReference } from './traceFixtures';

/** The policy, with the hash of the one inline script the page may run (src/ui/shell-route.js, written inline by the build). */
const policy = (inlineHash: string) =>
  `default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'sha256-${inlineHash}'; style-src 'self'; img-src 'self' data:; connect-src 'self' https: http:; worker-src 'self'; object-src 'none'; base-uri 'none'`;

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  source: string;
}

declare global {
  interface Window {
    __csp: Violation[];
  }
}

let server: MockServer | undefined;
test.afterEach(async ({ page }, testInfo) => {
  await server?.close();
  server = undefined;
  // A view that broke under the policy fails on what it no longer shows: the violations say why.
  if (testInfo.status !== testInfo.expectedStatus) {
    const seen = await page.evaluate(() => window.__csp).catch(() => null);
    await testInfo.attach('csp-violations', { body: JSON.stringify(seen, null, 2), contentType: 'application/json' });
    console.log('CSP violations:', JSON.stringify(seen));
  }
});

/** Collects every CSP violation of every page in the context, from before the first script runs. */
async function collect(page: Page) {
  await page.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__csp.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample, source: `${e.sourceFile}:${e.lineNumber}` }),
    );
  });
}

/** The violations on this page so far; a navigation to another document starts a new list, so check before leaving. */
const violations = (page: Page) => page.evaluate(() => window.__csp);

async function expectClean(page: Page, where: string) {
  expect(await violations(page), `CSP violations on ${where}`).toEqual([]);
}

test('the built index.html carries the policy before any script, and the page enforces it', async ({ page, request }) => {
  // A meta policy covers only what comes after it: it must precede every script and stylesheet.
  const html = await (await request.get('./')).text();
  const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
  expect(head.indexOf('http-equiv="Content-Security-Policy"')).toBeGreaterThan(0);
  expect(head.indexOf('http-equiv="Content-Security-Policy"')).toBeLessThan(head.indexOf('<script'));
  expect(head.indexOf('http-equiv="Content-Security-Policy"')).toBeLessThan(head.indexOf('<link'));
  // One inline script that runs, the route's (data blocks are not run): the policy names exactly its hash.
  const inline = [...html.matchAll(/<script((?:\s[^>]*)?)>([\s\S]*?)<\/script>/g)].filter(([, attrs]) => !/\bsrc=|type="application\/json"/.test(attrs!));
  expect(inline.map(([, , body]) => body!.slice(0, 40))).toEqual([expect.stringContaining('Runs before the body is parsed')]);
  const hash = createHash('sha256').update(inline[0]![2]!).digest('base64');

  await collect(page);
  await page.goto('./');
  expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')).toBe(policy(hash));
  // It ran under the policy: it marked the route's prerendered page.
  expect(await page.evaluate(() => document.documentElement.dataset.boot)).toBe('home');
  // The listener hears a violation when there is one: an inline style attribute and an inline script are blocked.
  await expect(page.getByTestId('home-fault-api')).toBeVisible({ timeout: 30_000 });
  await page.evaluate(() => {
    document.body.insertAdjacentHTML('beforeend', '<p id="csp-probe" style="color: rgb(1, 2, 3)">probe</p>');
    const s = document.createElement('script');
    s.textContent = 'window.__inlineRan = true';
    document.body.append(s);
  });
  await expect.poll(async () => (await violations(page)).map((v) => v.directive).sort()).toEqual(['script-src-elem', 'style-src-attr']);
  expect(await page.evaluate(() => getComputedStyle(document.getElementById('csp-probe')!).color)).not.toBe('rgb(1, 2, 3)');
  expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
});

test('no view breaks the policy: home, every world, SQL play, calibration, a model step, the library, a gotcha', async ({ page }) => {
  test.setTimeout(180_000);
  await collect(page);

  await page.goto('./');
  await expect(page.getByTestId('home-tripwire').getByTestId('row-the-peeker').getByTestId('naive')).toHaveText('1.00 PASS', { timeout: 30_000 });
  await expect(page.getByTestId('user-gotchas')).toBeVisible();
  await expectClean(page, 'home');

  for (const [world, task, agent] of [
    [faultApiWorld, { profile: 'hostile', seed: 6 }, 'stubborn'],
    [tripwireWorld, { id: 'top-refund-customer' }, 'the-peeker'],
    [ticketQueueWorld, { id: 'resolve-confirmed', seed: 5 }, 'oracle'],
  ] as const) {
    // The step count tells this episode from the one before it (hash navigations keep the old view until the new one is in).
    const n = (await runReference(world, task, agent)).steps.length;
    await page.goto(`./#/episode/${world.id}?task=${encodeURIComponent(JSON.stringify(task))}&agent=${agent}`);
    await expect(page.getByTestId('step-counter')).toHaveText(`step ${n} / ${n}`, { timeout: 30_000 });
    await page.getByRole('button', { name: 'To start' }).click();
    await page.getByRole('button', { name: 'Step forward' }).click();
    await expect(page.getByTestId('step-counter')).toHaveText(`step 1 / ${n}`);
    await expectClean(page, `the ${world.id} episode`);
  }

  // A person's SQL: the Worker, the wasm and the result table.
  await page.goto(`./#/episode/tripwire?task=${encodeURIComponent(JSON.stringify({ id: 'top-refund-customer' }))}&agent=human`);
  await page.getByTestId('start-run').click();
  await page.getByTestId('sql-editor').fill('SELECT name FROM sqlite_master ORDER BY name');
  await page.getByTestId('sql-editor').press('Control+Enter');
  await expect(page.getByTestId('step-1').locator('table.data')).toBeVisible({ timeout: 20_000 });
  await expectClean(page, 'SQL play');

  await page.goto('./#/calibration');
  await expect(page.getByTestId('matrix-chart')).toHaveCount(2, { timeout: 60_000 });
  await expect(page.getByTestId('fault-api-calibration')).toBeVisible();
  await expectClean(page, 'calibration');

  // A model on another origin (connect-src), one step proposed and approved.
  const task = faultApiWorld.makeTask({ profile: 'clean', seed: 1 });
  if (!task.ok) throw new Error(task.error);
  server = await startMockServer({ respond: policyResponder(task.value, carefulSolver), cors: true });
  await page.goto(`./#/model?world=fault-api&task=${encodeURIComponent(JSON.stringify(task.value.spec))}`);
  await page.getByTestId('base-url').fill(server.baseUrl);
  await page.getByTestId('model-name').fill('mock-model');
  await page.getByTestId('model-step').click();
  await expect(page.getByTestId('proposal-tool')).toHaveText('fetch_page');
  await page.getByTestId('approve').click();
  await expect(page.getByTestId('step-1')).toContainText('fetch_page');
  await page.goto('./#/model?tab=batch&world=fault-api');
  await expect(page.getByRole('link', { name: 'Batch evaluation' })).toHaveAttribute('aria-current', 'page');
  await expectClean(page, 'the model view');

  // The library: import, open (replayed), compare, the charts; then a gotcha from the opened trace.
  const dir = mkdtempSync(join(tmpdir(), 'vp-csp-'));
  const path = join(dir, 'traces.jsonl');
  const spec = { profile: 'hostile', seed: 6 };
  writeFileSync(
    path,
    exportTracesJsonl([
      await runReference(faultApiWorld, spec, 'stubborn'),
      await runReference(faultApiWorld, spec, 'careful'),
      await runReference(tripwireWorld, { id: 'refund-a' }, 'the-skipper'),
    ]),
  );
  await page.goto('./#/traces');
  await page.getByTestId('file-input').setInputFiles(path);
  await expect(page.getByTestId('import-status')).toContainText('traces.jsonl: 3 imported', { timeout: 20_000 });
  await page.getByTestId('library-charts-panel').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('library-charts')).toBeVisible();
  const rows = page.getByTestId('library-row');
  await rows.filter({ hasText: 'stubborn' }).getByRole('checkbox').check();
  await rows.filter({ hasText: 'careful' }).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Compare selected' }).click();
  await expect(page.getByTestId('first-divergence')).toContainText('diverge');
  await page.goBack();
  await rows.filter({ hasText: 'the-skipper' }).getByRole('button', { name: 'refund-a' }).click();
  await expect(page.getByTestId('verify-status')).toHaveText('Replay verified', { timeout: 20_000 });
  await page.getByTestId('add-gotcha').click();
  await page.getByTestId('gotcha-save').click();
  await expect(page.getByTestId('gotcha-added')).toBeVisible({ timeout: 20_000 });
  await expectClean(page, 'the library, a replayed trace and a comparison');

  await page.goto('./#/');
  await page.getByTestId('open-gotcha').click({ timeout: 30_000 });
  await expect(page.getByTestId('gotcha-banner')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('step-counter')).toBeVisible();
  await expectClean(page, 'the gotcha view');
});
