import { expect, test, type Page } from '@playwright/test';

const counter = (page: Page) => page.getByTestId('step-counter');

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone a finished episode shows its verdicts and why first; the 40-record submission is one line that expands', async ({ page }) => {
  await page.goto(`./#/episode/fault-api?task=${encodeURIComponent(JSON.stringify({ profile: 'clean', seed: 2 }))}&agent=human`);
  await page.getByTestId('start-run').click();
  for (let i = 1; i <= 10; i++) {
    await page.getByRole('button', { name: 'Fetch page' }).click();
    await expect(counter(page)).toHaveText(`step ${i} / ${i}`);
  }
  await page.getByRole('button', { name: /Add every record seen \(40\)/ }).click();
  await page.getByRole('button', { name: /Submit records/ }).click();
  await expect(page.getByTestId('verdict-full')).toContainText('1.00 PASS', { timeout: 20_000 });
  await page.evaluate(() => window.scrollTo(0, 0));

  // The verdicts and the sentence on why are on the first screen, above the steps.
  const story = await page.getByTestId('verdict-story').boundingBox();
  expect(story, 'the why-sentence is on the page').not.toBeNull();
  expect(story!.y + story!.height, 'the why-sentence ends on the first screen').toBeLessThanOrEqual(844);
  const steps = await page.getByTestId('steps').boundingBox();
  expect(steps!.y).toBeGreaterThan(story!.y);

  // The submission: a summary line, its 40 records behind a click.
  const last = page.getByTestId('step-11');
  const fold = last.getByTestId('fold-arguments');
  await expect(fold.locator('summary')).toContainText('records: 40 items');
  await expect(fold.locator('pre')).toBeHidden();
  await fold.locator('summary').click();
  await expect(fold.locator('pre')).toBeVisible();
  await expect(fold.locator('pre')).toContainText('"records"');
});

test('while a person plays, the result they are reading is never folded; an earlier long one is', async ({ page }) => {
  await page.goto(`./#/episode/tripwire?task=${encodeURIComponent(JSON.stringify({ id: 'refund-a' }))}&agent=human`);
  await page.getByTestId('start-run').click();
  await expect(counter(page)).toHaveText('step 0 / 0', { timeout: 30_000 });
  await page.getByTestId('sql-editor').fill('SELECT id, status FROM orders LIMIT 30');
  await page.getByTestId('sql-editor').press('Control+Enter');
  await expect(counter(page)).toHaveText('step 1 / 1', { timeout: 20_000 });
  await expect(page.getByTestId('step-1').getByTestId('fold-result')).toHaveCount(0);
  await expect(page.getByTestId('step-1').locator('.step-result table')).toBeVisible();
  await page.getByTestId('sql-editor').fill('SELECT 1');
  await page.getByTestId('sql-editor').press('Control+Enter');
  await expect(counter(page)).toHaveText('step 2 / 2', { timeout: 20_000 });
  await page.getByTestId('step-1').getByRole('button').first().click();
  await expect(page.getByTestId('step-1').getByTestId('fold-result').locator('summary')).toContainText('30 rows × 2 columns');
});
