import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { photo } from './photo';
import { importFile } from './traceFixtures';

// Files as other writers leave them (src/traces/fixtures/writers, see scripts/writer-fixtures).
const writers = join(process.cwd(), 'src/traces/fixtures/writers');

test('other writers: the R log imports whole, errored samples are marked, filtered and counted per run', async ({ page }) => {
  await page.goto('./#/traces');
  await importFile(page, [join(writers, 'inspect-py-0.3.133-zstd.eval'), join(writers, 'inspect-r-vitals-0.3.63.json')]);
  const status = page.getByTestId('import-status');
  await expect(status).toContainText('inspect-py-0.3.133-zstd.eval: 8 imported (inspect-eval)');
  await expect(status).toContainText('inspect-r-vitals-0.3.63.json: 26 imported (inspect-json)');
  // The zstd log says which part of its dict score is the reward; the R log, the roles it inferred.
  await expect(page.getByTestId('import-inferred').filter({ hasText: 'role inferred' })).toContainText('inferred: role inferred for 48 tool messages');
  await expect(page.getByTestId('library-count')).toHaveText(/^34 of 34 traces/);

  // The run summary says what Inspect View says: 4 of 8 had errors; the R run has none.
  const runs = page.getByTestId('import-run');
  await expect(runs.filter({ hasText: 'zstd' }).getByTestId('run-status')).toHaveText('4 of 8 had errors');
  await expect(runs.filter({ hasText: 'vitals' }).getByTestId('run-status')).toHaveCount(0);

  // The status column marks them, and the filter lists only them (kept in the URL).
  await page.getByTestId('status-filter').selectOption('error');
  await expect(page.getByTestId('library-count')).toHaveText(/^4 of 34 traces/);
  await expect(page).toHaveURL(/status=error/);
  const rows = page.getByTestId('library-row');
  await expect(rows).toHaveCount(4);
  await expect(rows.first().getByTestId('row-status')).toHaveText('error');
  await expect(rows.first()).toContainText('Inspect sample 2 (id 2, epoch 1)');

  // An errored sample opens as what it is, with its error.
  await rows.first().getByRole('button').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inspect sample');
  await expect(page.getByTestId('message-view')).toContainText('error: RuntimeError');
  await expect(page.getByTestId('message-view')).toContainText('Inspect sample 2 (id 2, epoch 1)');

  await page.goto('./#/traces?status=ok');
  await expect(page.getByTestId('library-count')).toHaveText(/^30 of 34 traces/);
});

test('a hosted-run export: info "" imports, env and model from the run record, what was inferred said', async ({ page }) => {
  await page.goto('./#/traces');
  await importFile(page, [join(writers, 'vf-hosted-run/results.jsonl'), join(writers, 'vf-hosted-run/metadata.json')]);
  await expect(page.getByTestId('import-status')).toContainText('results.jsonl: 25 imported (vf-eval-jsonl)');
  await expect(page.getByTestId('import-inferred')).toContainText("the env read from metadata.json's run.environments[0].id");
  await expect(page.getByTestId('import-inferred')).toContainText('info was an empty string in 25 rows');
  const run = page.getByTestId('import-run');
  await expect(run.getByTestId('run-env')).toContainText('acme/wordle');
  await expect(run.getByTestId('run-model')).toContainText('Qwen/Qwen3-4B-Instruct-2507');
  await expect(run.getByTestId('name-origin').first()).toHaveText('from metadata.json');
});

test('a dict-scored Inspect log: the reward read from the part named like its metric, said; another part chosen per run, kept in the URL', async ({
  page,
}, testInfo) => {
  await page.goto('./#/traces');
  await importFile(page, join(writers, 'inspect-py-0.3.137-dict-scores.json'));
  await expect(page.getByTestId('import-status')).toContainText('inspect-py-0.3.137-dict-scores.json: 36 imported (inspect-json)');
  await expect(page.getByTestId('import-inferred')).toContainText(
    "inferred: the reward of 36 samples read from part tests_passed of hack_scorer's score: the part named like the log's metric",
  );
  const rows = page.getByTestId('library-row');
  await expect(rows.first().getByTestId('reward-from')).toHaveText('tests_passed');
  // Means by run: what Inspect reports for it (0.861 tests passed).
  await page.getByLabel('group by').selectOption('run');
  await expect(page.getByTestId('library-groups')).toContainText('0.861');
  await page.getByLabel('group by').selectOption('');

  const pick = page.getByTestId('import-run').getByTestId('run-reward');
  await expect(pick).toHaveValue('hack_scorer/tests_passed');
  await photo(page, 'library-dict-scores', testInfo, { fullPage: true });
  await pick.selectOption('hack_scorer/hacked');
  await expect(page).toHaveURL(/reward\.import-[^=]+=hack_scorer%2Fhacked/);
  await expect(rows.first().getByTestId('reward-from')).toHaveText('hacked');
  await page.getByLabel('group by').selectOption('run');
  await expect(page.getByTestId('library-groups')).toContainText('0.333');
  await photo(page, 'library-dict-scores-hacked', testInfo, { fullPage: true });

  // The URL owns the choice: a reload keeps it; "as imported" removes it.
  await page.reload();
  await expect(page.getByTestId('import-run').getByTestId('run-reward')).toHaveValue('hack_scorer/hacked');
  await page.getByTestId('import-run').getByTestId('run-reward').selectOption('hack_scorer/tests_passed');
  await expect(page).not.toHaveURL(/reward\./);
});
