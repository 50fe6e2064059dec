import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { exportTracesJsonl } from '../src/traces/export/index';
import { faultApiWorld } from '../src/worlds/fault-api/index';
import { tripwireWorld } from '../src/worlds/tripwire/index';
import { runReference } from './traceFixtures';
import { photo } from './photo';

const dir = mkdtempSync(join(tmpdir(), 'vp-import-'));

async function tracesText(n: number): Promise<string> {
  const agents = ['trusting', 'stubborn', 'careful'];
  const traces = await Promise.all(Array.from({ length: n }, (_, i) => runReference(faultApiWorld, { profile: 'hostile', seed: 6 }, agents[i % 3]!)));
  return exportTracesJsonl(traces);
}

/** Serves `body` at every URL under `origin` and counts the requests (preflights included). */
async function host(context: BrowserContext, origin: string, body: string, init: { status?: number; headers?: Record<string, string> } = {}) {
  const seen: string[] = [];
  await context.route(`${origin}/**`, (route) => {
    seen.push(route.request().url());
    return route.fulfill({
      status: init.status ?? 200,
      body,
      headers: { 'content-type': 'application/x-ndjson', 'access-control-allow-origin': '*', ...init.headers },
    });
  });
  return seen;
}

const count = (page: Page) => page.getByTestId('library-count');

test('a link #/traces?src=<url> shows what it would fetch and imports only after a click', async ({ page, context }, testInfo) => {
  const seen = await host(context, 'https://raw.example.test', await tracesText(6));
  await page.goto(`./#/traces?src=${encodeURIComponent('https://raw.example.test/team/evals/main/mixed.jsonl?ref=v1')}`);
  const ask = page.getByTestId('link-import');
  await expect(ask.getByTestId('link-host')).toHaveText('raw.example.test');
  await expect(ask.getByTestId('link-path')).toHaveText('/team/evals/main/mixed.jsonl?ref=v1');
  await expect(ask).toContainText('redirect');
  await photo(page, 'link-import', testInfo);
  // Nothing is fetched while the question is open, however long it stays.
  await page.waitForTimeout(500);
  expect(seen).toEqual([]);
  await expect(count(page)).toHaveText(/^0 of 0 traces/);

  await ask.getByRole('button', { name: 'Import from raw.example.test' }).click();
  await expect(page.getByTestId('import-status')).toContainText('mixed.jsonl?ref=v1: 6 imported', { timeout: 20_000 });
  await expect(count(page)).toHaveText(/^6 of 6/);
  expect(seen).toEqual(['https://raw.example.test/team/evals/main/mixed.jsonl?ref=v1']);
  await expect(ask).toHaveCount(0);
});

test('a link can be dismissed: nothing is fetched', async ({ page, context }) => {
  const seen = await host(context, 'https://raw.example.test', await tracesText(1));
  await page.goto(`./#/traces?src=${encodeURIComponent('https://raw.example.test/x.jsonl')}`);
  await page.getByTestId('link-import').getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId('link-import')).toHaveCount(0);
  await expect(page).toHaveURL(/#\/traces$/);
  await page.waitForTimeout(300);
  expect(seen).toEqual([]);
  await expect(count(page)).toHaveText(/^0 of 0 traces/);
});

test('links that are not http(s), or carry a password, are refused with a message and never fetched', async ({ page, context }) => {
  const body = await tracesText(2);
  const seen = await host(context, 'https://raw.example.test', body);
  const refused: [src: string, says: RegExp][] = [
    [`data:application/x-ndjson,${encodeURIComponent(body)}`, /data: addresses/],
    ['blob:https://raw.example.test/4f1e2a6c-0000-4000-8000-000000000000', /blob: addresses/],
    ['javascript:alert(document.domain)', /javascript: addresses/],
    ['file:///etc/passwd', /file: addresses/],
    ['ftp://raw.example.test/x.jsonl', /ftp: addresses/],
    ['https://user:secret@raw.example.test/x.jsonl', /user name or password/],
    ['not a url at all', /not a web address/],
  ];
  for (const [src, says] of refused) {
    await page.goto(`./#/traces?src=${encodeURIComponent(src)}`);
    const refusal = page.getByTestId('link-refused');
    await expect(refusal).toContainText(says);
    await expect(refusal).toContainText('Only http and https addresses');
    await expect(page.getByRole('button', { name: /^Import from/ })).toHaveCount(0);
    if (src.startsWith('data:')) await photo(page, 'link-refused');
    await page.reload();
  }
  await page.waitForTimeout(300);
  await expect(count(page)).toHaveText(/^0 of 0 traces/);
  expect(seen).toEqual([]);

  // The box for typing a URL obeys the same rule.
  await page.goto('./#/traces');
  await page.getByLabel('URL to import').fill(`data:application/x-ndjson,${encodeURIComponent(body)}`);
  await page.getByRole('button', { name: 'Import URL' }).click();
  await expect(page.getByTestId('url-refused')).toContainText('data: addresses');
  await page.waitForTimeout(300);
  await expect(count(page)).toHaveText(/^0 of 0 traces/);
});

