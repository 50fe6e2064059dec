import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { convert, type ConvertItem } from '../src/traces/export/convert';
import { exportTracesJsonl } from '../src/traces/export/index';
import { identityOf } from '../src/traces/import/identity';
import { importText } from '../src/traces/import/importText';
import { handLog } from '../src/traces/inspect/testing';
import { faultApiWorld } from '../src/worlds/fault-api/index';
import { WORLDS } from '../src/worlds/registry';
import { strFromU8, unzipSync } from 'fflate';
import { importFile, keysPressed, pressKeysAsShown, runReference } from './traceFixtures';
import { photo } from './photo';

const dir = mkdtempSync(join(tmpdir(), 'vp-runs-'));
const fixture = readFileSync(new URL('../src/traces/import/fixtures/v0.1.2.post1/results.jsonl', import.meta.url), 'utf8');

/** Two vf-eval runs of one env by two models, named as vf-eval names them (no metadata.json); the second scored lower. */
function vfRuns(): string[] {
  const lower = fixture
    .trim()
    .split('\n')
    .map((l) => JSON.stringify({ ...(JSON.parse(l) as object), reward: 0 }))
    .join('\n');
  const a = join(dir, 'wiki-search--openai--gpt-4.1-mini.jsonl');
  const b = join(dir, 'wiki-search--qwen--qwen3-8b.jsonl');
  writeFileSync(a, fixture);
  writeFileSync(b, `${lower}\n`);
  return [a, b];
}

/** Screenshots written where SHOTS says (for a person to look at), else only attached to the report. */

const count = (page: Page) => page.getByTestId('library-count');

/** Every listed row selected (the listing is short enough to be on screen whole). */
async function selectAll(page: Page): Promise<void> {
  const rows = page.getByTestId('library-row');
  for (let i = 0; i < (await rows.count()); i++) await rows.nth(i).getByRole('checkbox').check();
}

async function downloads(page: Page, click: () => Promise<void>, n: number): Promise<string[]> {
  const paths: string[] = [];
  const all = new Promise<void>((resolve) => {
    page.on('download', async (d) => {
      const path = join(dir, `${Date.now()}-${d.suggestedFilename()}`);
      await d.saveAs(path);
      paths.push(path);
      if (paths.length === n) resolve();
    });
  });
  await click();
  await all;
  page.removeAllListeners('download');
  return paths;
}

