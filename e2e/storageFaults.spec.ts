import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { photo } from './photo';

/**
 * Each storage fault is injected before the app's first line runs (an init
 * script), as a flaky browser would present it: a write that throws
 * QuotaExceededError, no `indexedDB` at all, an `indexedDB.open` that never
 * answers. In every case play goes on in memory, the step counter keeps up,
 * a banner says what is not saved and offers the export, and nothing is thrown.
 */

const RUN_URL = `./#/episode/fault-api?task=${encodeURIComponent(JSON.stringify({ profile: 'clean', seed: 2 }))}&agent=human`;

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

async function fetchPages(page: Page, from: number, to: number) {
  for (let i = from; i <= to; i++) {
    await page.getByRole('button', { name: 'Fetch page' }).click();
    await expect(page.getByTestId('step-counter')).toHaveText(`step ${i} / ${i}`);
  }
}

async function exportFromBanner(page: Page): Promise<{ steps: unknown[] }> {
  const downloading = page.waitForEvent('download');
  await page
    .getByTestId('save-banner')
    .getByRole('button', { name: /Export/ })
    .click();
  const file = await (await downloading).path();
  return JSON.parse(readFileSync(file, 'utf8')) as { steps: unknown[] };
}

test('a write that throws QuotaExceededError: play goes on, the banner offers the export, and the next good write saves every step', async ({
  page,
}, testInfo) => {
  await page.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if ((window as { vpQuota?: boolean }).vpQuota) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    };
  });
  const errors = collectErrors(page);
  await page.goto(RUN_URL);
  await page.getByTestId('start-run').click();
  await expect(page.getByTestId('step-counter')).toHaveText('step 0 / 0');
  await fetchPages(page, 1, 1);
  await expect(page.getByTestId('save-banner')).toHaveCount(0);

  await page.evaluate(() => ((window as { vpQuota?: boolean }).vpQuota = true));
  await fetchPages(page, 2, 4);
  const banner = page.getByTestId('save-banner');
  await expect(banner).toContainText('Not saved');
  await expect(banner).toContainText('QuotaExceededError');
  await expect(banner).toContainText('Steps 2–4 are not saved');
  await photo(page, 'storage-quota-banner', testInfo, { fullPage: true });
  expect((await exportFromBanner(page)).steps).toHaveLength(4);

  // Space again: the next write carries the whole episode, so nothing from the failed ones is missing.
  await page.evaluate(() => ((window as { vpQuota?: boolean }).vpQuota = false));
  await fetchPages(page, 5, 5);
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('step-counter')).toHaveText('step 5 / 5', { timeout: 20_000 });
  expect(errors).toEqual([]);
});

test('no indexedDB at all: play works in memory, and the library lists the run and says it is not saved', async ({ page }, testInfo) => {
  await page.addInitScript(() => Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true }));
  const errors = collectErrors(page);
  await page.goto(RUN_URL);
  await page.getByTestId('start-run').click();
  await expect(page.getByTestId('step-counter')).toHaveText('step 0 / 0');
  await expect(page.getByTestId('save-banner')).toContainText('kept in this tab only');
  await fetchPages(page, 1, 3);
  await photo(page, 'storage-no-idb-banner');
  expect((await exportFromBanner(page)).steps).toHaveLength(3);

  await page.getByRole('link', { name: 'Traces' }).click();
  await expect(page.getByTestId('storage-notice')).toContainText('IndexedDB is not available');
  await expect(page.getByTestId('library-row')).toHaveCount(1);
  await expect(page.getByTestId('library-row')).toContainText('not saved');
  await photo(page, 'storage-library-no-idb', testInfo, { fullPage: true });
  expect(errors).toEqual([]);
});

test('indexedDB.open never answers: Start works within a few seconds, and the library stops waiting too', async ({ page }) => {
  await page.addInitScript(() => {
    // A request whose events never fire, as a wedged profile presents it.
    IDBFactory.prototype.open = () => ({}) as IDBOpenDBRequest;
  });
  const errors = collectErrors(page);
  await page.goto(RUN_URL);
  await page.getByTestId('start-run').click();
  await expect(page.getByTestId('step-counter')).toHaveText('step 0 / 0', { timeout: 10_000 });
  await expect(page.getByTestId('save-banner')).toContainText('did not open');
  // Once given up on, storage is not waited for again: each step shows at once.
  await fetchPages(page, 1, 2);
  await page.getByRole('link', { name: 'Traces' }).click();
  await expect(page.getByTestId('storage-notice')).toContainText('did not open', { timeout: 10_000 });
  await expect(page.getByTestId('library-row')).toHaveCount(1);

  await page.goto('./#/');
  await expect(page.getByTestId('user-gotchas')).toContainText('did not open', { timeout: 10_000 });
  expect(errors).toEqual([]);
});

test('indexedDB that opens only after the timeout: the run played in memory meanwhile is saved whole by the next step', async ({ page }) => {
  await page.addInitScript(() => {
    // Slow on the first load only: the reload at the end reads what was saved.
    if (sessionStorage.getItem('vp-slow-open')) return;
    sessionStorage.setItem('vp-slow-open', '1');
    const open = IDBFactory.prototype.open;
    IDBFactory.prototype.open = function (this: IDBFactory, ...args: Parameters<IDBFactory['open']>) {
      const req = open.apply(this, args);
      const success = Object.getOwnPropertyDescriptor(IDBRequest.prototype, 'onsuccess')!;
      // The real open, its success event held back 5 s: a slow disk, a busy profile.
      Object.defineProperty(req, 'onsuccess', {
        set(fn: (this: IDBRequest, ev: Event) => void) {
          success.set!.call(req, (ev: Event) => setTimeout(() => fn.call(req, ev), 5000));
        },
      });
      return req;
    };
  });
  const errors = collectErrors(page);
  await page.goto(RUN_URL);
  await page.getByTestId('start-run').click();
  await expect(page.getByTestId('save-banner')).toContainText('did not open', { timeout: 10_000 });
  await fetchPages(page, 1, 1);
  await expect(page.getByTestId('save-banner')).toContainText('did not open');
  // The held-back success fires 5 s after Start; the next step then finds storage open.
  await page.waitForTimeout(3000);
  await fetchPages(page, 2, 2);
  await expect(page.getByTestId('save-banner')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('step-counter')).toHaveText('step 2 / 2', { timeout: 20_000 });
  expect(errors).toEqual([]);
});
