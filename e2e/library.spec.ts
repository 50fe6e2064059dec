import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { importFile, runReference } from './traceFixtures';
import type { Trace } from '../src/core/types';
import { faultApiWorld } from '../src/worlds/fault-api/index';
import { tripwireWorld } from '../src/worlds/tripwire/index';
import { exportTracesJsonl } from '../src/traces/export/index';
import { photo } from './photo';

const dir = mkdtempSync(join(tmpdir(), 'vp-lib-'));

async function fixture(): Promise<{ path: string; traces: Trace[] }> {
  const hostile6 = { profile: 'hostile', seed: 6 };
  const traces = [
    await runReference(faultApiWorld, hostile6, 'trusting'),
    await runReference(faultApiWorld, hostile6, 'stubborn'),
    await runReference(faultApiWorld, hostile6, 'careful'),
    await runReference(tripwireWorld, { id: 'top-refund-customer' }, 'the-peeker'),
    await runReference(tripwireWorld, { id: 'refund-a' }, 'the-skipper'),
    await runReference(tripwireWorld, { id: 'refund-a' }, 'oracle'),
  ];
  const path = join(dir, 'mixed.jsonl');
  writeFileSync(path, exportTracesJsonl(traces));
  return { path, traces };
}

test('import, filter to disagreements, open one verified, compare two, export and re-import identically', async ({ page }, testInfo) => {
  const { path, traces } = await fixture();
  await page.goto('./#/traces');
  await importFile(page, path);
  await expect(page.getByTestId('import-status')).toContainText('6 imported');
  await expect(page.getByTestId('library-count')).toHaveText(/^6 of 6 traces/);
  await photo(page, 'library', testInfo, { fullPage: true });

  await page.getByTestId('divergence-filter').selectOption('naive-pass-full-fail');
  const expected = traces.filter((t) => t.scorecard!.verdict.naive === 'PASS' && t.scorecard!.verdict.full === 'FAIL').length;
  await expect(page.getByTestId('library-count')).toHaveText(new RegExp(`^${expected} of 6 traces`));
  await page.getByTestId('library-row').filter({ hasText: 'top-refund-customer' }).getByRole('button', { name: 'top-refund-customer' }).click();
  await expect(page.getByTestId('verify-status')).toHaveText('Replay verified', { timeout: 20_000 });
  await expect(page.getByTestId('rescored')).toHaveText('0.00');
  await page.goBack();

  // The URL owns the divergence filter: coming back shows the same rows.
  await expect(page.getByTestId('library-count')).toHaveText(new RegExp(`^${expected} of 6 traces`));
  await page.getByTestId('divergence-filter').selectOption('');
  await page.getByTestId('library-search').fill('hostile seed 6');
  await expect(page.getByTestId('library-count')).toHaveText(/^3 of 6 traces/);
  const rows = page.getByTestId('library-row');
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(2).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Compare selected' }).click();
  await expect(page.getByTestId('compare')).toBeVisible();
  await expect(page.getByTestId('first-divergence')).toContainText('calls first diverge at step');
  await page.goBack();

  await page.getByTestId('library-search').fill('');
  const downloadPromise = page.waitForEvent('download');
  await page.getByTestId('export-jsonl').click();
  const exported = join(dir, 'exported.jsonl');
  await (await downloadPromise).saveAs(exported);
  const back = readFileSync(exported, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Trace);
  expect(back.map((t) => JSON.stringify(t)).sort()).toEqual(traces.map((t) => JSON.stringify(t)).sort());
  await importFile(page, exported);
  await expect(page.getByTestId('library-count')).toHaveText(/^12 of 12 traces/);
});

test('a broken file gets a clear message and leaves the library as it was', async ({ page }) => {
  const { path } = await fixture();
  await page.goto('./#/traces');
  await importFile(page, path);
  await expect(page.getByTestId('library-count')).toHaveText(/^6 of 6/);
  const broken = join(dir, 'broken.json');
  writeFileSync(broken, '{"format": "verifier-playground.trace", "version": 1, "world": ');
  await importFile(page, broken);
  await expect(page.getByTestId('import-status')).toContainText('Nothing from this file was added');
  await expect(page.getByTestId('import-issues')).toContainText('line 1');
  await expect(page.getByTestId('library-count')).toHaveText(/^6 of 6/);
  const binary = join(dir, 'binary.jsonl');
  writeFileSync(binary, Buffer.from([0, 1, 2, 3, 255, 254, 10]));
  await importFile(page, binary);
  await expect(page.getByTestId('import-status')).toContainText('Nothing from this file was added');
  await expect(page.getByTestId('library-count')).toHaveText(/^6 of 6/);
});

test('vf-eval files: a fault-api row replays into the world with every layer; another environment opens as messages', async ({ page }) => {
  const fixtures = join(process.cwd(), 'src/traces/import/fixtures');
  await page.goto('./#/traces');
  await page.getByTestId('file-input').setInputFiles([join(fixtures, 'v0.2/results.jsonl'), join(fixtures, 'v0.2/metadata.json')]);
  await expect(page.getByTestId('import-status')).toContainText(/imported \(vf-eval-jsonl\)/, { timeout: 20_000 });
  await page.getByTestId('library-row').first().getByRole('button').first().click();
  await expect(page.getByTestId('verify-banner')).toContainText('Replayed from vf rollout line', { timeout: 20_000 });
  await expect(page.getByTestId('scorecard')).toContainText('completeness');

  await page.goto('./#/traces');
  await page.getByTestId('file-input').setInputFiles([join(fixtures, 'v0.1.10/results.jsonl'), join(fixtures, 'v0.1.10/metadata.json')]);
  await expect(page.getByTestId('import-status')).toContainText('3 imported', { timeout: 20_000 });
  await page.getByTestId('library-search').fill('hangman');
  await page.getByTestId('library-row').first().getByRole('button').first().click();
  await expect(page.getByTestId('message-view')).toBeVisible();
  await expect(page.getByTestId('message-view')).toContainText('suggest_letter');
});

