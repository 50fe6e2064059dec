import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { photo } from './photo';

test('the home page lists the worlds and reproduces the CLI calibration table', async ({ page }, testInfo) => {
  const cli = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'calibrate', '--json'], { encoding: 'utf8' })) as Record<
    string,
    Record<string, Record<string, number>>
  >;
  await page.goto('./');
  await expect(page.getByTestId('world-list')).toContainText('fault-api');
  // index.html's static shell (header, "Loading…") is gone once the app has rendered.
  await expect(page.getByTestId('boot-shell')).toHaveCount(0);
  const table = page.getByTestId('fault-api-calibration');
  await expect(table).toBeVisible({ timeout: 30_000 });
  for (const [profile, row] of Object.entries(cli['fault-api']!))
    for (const [solver, mean] of Object.entries(row)) await expect(page.getByTestId(`cal-${profile}-${solver}`).locator('.value')).toHaveText(mean.toFixed(2));
  await expect(page.getByTestId('calibration-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await photo(page, 'home', testInfo, { fullPage: true });
});

test('unknown routes say so and link home', async ({ page }) => {
  await page.goto('./#/no/such/view');
  await expect(page.getByRole('heading', { name: /Nothing at/ })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the worlds' }).click();
  await expect(page.getByTestId('world-list')).toBeVisible();
});

test('the build uses relative asset paths, so it works from a GitHub Pages sub-path', async ({ request }) => {
  const html = await (await request.get('./')).text();
  expect(html).toContain('data-testid="boot-shell"');
  const refs = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!).filter((r) => !r.startsWith('data:') && !r.startsWith('#'));
  expect(refs.length).toBeGreaterThan(1);
  for (const r of refs) expect(r, r).toMatch(/^\.\//);
});

test('if the app itself cannot load, the page says so instead of staying on "Loading…"', async ({ page }) => {
  await page.route(/boot-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('./');
  await expect(page.locator('#root')).toContainText('The app failed to load');
  await expect(page.locator('#root')).toContainText('Reload the page');
});

test('when SQLite cannot be loaded, the tripwire table says why and the other worlds still show', async ({ page }) => {
  await page.route(/sql-wasm-[\w-]+\.wasm$/, (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.goto('./');
  await expect(page.getByTestId('home').locator('.error')).toContainText('could not load SQLite', { timeout: 30_000 });
  await expect(page.getByTestId('home').locator('.error')).toContainText('HTTP 404');
  // The build's rows stay, marked as not verified here.
  await expect(page.getByTestId('check-tripwire')).toContainText("Not verified in this browser — the rows shown are the build's");
  await expect(page.getByTestId('home-tripwire').getByTestId('row-the-peeker').getByTestId('full')).toContainText('0.00 FAIL');
  await expect(page.getByTestId('check-fault-api')).toContainText('Verified in this browser');
  await expect(page.getByTestId('home-fault-api').getByTestId('row-careful').getByTestId('full')).toContainText('1.00 PASS');
});
