import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { tour } from './tour';

/** Beyond serious and critical: the structure rules a screen-reader user navigates by. */
const ALSO = new Set(['page-has-heading-one', 'heading-order', 'empty-table-header', 'landmark-one-main', 'region', 'scrollable-region-focusable', 'aria-allowed-attr', 'aria-prohibited-attr']);

/** axe's findings that fail the suite, one line per rule with where it fired. */
async function violations(page: Page): Promise<string[]> {
  const { violations, passes } = await new AxeBuilder({ page }).analyze();
  // A page axe could not read would pass everything by checking nothing.
  expect(passes.length, 'axe checked the page').toBeGreaterThan(10);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || ALSO.has(v.id))
    .map((v) => `${v.id} (${v.impact}, ${v.nodes.length}×): ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} — ${(n.failureSummary ?? '').split('\n').slice(1, 2).join('').trim()}`).join(' | ')}`);
}

const WIDTHS = [390, 1024, 1440];

/** Two frames: what a resize changes (media queries, the phone layout's moved scorecard) is laid out and painted. */
const settle = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

for (const scheme of ['light', 'dark'] as const) {
  test(`axe at ${WIDTHS.join(', ')} px: nothing serious or critical, one h1, headings in order on every view (${scheme})`, async ({ page }) => {
    test.setTimeout(900_000);
    await page.emulateMedia({ colorScheme: scheme });
    for (const stop of tour()) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await test.step(stop.name, () => stop.open(page));
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await settle(page);
        expect.soft(await violations(page), `${stop.name} at ${width} px (${scheme})`).toEqual([]);
        expect.soft(await page.locator('h1').count(), `${stop.name} at ${width} px: one h1`).toBe(1);
      }
    }
  });
}