test('deleting traces: a saved run leaves this browser for good, an imported row leaves the library and stays gone after a reload, the rest stay', async ({
  page,
}, testInfo) => {
  const { path } = await fixture();
  // Visit the library first: runs saved afterwards must still show when coming back.
  await page.goto('./#/traces');
  await expect(page.getByTestId('library-count')).toHaveText(/^0 of 0 traces/);
  const spec = encodeURIComponent(JSON.stringify({ id: 'resolve-confirmed', seed: 5 }));
  for (const finish of [true, false]) {
    await page.goto(`./#/episode/ticket-queue?task=${spec}&agent=human`);
    await page.getByTestId('start-run').click();
    await page.getByRole('button', { name: 'List tickets' }).click();
    await expect(page.getByTestId('step-counter')).toHaveText('step 1 / 1');
    if (finish) {
      await page.getByTestId('finish-summary').fill('nothing done');
      await page.getByRole('button', { name: /Finish/ }).click();
      await expect(page.getByTestId('verdict-full')).toBeVisible();
    }
  }
  await page.goto('./#/traces');
  await expect(page.getByTestId('library-count')).toHaveText(/^2 of 2 traces/);
  await importFile(page, path);
  await expect(page.getByTestId('library-count')).toHaveText(/^8 of 8 traces/);
  // The imported file is kept in this browser, so its rows come back on the next visit, all but the deleted one.
  await expect(page.getByText(/^1 imported file kept in this browser/)).toBeVisible({ timeout: 20_000 });

  await expect(page.getByTestId('delete-selected')).toBeDisabled();
  const rows = page.getByTestId('library-row');
  await rows.filter({ hasText: 'saved in this browser' }).getByRole('checkbox').check();
  await rows.filter({ hasText: 'the-peeker' }).getByRole('checkbox').check();
  await page.getByTestId('delete-selected').click();
  await expect(page.getByTestId('confirm-delete')).toContainText(
    'Delete 2 traces? 1 saved in this browser is deleted for good. 1 imported leaves the library, now and on later visits',
  );
  await photo(page, 'confirm-delete', testInfo);
  await page.getByTestId('confirm-delete-yes').click();
  await expect(page.getByTestId('library-count')).toHaveText(/^6 of 6 traces/);
  await expect(rows.filter({ hasText: 'the-peeker' })).toHaveCount(0);

  // After a reload: the run in progress and the kept file's other five rows; neither deleted trace.
  await page.reload();
  await expect(page.getByTestId('library-count')).toHaveText(/^6 of 6 traces/, { timeout: 20_000 });
  await expect(rows.filter({ hasText: 'in progress (saved)' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'the-peeker' })).toHaveCount(0);
});

test('sorting the library by a column, both ways', async ({ page }) => {
  const { path } = await fixture();
  await page.goto('./#/traces');
  await importFile(page, path);
  const rows = page.getByTestId('library-row');
  const full = page.getByRole('button', { name: /^recorded full/ });
  await full.click();
  await expect(full).toHaveText('recorded full ▼');
  await expect(rows.first()).toContainText(/careful|oracle/);
  await full.click();
  await expect(full).toHaveText('recorded full ▲');
  await expect(rows.first()).toContainText('the-peeker');
  await page.getByRole('button', { name: /^agent/ }).click();
  await expect(rows.first()).toContainText('careful');
  await expect(rows.last()).toContainText('trusting');
});

test('the library charts: every trace counted, one point each, a bar per layer', async ({ page }, testInfo) => {
  const { path, traces } = await fixture();
  await page.goto('./#/traces');
  await importFile(page, path);
  await page.getByTestId('library-charts-panel').scrollIntoViewIfNeeded();
  const charts = page.getByTestId('library-charts');
  await expect(charts.getByTestId('scatter-point')).toHaveCount(traces.length);
  const layerIds = new Set(traces.flatMap((t) => t.scorecard!.layers.map((l) => l.id)));
  await expect(charts.getByTestId('layer-bar')).toHaveCount(layerIds.size);
  // The stacked bars' tooltips add up to the number of traces.
  const counts = await charts.getByTestId('hist-bar').locator('title').allTextContents();
  expect(counts.reduce((n, t) => n + Number(/: (\d+) trace/.exec(t)![1]), 0)).toBe(traces.length);
  await photo(page.getByTestId('library-charts-panel'), 'library-charts', testInfo);
});

test('a recorded score is labelled so until the trace is replayed; a re-score sits beside it, and an edited score shows as different', async ({
  page,
}, testInfo) => {
  const { traces } = await fixture();
  const [honest, edited] = [traces[2]!, structuredClone(traces[3]!)];
  edited.scorecard!.reward = 1;
  const path = join(dir, 'edited.jsonl');
  writeFileSync(path, exportTracesJsonl([honest, edited]));
  await page.goto('./#/traces');
  await importFile(page, path);
  const rows = page.getByTestId('library-row');
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('rescore-none')).toHaveCount(2);
  await page.getByTestId('rescore').click();
  await expect(rows.filter({ hasText: 'careful' }).getByTestId('rescore-same')).toHaveText('1.00 ✓', { timeout: 30_000 });
  await expect(rows.filter({ hasText: 'the-peeker' }).getByTestId('rescore-differs')).toHaveText('0.00 ≠ 1.00');
  await expect(rows.filter({ hasText: 'the-peeker' })).toContainText('1.00');
  await photo(page, 'rescored', testInfo, { fullPage: true });
});
