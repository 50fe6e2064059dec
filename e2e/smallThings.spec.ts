import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { csvTable } from '../src/traces/export/csvTable';
import { exportTracesJsonl } from '../src/traces/export/index';
import { importText } from '../src/traces/import/importText';
import { faultApiWorld } from '../src/worlds/fault-api/index';
import { tripwireWorld } from '../src/worlds/tripwire/index';
import { importFile, runReference } from './traceFixtures';

test('the model form asks for a model name instead of reporting an error before anything was typed', async ({ page }) => {
  await page.goto('./#/model?world=fault-api');
  await expect(page.getByTestId('settings-prompt')).toHaveText('Name the model to start.');
  await expect(page.getByTestId('settings-problem')).toHaveCount(0);
  await expect(page.getByTestId('retry-after-note')).toContainText('Access-Control-Expose-Headers');
  await page.getByTestId('model-name').fill('m');
  await page.getByTestId('model-name').fill('');
  await expect(page.getByTestId('settings-problem')).toHaveText('a model name is required');
});

test('the episode header: the task select is named as the world names it, and a role is not repeated', async ({ page }) => {
  await page.goto(`./#/episode/fault-api?task=${encodeURIComponent(JSON.stringify({ profile: 'hostile', seed: 6 }))}&agent=careful`);
  await expect(page.getByRole('combobox', { name: 'profile' })).toBeVisible({ timeout: 30_000 });
  await page.goto(`./#/episode/tripwire?task=${encodeURIComponent(JSON.stringify({ id: 'refund-a' }))}&agent=oracle`);
  const agent = page.getByRole('combobox', { name: 'agent' });
  await expect(agent.locator('option', { hasText: 'honest but wrong' })).toHaveText('honest but wrong');
  await expect(agent.locator('option', { hasText: 'oracle' }).first()).toHaveText('oracle');
});

test('our own CSV export, imported, gets one message: export JSONL instead', async ({ page }) => {
  const traces = [await runReference(faultApiWorld, { profile: 'clean', seed: 1 }, 'careful'), await runReference(tripwireWorld, { id: 'refund-a' }, 'oracle')];
  const items = importText(exportTracesJsonl(traces)).items.map((item) => ({ item, source: 'runs.jsonl', env: null, model: null, run: null }));
  const path = join(mkdtempSync(join(tmpdir(), 'vp-csv-')), 'runs.csv');
  writeFileSync(path, csvTable(items, []).text);
  await page.goto('./#/traces');
  await importFile(page, path);
  await expect(page.getByTestId('import-issues').locator('li')).toHaveText([
    "line 1: CSV files can't be imported; export JSONL (a CSV keeps each run's scores, not the steps a trace is replayed from)",
  ]);
});

test('the navigation names the home page "Home" and marks the view a person is on', async ({ page }) => {
  const nav = page.getByRole('navigation', { name: 'Views' });
  await page.goto('./');
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Worlds' })).toHaveCount(0);
  for (const [path, name] of [
    ['#/traces', 'Traces'],
    ['#/calibration', 'Calibration'],
    ['#/episode/fault-api?agent=human', 'Play'],
  ] as const) {
    await page.goto(`./${path}`);
    await expect(nav.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current]')).toHaveCount(1);
  }
});
