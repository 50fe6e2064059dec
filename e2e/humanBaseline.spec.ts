import { expect, test, type Page } from '@playwright/test';
import type { Trace } from '../src/core/types';
import { WORLDS as NODE_WORLDS } from '../src/worlds/registry';
import { runReference } from './traceFixtures';

const TASK = { id: 'top-refund-customer' };
const humanUrl = (task: object) => `./#/episode/tripwire?task=${encodeURIComponent(JSON.stringify(task))}&agent=human`;
const counter = (page: Page) => page.getByTestId('step-counter');

/** The oracle's query and the values its answer holds: what a person must not read off the page before a call shows them. */
async function gold(): Promise<{ query: string; values: string[] }> {
  const trace: Trace = await runReference(
    NODE_WORLDS.find((w) => w.id === 'tripwire')!,
    TASK,
    'oracle',
  );
  const read = trace.steps.find((s) => s.call.name === 'run_sql')!;
  const rows = (JSON.parse(read.result.content) as { rows: (string | number)[][] }).rows;
  return { query: String((read.call.arguments as { query: string }).query), values: rows.flat().map(String) };
}

/** Everything the page holds, shown or not: its text and its markup. */
const pageHolds = (page: Page) => page.evaluate(() => `${document.body.innerText}\n${document.documentElement.outerHTML}`);

test('a person plays a tripwire read task blind: the answer is nowhere on the page until their own call returns it; revealing asks first and marks the run everywhere', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { query, values } = await gold();
  expect(values.length).toBeGreaterThan(1);

  await page.goto(humanUrl(TASK));
  await page.getByTestId('start-run').click();
  await expect(counter(page)).toHaveText('step 0 / 0', { timeout: 30_000 });
  await expect(page.getByTestId('state-hidden')).toContainText('the whole database');
  // A harmless call first: the state after it (the whole database, the answer key) must not reach the page either.
  await page.getByTestId('sql-editor').fill("SELECT name FROM sqlite_schema WHERE type = 'table'");
  await page.getByTestId('sql-editor').press('Control+Enter');
  await expect(counter(page)).toHaveText('step 1 / 1', { timeout: 20_000 });
  let held = await pageHolds(page);
  for (const v of values) expect(held, `"${v}" is on the page before any call returned it`).not.toContain(v);
  await expect(page.getByTestId('inspector-tripwire')).toHaveCount(0);
  await expect(page.getByTestId('scorecard-hidden')).toBeVisible();

  // The player's own query returns it: now it may be shown (so the check above could see it).
  await page.getByTestId('sql-editor').fill(query);
  await page.getByTestId('sql-editor').press('Control+Enter');
  await expect(counter(page)).toHaveText('step 2 / 2', { timeout: 20_000 });
  held = await pageHolds(page);
  for (const v of values) expect(held).toContain(v);

  // Reveal asks first; "keep playing blind" changes nothing.
  await page.getByTestId('reveal-hints').click();
  const dialog = page.getByTestId('confirm-reveal');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('marked “played with hints”');
  await expect(page.getByTestId('confirm-reveal-yes')).toBeFocused();
  await dialog.getByRole('button', { name: 'Keep playing blind' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('hints-mark')).toHaveCount(0);
  await expect(page.getByTestId('inspector-tripwire')).toHaveCount(0);
  await page.getByTestId('reveal-hints').click();
  await page.getByTestId('confirm-reveal-yes').click();
  await expect(page.getByTestId('hints-mark')).toHaveText('played with hints from step 3');
  await expect(page.getByTestId('inspector-tripwire')).toBeVisible();

  await page.getByTestId('answer-input').fill(values.join(', '));
  await page.getByRole('button', { name: /Submit answer/ }).click();
  await expect(page.getByTestId('verdict-full')).toContainText(/PASS|FAIL/, { timeout: 20_000 });

  // A second run, blind: given up at once. It is a human baseline; the first is not.
  await page.getByRole('button', { name: 'New run' }).click();
  await page.getByTestId('start-run').click();
  await expect(counter(page)).toHaveText('step 0 / 0', { timeout: 30_000 });
  await page.getByTestId('give-up').click();
  await page.getByTestId('confirm-give-up-yes').click();
  await expect(page.getByTestId('episode-stop')).toContainText('stopped: abandoned');

  await page.goto('./#/traces');
  const rows = page.getByTestId('library-row');
  await expect(rows).toHaveCount(2, { timeout: 20_000 });
  await expect(rows.filter({ hasText: 'human (played with hints)' })).toHaveCount(1);

  // The listing may still settle (the saved runs read back) while the boxes are ticked: tick until each holds.
  for (let i = 0; i < 2; i++) await expect(async () => rows.nth(i).getByRole('checkbox').check({ timeout: 2_000 })).toPass({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Compare selected' }).click();
  await expect(page.getByTestId('compare')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('compare-hinted')).toHaveCount(1);
  await expect(page.getByTestId('compare')).toContainText('human (played with hints)');
  await page.goBack();

  await page.getByTestId('report-button').click();
  const report = page.getByTestId('report');
  await expect(page.getByTestId('report-hinted')).toContainText('Include 1 run played with hints');
  await expect(page.getByTestId('report-row')).toHaveCount(1);
  await expect(page.getByTestId('report-row')).toContainText('human');
  await expect(report).not.toContainText('human (played with hints)');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Report per model: 1 trace');
  await page.getByTestId('include-hinted').check();
  await expect(page.getByTestId('report-row')).toHaveCount(2);
  await expect(report).toContainText('human (played with hints)');
  await expect(page).toHaveURL(/hints=include/);
});

test("web-portal played blind: the page source's answer key is nowhere in the page a person clicks; it shows, marked, once the run ends", async ({ page }) => {
  await page.goto(`./#/episode/web-portal?task=${encodeURIComponent(JSON.stringify({ id: 'refund-status' }))}&agent=human`);
  await page.getByTestId('start-run').click();
  await expect(counter(page)).toHaveText('step 0 / 0', { timeout: 30_000 });
  await expect(page.getByTestId('play-web-portal').locator('[data-key="footer.qa-key"]')).toHaveCount(1);
  expect(await pageHolds(page)).not.toContain('QA answer key');
  await page.getByTestId('give-up').click();
  await page.getByTestId('confirm-give-up-yes').click();
  await expect(page.getByTestId('inspector-web-portal').locator('[data-key="footer.qa-key"]')).toContainText('QA answer key');
});

test('"New run" pressed while the last call is still being saved stays on the new run', async ({ page }) => {
  await page.goto(humanUrl(TASK));
  await page.getByTestId('start-run').click();
  await expect(counter(page)).toHaveText('step 0 / 0', { timeout: 30_000 });
  await page.getByTestId('answer-input').fill('no idea');
  // A slow machine (the CPU throttled 20×) and no wait between the two: the submission's step and save are still under
  // way when the person moves on.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  await page.getByRole('button', { name: /Submit answer/ }).click();
  await page.getByRole('button', { name: 'New run' }).click({ timeout: 20_000 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(page.getByTestId('start-run')).toBeVisible();
  // Give the old run's call and save every chance to finish and pull the page back.
  await page.waitForTimeout(2_000);
  await expect(page.getByTestId('start-run')).toBeVisible();
  expect(new URL(page.url()).hash).not.toContain('run=');
});