test('a redirect is not followed: the import fails and says so, and the other host is never asked', async ({ page, context }) => {
  const elsewhere = await host(context, 'https://elsewhere.example.test', await tracesText(3));
  const seen = await host(context, 'https://raw.example.test', '', { status: 302, headers: { location: 'https://elsewhere.example.test/crafted.jsonl' } });
  await page.goto(`./#/traces?src=${encodeURIComponent('https://raw.example.test/team/evals/main/mixed.jsonl')}`);
  await page.getByRole('button', { name: 'Import from raw.example.test' }).click();
  await expect(page.getByTestId('import-status')).toContainText('answered with a redirect', { timeout: 20_000 });
  await expect(page.getByTestId('import-status')).toContainText('Nothing from this file was added');
  expect(seen).toHaveLength(1);
  expect(elsewhere).toEqual([]);
  await expect(count(page)).toHaveText(/^0 of 0 traces/);
});

test('several files at once: each imported and reported on its own line, a broken one does not stop the others', async ({ page }, testInfo) => {
  const first = join(dir, 'first.jsonl');
  const broken = join(dir, 'broken.json');
  const third = join(dir, 'third.jsonl');
  writeFileSync(first, await tracesText(3));
  writeFileSync(broken, '{"format": "verifier-playground.trace", "version": 1, "world": ');
  writeFileSync(third, await tracesText(2));
  await page.goto('./#/traces');
  await page.getByTestId('file-input').setInputFiles([first, broken, third]);
  const lines = page.getByTestId('import-job');
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(2)).toContainText('third.jsonl: 2 imported', { timeout: 20_000 });
  await expect(lines.nth(0)).toContainText('first.jsonl: 3 imported (native');
  await expect(lines.nth(1)).toContainText('broken.json:');
  await expect(lines.nth(1)).toContainText('Nothing from this file was added');
  await expect(lines.nth(1).getByTestId('import-issues')).toContainText('line 1');
  await expect(count(page)).toHaveText(/^5 of 5 traces/);
  await photo(page.getByTestId('import-status'), 'import-several', testInfo);
});

test('Cancel stops the file being read and every file still waiting: nothing of them is added, and the next import works', async ({ page }) => {
  const first = join(dir, 'slow.jsonl');
  const second = join(dir, 'queued.jsonl');
  writeFileSync(first, await tracesText(3));
  writeFileSync(second, await tracesText(2));
  // The import worker's script is held back, so the first file stays "importing" until Cancel.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/import\.worker-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('./#/traces');
  await page.getByTestId('file-input').setInputFiles([first, second]);
  const lines = page.getByTestId('import-job');
  await expect(lines.nth(0)).toContainText('Importing slow.jsonl');
  await expect(lines.nth(1)).toContainText('queued.jsonl: waiting');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(lines.nth(0)).toHaveText('slow.jsonl: cancelled. Nothing from this file was added.');
  await expect(lines.nth(1)).toHaveText('queued.jsonl: cancelled. Nothing from this file was added.');
  release();
  await page.waitForTimeout(500);
  await expect(count(page)).toHaveText(/^0 of 0 traces/);

  await page.getByTestId('file-input').setInputFiles(second);
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText('queued.jsonl: 2 imported', { timeout: 20_000 });
  await expect(count(page)).toHaveText(/^2 of 2 traces/);
});

test('a vf-eval results.jsonl with its metadata.json, chosen with a native file: each data file on its own line', async ({ page }) => {
  const fixtures = join(process.cwd(), 'src/traces/import/fixtures');
  const native = join(dir, 'native.jsonl');
  writeFileSync(native, exportTracesJsonl([await runReference(tripwireWorld, { id: 'refund-a' }, 'oracle')]));
  await page.goto('./#/traces');
  await page.getByTestId('file-input').setInputFiles([join(fixtures, 'v0.1.10/results.jsonl'), join(fixtures, 'v0.1.10/metadata.json'), native]);
  const lines = page.getByTestId('import-job');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('results.jsonl: 3 imported (vf-eval-jsonl)', { timeout: 20_000 });
  await expect(lines.nth(1)).toContainText('native.jsonl: 1 imported', { timeout: 20_000 });
  await expect(count(page)).toHaveText(/^4 of 4 traces/);
});
