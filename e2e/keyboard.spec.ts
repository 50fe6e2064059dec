import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type FileChooser, type Locator, type Page } from '@playwright/test';

/** Presses Tab until `target` has the focus, as a person would; fails if it never gets there. */
async function tabTo(page: Page, target: Locator, max = 150) {
  const handle = await target.elementHandle();
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((el) => document.activeElement === el, handle)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${String(target)} was not reached in ${max} Tabs`);
}

const counter = (page: Page) => page.getByTestId('step-counter');

test('keyboard only: skip to the content, play a short fault-api episode to its verdict, open it from the library', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('./');
  await expect(page.getByTestId('check-fault-api')).toContainText('Verified in this browser', { timeout: 60_000 });
  // The prerendered page is verified before the app replaces it: the first Tab must go to the app's page.
  await expect(page.getByTestId('boot-shell')).toHaveCount(0, { timeout: 30_000 });

  // The first Tab reaches the skip link, which moves focus past the navigation.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  expect(page.url()).not.toContain('#main');

  await tabTo(page, page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Play' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByTestId('start-run'));
  await page.keyboard.press('Enter');
  await expect(counter(page)).toHaveText('step 0 / 0', { timeout: 30_000 });

  const fetch = page.getByRole('button', { name: 'Fetch page' });
  await tabTo(page, fetch);
  await page.keyboard.press('Enter');
  await expect(counter(page)).toHaveText('step 1 / 1');
  await expect(fetch).toBeFocused();
  await page.keyboard.press('Space');
  await expect(counter(page)).toHaveText('step 2 / 2');

  // The shortcuts popover: "?" opens it (outside a text box), Escape closes it and gives the focus back to its button.
  await tabTo(page, page.getByRole('button', { name: 'Keyboard shortcuts' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Keyboard shortcuts' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(counter(page)).toHaveText('step 1 / 2');

  await tabTo(page, page.getByRole('button', { name: /Add every record seen/ }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: /Submit records/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('verdict-full')).toContainText(/PASS|FAIL/, { timeout: 20_000 });

  // The run is in the library: reach it and open it without the mouse.
  await tabTo(page, page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Traces' }));
  await page.keyboard.press('Enter');
  const row = page.getByTestId('library-row').first();
  await expect(row).toBeVisible({ timeout: 20_000 });
  await tabTo(page, row.getByRole('button').first());
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('verify-status')).toHaveText('Replay verified', { timeout: 30_000 });
  await expect(counter(page)).toHaveText('step 3 / 3');
});

test('the shortcuts popover closes on a click outside it', async ({ page }) => {
  await page.goto('./#/episode/fault-api?agent=naive');
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.getByTestId('steps').click({ position: { x: 5, y: 5 } });
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
});

test('Tab reaches every file picker (choose files, folder, Import suite…), and each opens the chooser', async ({ page }) => {
  // Listening before the page loads: Playwright starts intercepting choosers when the first listener is added, and a
  // chooser opened by a key pressed before that took effect was never reported (the test failed 1 run in 3 under load).
  const choosers: FileChooser[] = [];
  page.on('filechooser', (c) => choosers.push(c));
  const next = async () => {
    const seen = choosers.length;
    await page.keyboard.press('Enter');
    await expect.poll(() => choosers.length, { timeout: 10_000 }).toBe(seen + 1);
    return choosers[seen]!;
  };
  await page.goto('./#/traces');
  for (const name of ['choose files', 'folder']) {
    const button = page.getByRole('button', { name, exact: true });
    await tabTo(page, button);
    // Answered (with nothing), or the browser keeps it open and opens no other.
    await (await next()).setFiles(name === 'folder' ? mkdtempSync(join(tmpdir(), 'vp-empty-')) : []);
  }
  await page.goto('./');
  const suite = page.getByRole('button', { name: 'Import suite…' });
  await expect(suite).toBeVisible({ timeout: 30_000 });
  await tabTo(page, suite, 300);
  expect((await next()).isMultiple()).toBe(false);
});

test('the focus lands where the work is after a world is picked, play starts, and an answer is submitted', async ({ page }) => {
  await page.goto('./#/episode/fault-api?agent=human');
  const world = page.getByLabel('world', { exact: true });
  await world.focus();
  await world.selectOption('tripwire');
  await expect(page.getByTestId('start-run')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('task', { exact: true })).toContainText('Which customer');
  await expect(page.getByLabel('world', { exact: true })).toBeFocused();

  await tabTo(page, page.getByTestId('start-run'));
  await page.keyboard.press('Enter');
  await expect(counter(page)).toHaveText('step 0 / 0', { timeout: 30_000 });
  await expect(page.getByTestId('sql-editor')).toBeFocused();

  await tabTo(page, page.getByTestId('answer-input'));
  await page.keyboard.type('nobody');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /Submit answer/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('verdict-full')).toContainText('FAIL', { timeout: 20_000 });
  await expect(page.locator('[data-landing="scorecard"]')).toBeFocused();
});
