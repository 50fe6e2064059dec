import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Trace } from '../src/core/types';
import { exportTracesJsonl } from '../src/traces/export/index';
import { faultApiWorld } from '../src/worlds/fault-api/index';
import { runReference } from './traceFixtures';
import { photo } from './photo';

// What a hostile or careless file can put in a name: no spaces, so nothing wraps it.
const MODEL_A = 'A'.repeat(200_000);
const MODEL_B = 'B'.repeat(200_000);
const WORLD = 'W'.repeat(300);
const TASK = 'T'.repeat(300);
const dir = mkdtempSync(join(tmpdir(), 'vp-layout-'));

async function longNames(): Promise<string> {
  const spec = { profile: 'hostile', seed: 6 };
  const [a, b, c] = await Promise.all([
    runReference(faultApiWorld, spec, 'careful'),
    runReference(faultApiWorld, spec, 'trusting'),
    runReference(faultApiWorld, spec, 'stubborn'),
  ]);
  const traces: Trace[] = [
    { ...a, agent: { kind: 'model', name: MODEL_A, model: MODEL_A } },
    { ...b, agent: { kind: 'model', name: MODEL_B, model: MODEL_B }, stop: { ...b.stop!, detail: 'D'.repeat(5_000) } },
    { ...c, world: WORLD, task: { id: TASK } },
  ];
  // A file name as long as the file system allows.
  const path = join(dir, `${'f'.repeat(240)}.jsonl`);
  writeFileSync(path, exportTracesJsonl(traces));
  return path;
}

function vfWithLongNames(): string[] {
  const fixtures = join(process.cwd(), 'src/traces/import/fixtures/v0.1.10');
  const meta = JSON.parse(readFileSync(join(fixtures, 'metadata.json'), 'utf8')) as Record<string, unknown>;
  const metaPath = join(dir, 'metadata.json');
  writeFileSync(metaPath, JSON.stringify({ ...meta, env_id: 'E'.repeat(300), model: 'V'.repeat(200_000) }));
  return [join(fixtures, 'results.jsonl'), metaPath];
}

/** The page never scrolls sideways: whatever is long is clipped inside its own box. */
async function expectNoSideScroll(page: Page, where: string) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, `${where}: the page is ${scroll}px wide in a ${client}px window`).toBeLessThanOrEqual(client);
}

async function expectWidthAtMost(l: Locator, max: number, what: string) {
  const box = await l.boundingBox();
  expect(box, `${what} is on the page`).not.toBeNull();
  expect(box!.width, `${what} is ${box!.width}px wide`).toBeLessThanOrEqual(max);
}

/** Every element matching `selector` inside `l` is at most `max` px wide. */
async function expectCellsAtMost(l: Locator, selector: string, max: number, what: string) {
  const widest = await l.locator(selector).evaluateAll((els) => Math.max(0, ...els.map((e) => e.getBoundingClientRect().width)));
  expect(widest, `the widest ${what} is ${widest}px`).toBeLessThanOrEqual(max);
}

test('200k-character model names and 300-character world, env and task names stay inside their boxes', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.goto('./#/traces');
  await page.getByTestId('file-input').setInputFiles([await longNames(), ...vfWithLongNames()]);
  await expect(page.getByTestId('library-count')).toHaveText(/^6 of 6 traces/, { timeout: 30_000 });
  await expect(page.getByTestId('import-status')).not.toContainText('Importing');
  const main = (await page.locator('main').boundingBox())!.width;

  await expectNoSideScroll(page, 'the library');
  await expectWidthAtMost(page.getByLabel('world filter'), 320, 'the world filter');
  await expectWidthAtMost(page.getByTestId('import-status'), main, 'the import status');
  await expectWidthAtMost(page.getByTestId('library-table'), main, 'the library table');
  await expectCellsAtMost(page.getByTestId('library-table'), '.lib-cell', 400, 'library cell');
  for (const by of ['agent', 'world', 'task'] as const) {
    await page.getByLabel('group by').selectOption(by);
    await expectWidthAtMost(page.getByTestId('library-groups'), main, `the table of means by ${by}`);
    await expectCellsAtMost(page.getByTestId('library-groups'), 'td', main / 2, `cell of the means by ${by}`);
    await expectNoSideScroll(page, `the library, means by ${by}`);
  }
  await page.getByTestId('library-charts-panel').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('library-charts')).toBeVisible();
  await expectCellsAtMost(page.getByTestId('library-charts'), '.legend li', 400, 'legend entry');
  await expectCellsAtMost(page.getByTestId('library-charts'), 'figure', main, 'chart');
  await expectNoSideScroll(page, 'the library charts');
  await photo(page, 'layout-library', testInfo, { fullPage: true });

  // Two traces of one task with long model names, side by side.
  await page.getByLabel('group by').selectOption('');
  await page.getByTestId('library-search').fill('hostile seed 6');
  const rows = page.getByTestId('library-row');
  await rows.filter({ hasText: 'AAAA' }).getByRole('checkbox').check();
  await rows.filter({ hasText: 'BBBB' }).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Compare selected' }).click();
  await expect(page.getByTestId('compare')).toBeVisible();
  await expectNoSideScroll(page, 'the comparison');
  await expectCellsAtMost(page.getByTestId('compare'), 'th', main / 2, 'comparison header');
  await photo(page, 'layout-compare', undefined, { fullPage: true });
  await page.goBack();

  // One of them opened, replayed, and kept as a gotcha under its default label (the model's name).
  await rows.filter({ hasText: 'BBBB' }).getByRole('button').first().click();
  await expect(page.getByTestId('verify-status')).toHaveText('Replay verified', { timeout: 30_000 });
  await expectNoSideScroll(page, 'the trace view');
  await page.getByTestId('add-gotcha').click();
  await expectNoSideScroll(page, 'the gotcha form');
  await page.getByTestId('gotcha-save').click();
  await expect(page.getByTestId('gotcha-added')).toBeVisible({ timeout: 20_000 });
  await expectNoSideScroll(page, 'the trace view with the gotcha added');
  await photo(page, 'layout-trace', undefined, { fullPage: true });

  await page.goto('./#/');
  await expect(page.getByTestId('user-gotcha')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByTestId('gotcha-status')).toHaveText('unchanged', { timeout: 30_000 });
  await expectNoSideScroll(page, 'the home page with the gotcha');
  await expectCellsAtMost(page.getByTestId('user-gotcha-table'), 'td, th', main / 2, 'gotcha cell');
  await page.getByTestId('open-gotcha').click();
  await expect(page.getByTestId('gotcha-banner')).toBeVisible({ timeout: 20_000 });
  await expectNoSideScroll(page, 'the gotcha view');
  await photo(page, 'layout-gotcha', undefined, { fullPage: true });

  // A model name typed (or pasted) into the endpoint settings.
  await page.goto('./#/model');
  await page.getByTestId('model-name').fill(MODEL_A);
  await expect(page.getByTestId('endpoint-settings').locator('summary')).toContainText('AAAA');
  await expectNoSideScroll(page, 'the model view');
  await expectWidthAtMost(page.getByTestId('endpoint-settings').locator('summary'), main, 'the endpoint summary');
});
