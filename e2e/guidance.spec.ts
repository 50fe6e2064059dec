import { expect, test, type Page } from '@playwright/test';

const humanUrl = (world: string, task: object) => `./#/episode/${world}?task=${encodeURIComponent(JSON.stringify(task))}&agent=human`;
const counter = (page: Page) => page.getByTestId('step-counter');

async function start(page: Page, world: string, task: object) {
  await page.goto(humanUrl(world, task));
  await page.getByTestId('start-run').click();
  await expect(counter(page)).toHaveText('step 0 / 0', { timeout: 30_000 });
}

test('fault-api: call N of M, a warning before the last call, and a run the budget ended says so', async ({ page }) => {
  await start(page, 'fault-api', { profile: 'clean', seed: 2, max_turns: 3 });
  const fetch = page.getByRole('button', { name: 'Fetch page' });
  await expect(page.getByTestId('turns')).toHaveText('call 1 of 3');
  await expect(page.getByTestId('last-call')).toHaveCount(0);
  await fetch.click();
  await fetch.click();
  await expect(page.getByTestId('turns')).toHaveText('call 3 of 3');
  await expect(page.getByTestId('last-call')).toContainText('This is your last call');
  await fetch.click();
  await expect(page.getByTestId('episode-stop')).toContainText('stopped: budget');
  await expect(page.getByTestId('budget-ended')).toContainText('all 3 calls were used before an answer was submitted');
  await expect(page.getByTestId('verdict-full')).toContainText('FAIL');
});

test('fault-api: the last page is said and its cursor kept (no silent restart); the helpers say what they changed; the scorecard never flashes a provisional verdict', async ({
  page,
}) => {
  await start(page, 'fault-api', { profile: 'clean', seed: 2, num_records: 8, page_size: 4 });
  await expect(page.getByTestId('listing-ended')).toHaveCount(0);
  await page.getByRole('button', { name: 'Fetch page' }).click();
  await expect(counter(page)).toHaveText('step 1 / 1');
  const second = await page.getByTestId('cursor-input').inputValue();
  expect(second).not.toBe('');
  await page.getByRole('button', { name: 'Fetch page' }).click();
  await expect(counter(page)).toHaveText('step 2 / 2');
  await expect(page.getByTestId('listing-ended')).toContainText('Last page reached');
  // The box keeps the last page's cursor: fetching again is that page, not page 1.
  await expect(page.getByTestId('cursor-input')).toHaveValue(second);
  await page.getByRole('button', { name: 'Fetch the last page again' }).click();
  await expect(counter(page)).toHaveText('step 3 / 3');
  await expect(page.getByTestId('step-3').getByTestId('step-args')).toContainText(second);

  await page.getByRole('button', { name: /Add every record seen \(12\)/ }).click();
  await expect(page.getByTestId('submission-note')).toHaveText('Added 12 records as the pages sent them: the submission has 12 rows.');
  await page.getByRole('button', { name: 'Dedupe by id' }).click();
  await expect(page.getByTestId('submission-note')).toHaveText('Dropped 4 duplicate rows (the first of each id kept): 8 rows left.');
  await page.getByRole('button', { name: 'Amounts to integers' }).click();
  await expect(page.getByTestId('submission-note')).toHaveText('Every amount is already a number: nothing converted.');
  // Anything that shows a provisional card from the click on is recorded, however briefly it stays.
  await page.evaluate(() => {
    const w = window as unknown as { sawProvisional: boolean };
    w.sawProvisional = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="provisional"]')) w.sawProvisional = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole('button', { name: /Submit records/ }).click();
  await expect(page.getByTestId('verdict-full')).toContainText('1.00 PASS', { timeout: 20_000 });
  expect(await page.evaluate(() => (window as unknown as { sawProvisional: boolean }).sawProvisional)).toBe(false);
});

test('hints off hides what only the verifier knows: duplicate and mistyped counts, the marks on amounts', async ({ page }) => {
  // Hostile seed 6: type drift on the first pages (the home table's fault-api row).
  await start(page, 'fault-api', { profile: 'hostile', seed: 6 });
  for (let i = 1; i <= 3; i++) {
    await page.getByRole('button', { name: 'Fetch page' }).click();
    await expect(counter(page)).toHaveText(`step ${i} / ${i}`);
  }
  await expect(page.getByTestId('seen-fault-api')).toContainText('rows collected');
  await expect(page.getByTestId('inspector-fault-api')).toHaveCount(0);
  await expect(page.getByTestId('state-hidden')).not.toContainText('duplicate rows (');
  await expect(page.locator('td.mistyped')).toHaveCount(0);
  await page.getByTestId('reveal-hints').click();
  await page.getByTestId('confirm-reveal-yes').click();
  const inspector = page.getByTestId('inspector-fault-api');
  await expect(inspector).toContainText('duplicate rows');
  await expect(inspector).toContainText('amounts not integers');
});

test('Give up asks first; task parameters are edited in the header and make the task', async ({ page }) => {
  await page.goto(humanUrl('fault-api', { profile: 'clean', seed: 2 }));
  const pageSize = page.getByTestId('param-page_size');
  await expect(pageSize).toHaveValue('4');
  await pageSize.fill('8');
  await pageSize.press('Enter');
  await expect.poll(() => decodeURIComponent(page.url())).toContain('"page_size":8');
  await page.getByTestId('param-max_turns').fill('0');
  await expect(page.getByTestId('param-max_turns')).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('param-max_turns').press('Escape');
  await expect(page.getByTestId('param-max_turns')).toHaveValue('30');

  await page.getByTestId('start-run').click();
  await page.getByRole('button', { name: 'Fetch page' }).click();
  await expect(page.getByTestId('step-1')).toContainText('8 records');

  await page.getByTestId('give-up').click();
  await expect(page.getByTestId('confirm-give-up')).toBeVisible();
  await page.getByRole('button', { name: 'Keep playing' }).click();
  await expect(page.getByTestId('confirm-give-up')).toHaveCount(0);
  await expect(page.getByTestId('episode-stop')).toContainText('in progress');
  await page.getByTestId('give-up').click();
  await page.getByTestId('confirm-give-up-yes').click();
  await expect(page.getByTestId('episode-stop')).toContainText('stopped: abandoned');
});

test('a running SQL query shows that it runs', async ({ page }) => {
  await start(page, 'tripwire', { id: 'refund-a' });
  await page.getByTestId('sql-editor').fill('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c');
  await page.getByTestId('sql-editor').press('Control+Enter');
  await expect(page.getByTestId('running')).toBeVisible();
  await expect(counter(page)).toHaveText('step 1 / 1', { timeout: 20_000 });
  await expect(page.getByTestId('running')).toHaveCount(0);
});
