import { expect, test } from '@playwright/test';

/**
 * Tests share one browser context per worker (playwright.config.ts, reuseContext): what one test stores must be
 * gone for the next. Serial, so the second runs after the first, in the same worker (and so the same context).
 */
test.describe.configure({ mode: 'serial' });

test('a test leaves storage behind: localStorage, sessionStorage, IndexedDB, an init script and a route', async ({ page, context }) => {
  await page.goto('./#/traces');
  await page.getByTestId('dropzone').waitFor();
  await page.evaluate(async () => {
    localStorage.setItem('vp-isolation', 'left');
    sessionStorage.setItem('vp-isolation', 'left');
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('vp-isolation', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('s').put('left', 'k');
      open.onsuccess = () => (open.result.close(), resolve());
      open.onerror = () => reject(open.error);
    });
  });
  await context.addInitScript(() => ((window as unknown as { __leftBehind: boolean }).__leftBehind = true));
  await page.route('**/leak-check', (route) => route.fulfill({ body: 'routed' }));
  // All of it took: the next test's check can fail.
  await page.reload();
  await page.getByTestId('dropzone').waitFor();
  expect(
    await page.evaluate(async () => [
      localStorage.getItem('vp-isolation'),
      sessionStorage.getItem('vp-isolation'),
      (await indexedDB.databases()).some((d) => d.name === 'vp-isolation'),
      (window as unknown as { __leftBehind?: boolean }).__leftBehind,
      await fetch('./leak-check').then((r) => r.text()),
    ]),
  ).toEqual(['left', 'left', true, true, 'routed']);
});

test('the next test in the worker finds none of it', async ({ page }) => {
  await page.goto('./#/traces');
  await page.getByTestId('dropzone').waitFor();
  const left = await page.evaluate(async () => ({
    local: localStorage.getItem('vp-isolation'),
    session: sessionStorage.getItem('vp-isolation'),
    databases: (await indexedDB.databases()).map((d) => d.name),
    initScript: (window as unknown as { __leftBehind?: boolean }).__leftBehind ?? false,
    routed: (await fetch('./leak-check').then((r) => r.text())) === 'routed',
  }));
  expect(left).toEqual({ local: null, session: null, databases: expect.not.arrayContaining(['vp-isolation']) as unknown, initScript: false, routed: false });
});
