import { expect, test } from '@playwright/test';
import { referenceMatrix } from '../src/core/matrix';
import { ticketQueueWorld } from '../src/worlds/ticket-queue/index';
import { tripwireWorld } from '../src/worlds/tripwire/index';

test('the calibration view computes every world in Web Workers and matches Node', async ({ page }, testInfo) => {
  const [tripwire, tickets] = [await referenceMatrix(tripwireWorld), await referenceMatrix(ticketQueueWorld)];
  await page.goto('./#/calibration');
  for (const [id, cells] of [['tripwire', tripwire], ['ticket-queue', tickets]] as const) {
    const table = page.getByTestId(`matrix-${id}`);
    await expect(table).toBeVisible({ timeout: 60_000 });
    for (const c of cells) await expect(table.getByTestId(`cell-${c.task}-${c.agent}`).locator('a')).toHaveText(c.reward.toFixed(2));
  }
  await expect(page.getByTestId('fault-api-calibration')).toBeVisible();
  await expect(page.getByTestId('matrix-chart')).toHaveCount(2);
  await testInfo.attach('calibration', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
});
