import { expect, test } from '@playwright/test';
import { referenceMatrix } from '../src/core/matrix';
import { WORLDS as NODE_WORLDS } from '../src/worlds/registry';
import { WORLD_ENTRIES } from '../src/ui/worlds/registry';
import { photo } from './photo';

test('the calibration view computes every registered world in Web Workers, and every matrix matches Node', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await page.goto('./#/calibration');
  await expect(page.getByTestId('calibration-intro')).toContainText('must FAIL the full verifier');
  // Driven by the registry: a world added to it is calibrated here, or this fails.
  expect(WORLD_ENTRIES.length).toBeGreaterThanOrEqual(4);
  let matrices = 0;
  for (const w of WORLD_ENTRIES) {
    const section = page.getByTestId(`calibration-${w.id}`);
    await expect(section, `${w.id} has a calibration section`).toBeVisible({ timeout: 30_000 });
    // Done: a chart drawn (or a failure said, which fails here at once), nothing running.
    const chart = section.locator('[data-testid="matrix-chart"], [data-testid="calibration-chart"]');
    await expect(chart.or(section.locator('.error')).first(), `${w.id}'s calibration finishes`).toBeVisible({ timeout: 90_000 });
    await expect(section.locator('.error'), `${w.id}'s calibration does not fail`).toHaveCount(0);
    await expect(chart).toBeVisible();
    await expect(section.getByRole('progressbar')).toHaveCount(0);
    const table = section.getByTestId(`matrix-${w.id}`);
    if ((await table.count()) === 0) continue;
    matrices++;
    const cells = await referenceMatrix(NODE_WORLDS.find((n) => n.id === w.id)!);
    expect(cells.length).toBeGreaterThan(0);
    // Every cell read in one pass (a round trip per cell was most of this test's time), each against Node's reward.
    const shown = await table.evaluate((t) =>
      Object.fromEntries(
        [...t.querySelectorAll('[data-testid^="cell-"]')].map((c) => [c.getAttribute('data-testid'), c.querySelector('a')?.textContent ?? null]),
      ),
    );
    expect(Object.fromEntries(cells.map((c) => [`cell-${c.task}-${c.agent}`, shown[`cell-${c.task}-${c.agent}`] ?? 'missing']))).toEqual(
      Object.fromEntries(cells.map((c) => [`cell-${c.task}-${c.agent}`, c.reward.toFixed(2)])),
    );
  }
  await expect(page.getByTestId('matrix-chart')).toHaveCount(matrices);
  await expect(page.getByTestId('fault-api-calibration')).toBeVisible();
  // Legends list the series in the order their bars stand, and each series keeps its colour in every chart.
  for (const chart of await page.getByTestId('matrix-chart').all()) await expect(chart.locator('.recharts-legend-item-text')).toHaveText(['naive', 'full']);
  await expect(page.getByTestId('calibration-chart').locator('.recharts-legend-item-text')).toHaveText(['trusting', 'stubborn', 'careful']);
  const fills = async (testId: string, n: number) =>
    page
      .getByTestId(testId)
      .nth(n)
      .locator('.recharts-bar-rectangle path')
      .evaluateAll((ps) => [...new Set(ps.map((p) => p.getAttribute('fill')))]);
  for (let i = 1; i < matrices; i++) expect(await fills('matrix-chart', i)).toEqual(await fills('matrix-chart', 0));
  const solverFills = await fills('calibration-chart', 0);
  expect(solverFills).toHaveLength(3);
  for (const f of await fills('matrix-chart', 0)) expect(solverFills).not.toContain(f);
  await photo(page, 'calibration', testInfo, { fullPage: true });
});
