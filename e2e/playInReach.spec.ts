import { expect, test, type Page } from '@playwright/test';
import { WORLD_ENTRIES } from '../src/ui/worlds/registry';
import { photo } from './photo';

const counter = (page: Page, n: number) => expect(page.getByTestId('step-counter')).toHaveText(`step ${n} / ${n}`);

test('in every world the task prompt stays open while a person plays', async ({ page }) => {
  for (const w of WORLD_ENTRIES) {
    await page.goto(`./#/episode/${w.id}?agent=human`);
    await page.getByTestId('start-run').click();
    await expect(page.getByTestId('step-counter')).toHaveText('step 0 / 0', { timeout: 30_000 });
    const prompt = page.locator('details.prompt');
    await expect(prompt, `${w.id}: the prompt is open`).toHaveAttribute('open', '');
    await expect(prompt.locator('p').first(), `${w.id}: its words are on screen`).toBeVisible();
  }
});

for (const width of [390, 1440]) {
  test(`web-portal by hand at ${width} px: one portal, the tree folded, the dialog fully visible`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(`./#/episode/web-portal?task=${encodeURIComponent(JSON.stringify({ id: 'refund-a' }))}&agent=human`);
    await page.getByTestId('start-run').click();
    await counter(page, 0);
    const play = page.getByTestId('play-web-portal');
    await expect(page.getByTestId('portal-page')).toHaveCount(1);
    await expect(page.getByTestId('steps-panel')).toContainText('No calls yet.');
    // The requester's email and the policy are in reach while playing.
    await expect(page.locator('details.prompt')).toContainText('ada.lind@mailbox.test');

    await play.getByLabel('Order number').fill('1043');
    await play.getByRole('button', { name: 'Open order' }).click();
    await counter(page, 2);
    // Each click's result is the page's accessibility tree: folded to a line, the page drawn once above it.
    await expect(page.getByTestId('step-2').getByTestId('fold-result')).toBeVisible();
    await expect(page.getByTestId('step-2').locator('.step-result pre')).toBeHidden();
    const amount = ((await play.getByText(/^Amount: \$/).textContent()) ?? '').replace('Amount: $', '');
    await play.locator('[data-key="order.customer"]').click();
    await counter(page, 3);
    await play.getByLabel("Requester's email").fill('ada.lind@mailbox.test');
    await play.getByRole('button', { name: 'Check identity' }).click();
    await counter(page, 5);
    await play.getByRole('button', { name: '#1043', exact: false }).first().click();
    await counter(page, 6);
    await play.getByRole('button', { name: 'Refund this order' }).click();
    await counter(page, 7);
    await play.getByLabel('Reason').selectOption('Damaged');
    await counter(page, 8);
    await play.getByLabel('Amount ($)').fill(amount);
    await play.getByRole('button', { name: 'Submit refund' }).click();
    await counter(page, 10);

    const dialog = play.getByRole('dialog', { name: 'Confirm refund' });
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    const frame = (await page.locator('.portal-frame-live').boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y, 'the dialog starts on screen').toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, 'the dialog ends on screen').toBeLessThanOrEqual(viewport.height);
    expect(box.x + box.width, 'the dialog fits the width').toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height, 'nothing of it is cut by the portal frame').toBeLessThanOrEqual(frame.y + frame.height);
    // Not covered: the confirm button is the topmost thing at its own centre.
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    const c = (await confirm.boundingBox())!;
    expect(await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.textContent, [c.x + c.width / 2, c.y + c.height / 2])).toBe('Confirm');
    await photo(page, `portal-dialog-${width}`);

    // Revealed mid-play: the verifier's records show, the page is still drawn once (the mirror folded away).
    await page.getByTestId('reveal-hints').click();
    await page.getByTestId('confirm-reveal-yes').click();
    await expect(page.getByTestId('inspector-web-portal')).toBeVisible();
    await expect(page.getByTestId('inspector-page')).not.toHaveAttribute('open', '');
    await expect(page.locator('[data-testid="portal-page"]:visible')).toHaveCount(1);
  });
}
