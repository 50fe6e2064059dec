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
  await expect(page.getByTestId('calibration-intro')).toContainText('must FAIL the full verifier');
  // Legends list the series in the order their bars stand, and each series keeps its colour in every chart.
  for (const chart of await page.getByTestId('matrix-chart').all()) await expect(chart.locator('.recharts-legend-item-text')).toHaveText(['naive', 'full']);
  await expect(page.getByTestId('calibration-chart').locator('.recharts-legend-item-text')).toHaveText(['trusting', 'stubborn', 'careful']);
  const fills = async (testId: string, n: number) => page.getByTestId(testId).nth(n).locator('.recharts-bar-rectangle path').evaluateAll((ps) => [...new Set(ps.map((p) => p.getAttribute('fill')))]);
  expect(await fills('matrix-chart', 0)).toEqual(await fills('matrix-chart', 1));
  const solverFills = await fills('calibration-chart', 0);
  expect(solverFills).toHaveLength(3);
  for (const f of await fills('matrix-chart', 0)) expect(solverFills).not.toContain(f);
  await testInfo.attach('calibration', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
});
