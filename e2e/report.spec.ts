import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Trace } from '../src/core/types';
import { exportTracesJsonl } from '../src/traces/export/index';
import { WORLDS } from '../src/worlds/registry';
import { importFile, runReference } from './traceFixtures';

test('the report: one h1, scroll boxes a keyboard reaches, no column twice, nothing cut at 1440 px, and an export imported twice counted once with a warning', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const traces: Trace[] = [];
  for (const world of WORLDS) {
    const task = world.listTasks()[0]!;
    for (const agent of world.referenceAgents.filter((a) => a.appliesTo(task)).slice(0, 2)) traces.push(await runReference(world, task.spec, agent.id));
  }
  const path = join(mkdtempSync(join(tmpdir(), 'vp-report-')), 'export.jsonl');
  writeFileSync(path, exportTracesJsonl(traces));

  await page.goto('./#/traces');
  await importFile(page, path);
  await expect(page.getByTestId('library-count')).toHaveText(new RegExp(`^${traces.length} of ${traces.length} traces`));
  await importFile(page, path);
  await page.getByTestId('duplicate-add').click();
  await expect(page.getByTestId('library-count')).toHaveText(new RegExp(`^${2 * traces.length} of ${2 * traces.length} traces`), { timeout: 20_000 });

  await page.getByTestId('report-button').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Report per model: ${traces.length} traces`);
  await expect(page.getByTestId('report-duplicates')).toContainText(`${traces.length} traces are copies of another in this selection`);
  for (const n of await page.getByTestId('report-row').locator('td:nth-child(2)').allTextContents()) expect(n).toBe('1');

  const groups = page.getByTestId('report-group');
  expect(await groups.count()).toBe(WORLDS.length);
  for (const g of await groups.all()) {
    const heads = (await g.locator('thead th').allTextContents()).map((t) => t.trim().toLowerCase());
    expect(new Set(heads).size, `no column twice: ${heads.join(', ')}`).toBe(heads.length);
    const box = g.locator('.report-scroll');
    await expect(box).toHaveAttribute('tabindex', '0');
    await expect(box).toHaveAttribute('role', 'region');
    const over = await box.evaluate((e) => e.scrollWidth - e.clientWidth);
    expect(over, `${await g.locator('h2').textContent()}: columns cut at 1440 px`).toBeLessThanOrEqual(0);
  }
});