test('vf-eval runs: identity from the file name, grouped by run, kept across a reload, a duplicate skipped, compared by example, reported, exported and re-imported with identity kept', async ({
  page,
}, testInfo) => {
  const [a, b] = vfRuns();
  await page.goto('./#/traces');
  await importFile(page, [a!, b!]);
  await expect(count(page)).toHaveText(/^8 of 8 traces/);
  const runs = page.getByTestId('import-run');
  await expect(runs).toHaveCount(2);
  await expect(runs.nth(0).getByTestId('run-env')).toContainText('wiki-search');
  await expect(runs.nth(0).getByTestId('run-model')).toContainText('openai/gpt-4.1-mini');
  await expect(runs.nth(0).getByTestId('name-origin').first()).toHaveText('from file name');
  await expect(runs.nth(0).getByTestId('run-stored')).toHaveText('in this browser');

  await page.getByLabel('group by').selectOption('run');
  await expect(page.getByTestId('library-group')).toHaveCount(2);
  await expect(page).toHaveURL(/group=run/);
  await page.getByTestId('library-group').filter({ hasText: 'qwen3-8b' }).getByRole('button').click();
  await expect(count(page)).toHaveText(/^4 of 8 traces/);
  await expect(page.getByTestId('run-chip')).toContainText('wiki-search--qwen--qwen3-8b.jsonl');
  await page.getByTestId('run-chip').getByRole('button', { name: 'clear' }).click();
  await page.getByTestId('library-row').first().getByRole('button').first().click();
  await expect(page.getByTestId('vf-only-reason')).toHaveText(
    "wiki-search (env from file name) is not one of the playground's worlds: shown as messages, not replayed.",
  );
  await page.getByTestId('back-to-library').click();

  // Kept across a reload: the files are read again from this browser's storage.
  await page.reload();
  await expect(count(page)).toHaveText(/^8 of 8 traces/, { timeout: 20_000 });
  await expect(page.getByTestId('storage-info')).toContainText('2 imported files kept in this browser');

  // The same file again: found by its content, skipped.
  await page.getByTestId('file-input').setInputFiles(a!);
  await expect(page.getByTestId('duplicate-skip')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('duplicate-skip').click();
  await expect(count(page)).toHaveText(/^8 of 8 traces/);
  await expect(runs).toHaveCount(2);

  // Renamed model, kept as edited.
  await runs.nth(1).getByTestId('run-model').click();
  await runs.nth(1).getByTestId('run-model-input').fill('qwen3-8b-local');
  await runs.nth(1).getByTestId('run-model-input').press('Enter');
  await expect(runs.nth(1).getByTestId('name-origin').nth(1)).toContainText('edited (the file name said qwen/qwen3-8b)');
  await photo(page, 'runs', testInfo, { fullPage: true });

  await selectAll(page);
  await page.getByTestId('compare-examples-button').click();
  await expect(page.getByTestId('compare-examples')).toContainText('2 agents on');
  await expect(page.getByTestId('example-row').first().getByTestId('example-side')).toHaveCount(2);
  await expect(page.getByTestId('compare-examples')).toContainText('qwen3-8b-local');
  await photo(page, 'compare-by-example', testInfo, { fullPage: true });
  await page.goBack();

  await page.getByTestId('report-button').click();
  await expect(page.getByTestId('report-row')).toHaveCount(2);
  await expect(page.getByTestId('report-gap')).toContainText('openai/gpt-4.1-mini leads qwen3-8b-local');
  await photo(page, 'runs-report', testInfo, { fullPage: true });
  const [csv] = await downloads(page, () => page.getByTestId('report-csv').click(), 1);
  expect(readFileSync(csv!, 'utf8')).toMatch(/wiki-search,qwen3-8b-local,yours,4,0\.000/);
  await page.goBack();

  // As the rows were written, a results.jsonl keeps no env or model (the file name said them): the note says so.
  await downloads(page, () => page.getByTestId('export-vf').click(), 1);
  await expect(page.getByTestId('export-note')).toContainText('The env and model of 8 vf-eval rows written as their era wrote them: not in the rows');
  // In today's shape they ride in info, and the note names every rename.
  await page.getByTestId('export-vf-current').check();
  const [vf] = await downloads(page, () => page.getByTestId('export-vf').click(), 1);
  await expect(page.getByTestId('export-note')).toContainText('Wrote 8 of 8 rows to results.jsonl');
  await expect(page.getByTestId('export-note')).toContainText("today's shape, as asked:");
  await importFile(page, vf!);
  await expect(count(page)).toHaveText(/^16 of 16 traces/);
  await page.getByLabel('group by').selectOption('agent');
  await expect(page.getByTestId('library-group')).toHaveCount(2);
  await expect(page.getByTestId('library-group').filter({ hasText: 'qwen3-8b-local' })).toContainText('8');
  await page.getByLabel('group by').selectOption('world');
  await expect(page.getByTestId('library-group')).toHaveCount(1);
  await expect(page.getByTestId('library-group')).toContainText('wiki-search');
});

test('native traces and an Inspect log: grouped by run, the trace view steps through the listing and goes back to it, exported as Inspect logs and re-imported with identity kept', async ({
  page,
}) => {
  const traces = [
    await runReference(faultApiWorld, { profile: 'hostile', seed: 6 }, 'careful'),
    await runReference(faultApiWorld, { profile: 'hostile', seed: 6 }, 'trusting'),
  ];
  const native = join(dir, 'played.jsonl');
  writeFileSync(native, exportTracesJsonl(traces));
  const foreign = importText(JSON.stringify(handLog())).items.map((item): ConvertItem => ({ item, source: 'log.json', ...identityOf(item, null) }));
  const inspect = join(dir, 'log.json');
  writeFileSync(inspect, (await convert(foreign, 'inspect', { worlds: WORLDS, created: '2025-01-01T00:00:00Z' })).outputs[0]!.data);

  await page.goto('./#/traces');
  await importFile(page, [native, inspect]);
  await expect(count(page)).toHaveText(/^4 of 4 traces/);
  await page.getByLabel('group by').selectOption('run');
  await expect(page.getByTestId('library-group')).toHaveCount(2);
  await page.getByLabel('group by').selectOption('');

  // Sorted and searched; the trace view keeps both, and next / previous follow the listing.
  await page.getByTestId('library-search').fill('hostile');
  await page.getByRole('button', { name: /^agent/ }).click();
  await expect(page).toHaveURL(/sort=agent/);
  await page.getByTestId('library-row').first().getByRole('button').first().click();
  await expect(page.getByTestId('trace-position')).toHaveText('trace 1 of 2 listed');
  await photo(page, 'trace-nav');
  await page.keyboard.press('j');
  await expect(page.getByTestId('trace-position')).toHaveText('trace 2 of 2 listed');
  await page.keyboard.press('k');
  await expect(page.getByTestId('trace-position')).toHaveText('trace 1 of 2 listed');
  await page.getByTestId('back-to-library').click();
  await expect(page.getByTestId('library-search')).toHaveValue('hostile');
  await expect(page).toHaveURL(/sort=agent/);
  await page.getByTestId('library-search').fill('');

  // Asked for apart: three downloads, one per env × model × run.
  await page.getByTestId('export-zip').uncheck();
  const files = await downloads(page, () => page.getByTestId('export-inspect').click(), 3);
  await expect(page.getByTestId('export-note')).toContainText('Wrote 4 of 4 rows to 3 files');
  await importFile(page, files);
  await expect(count(page)).toHaveText(/^8 of 8 traces/);
  await page.getByLabel('group by').selectOption('agent');
  const groups = page.getByTestId('library-group');
  for (const agent of ['careful', 'trusting']) await expect(groups.filter({ hasText: agent })).toContainText('2');
  await page.getByLabel('group by').selectOption('world');
  await expect(groups.filter({ hasText: 'fault-api' })).toContainText('4');
});

test('the trace view’s j / k work from the moment its position shows: j pressed as it first appears', async ({ page }) => {
  const traces = [
    await runReference(faultApiWorld, { profile: 'hostile', seed: 6 }, 'careful'),
    await runReference(faultApiWorld, { profile: 'hostile', seed: 6 }, 'trusting'),
  ];
  const native = join(dir, 'two-for-keys.jsonl');
  writeFileSync(native, exportTracesJsonl(traces));
  await page.goto('./#/traces');
  await importFile(page, native);
  await expect(count(page)).toHaveText(/^2 of 2 traces/);
  // j pressed as the trace view first says where it is.
  await page.evaluate(pressKeysAsShown, { selector: '[data-testid="trace-position"]', text: 'trace 1 of 2 listed', keys: ['j'] });
  await page.getByTestId('library-row').first().getByRole('button').first().click();
  await expect(page.getByTestId('trace-position')).toHaveText('trace 2 of 2 listed', { timeout: 20_000 });
  expect(await keysPressed(page)).toBe(true);
});

test('an imported unfinished trace is viewed, and resumed as a new run of this browser', async ({ page }) => {
  const done = await runReference(faultApiWorld, { profile: 'clean', seed: 2 }, 'careful');
  const unfinished = { ...done, steps: done.steps.slice(0, 2), stop: null, scorecard: null };
  const path = join(dir, 'unfinished.jsonl');
  writeFileSync(path, `${JSON.stringify(unfinished)}\n`);
  await page.goto('./#/traces');
  await importFile(page, path);
  await page.getByTestId('library-row').first().getByRole('button').first().click();
  await expect(page.getByTestId('unfinished-import')).toContainText('its 2 steps are shown below');
  await page.getByTestId('resume-as-new').click();
  await expect(page).toHaveURL(/#\/episode\/fault-api\?.*run=run-/);
});

test('a chosen vf-eval outputs folder: each results.jsonl is a run, named by its metadata.json or else by its folders', async ({ page }) => {
  const root = join(dir, 'outputs');
  const era = (name: string) => new URL(`../src/traces/import/fixtures/v0.1.10/${name}`, import.meta.url);
  const withMeta = join(root, 'evals', 'hangman--x', 'run-a');
  const bare = join(root, 'evals', 'wiki-search--openai--gpt-4.1-mini', 'run-b');
  mkdirSync(withMeta, { recursive: true });
  mkdirSync(bare, { recursive: true });
  writeFileSync(join(withMeta, 'results.jsonl'), readFileSync(era('results.jsonl')));
  writeFileSync(join(withMeta, 'metadata.json'), readFileSync(era('metadata.json')));
  writeFileSync(join(bare, 'results.jsonl'), fixture);
  writeFileSync(join(root, 'README.md'), 'not a trace');
  await page.goto('./#/traces');
  await page.getByTestId('folder-input').setInputFiles(root);
  await expect(page.getByTestId('import-status')).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  const runs = page.getByTestId('import-run');
  await expect(runs).toHaveCount(2);
  const meta = runs.filter({ hasText: 'run-a' });
  await expect(meta.getByTestId('run-env')).toContainText('hangman_agent');
  await expect(meta.getByTestId('run-model')).toContainText('gpt-4.1-mini');
  await expect(meta.getByTestId('name-origin').first()).toHaveText('from metadata.json');
  const folder = runs.filter({ hasText: 'run-b' });
  await expect(folder.getByTestId('run-env')).toContainText('wiki-search');
  await expect(folder.getByTestId('run-model')).toContainText('openai/gpt-4.1-mini');
  await expect(folder.getByTestId('name-origin').first()).toHaveText('from folder');
});

test('an export asked for while stored runs are read back waits for them, says so, and writes every row; several Inspect logs come as one zip', async ({
  page,
}, testInfo) => {
  // Three stored vf-eval runs of four rows, each file its own bytes (a reward of its own).
  const lines = fixture.trim().split('\n');
  const paths = Array.from({ length: 3 }, (_, i) => {
    const path = join(dir, `wiki-search--model-${i}--run.jsonl`);
    writeFileSync(path, lines.map((l) => JSON.stringify({ ...(JSON.parse(l) as object), reward: i / 10 })).join('\n') + '\n');
    return path;
  });
  await page.goto('./#/traces');
  await importFile(page, paths);
  await expect(count(page)).toHaveText(/^12 of 12 traces/);

  // The next visit reads the files back, one worker each: the first file's worker loads, the others' scripts are held.
  // An export asked for now would write the first file's 4 rows of 12.
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  let workers = 0;
  await page.route(/import\.worker-[^/]*\.js$/, async (route) => {
    if (workers++ > 0) await held;
    await route.continue();
  });
  await page.reload();
  await expect(count(page)).toHaveText('4 of 4 traces, more being read');
  const vf = page.waitForEvent('download');
  await page.getByTestId('export-vf').click();
  await expect(page.getByTestId('export-waiting')).toContainText(/waits for the library to finish reading: 8 traces of 2 stored files still being read/);
  await expect(page.getByTestId('export-vf')).toHaveText('Export vf results.jsonl: waiting…');
  await expect(page.getByTestId('storage-info')).toContainText('Reading back the 2 imported files kept in this browser…');
  await photo(page, 'export-waiting', testInfo, { fullPage: true });
  // A report asked for meanwhile waits too.
  await page.getByTestId('report-button').click();
  await expect(page.getByTestId('report-waiting')).toContainText('8 traces of 2 stored files still being read');
  await photo(page, 'report-waiting', testInfo);
  await page.goBack();
  // Leaving the library cancelled that export; this one is cancelled by hand, then asked for again.
  await expect(page.getByTestId('export-note')).toHaveCount(0);
  await page.getByTestId('export-vf').click();
  await page.getByTestId('export-cancel').click();
  await expect(page.getByTestId('export-note')).toHaveText('vf results.jsonl: cancelled while the library was still being read. Nothing was written.');
  await page.getByTestId('export-vf').click();
  release();
  const written = join(dir, 'waited-results.jsonl');
  await (await vf).saveAs(written);
  await expect(page.getByTestId('export-note')).toHaveText(/^vf results\.jsonl of the 12 listed: Wrote 12 of 12 rows to results\.jsonl\./);
  expect(readFileSync(written, 'utf8').trim().split('\n')).toHaveLength(12);
  await photo(page.locator('.lib-toolbar').filter({ has: page.getByTestId('export-note') }), 'export-after-wait', testInfo);
  await page.unroute(/import\.worker-[^/]*\.js$/);

  // Three runs as Inspect logs: one download, a zip named for what it holds, every log in it.
  const zip = page.waitForEvent('download');
  await page.getByTestId('export-inspect').click();
  const download = await zip;
  expect(download.suggestedFilename()).toBe('inspect-logs-3-files.zip');
  const zipPath = join(dir, download.suggestedFilename());
  await download.saveAs(zipPath);
  const logs = unzipSync(readFileSync(zipPath));
  expect(Object.keys(logs)).toHaveLength(3);
  const samples = Object.values(logs).reduce((n, b) => n + (JSON.parse(strFromU8(b)) as { samples: unknown[] }).samples.length, 0);
  expect(samples).toBe(12);
  await expect(page.getByTestId('export-note')).toContainText('Wrote 12 of 12 rows to inspect-logs-3-files.zip (3 files: inspect-log-1.json,');
});
