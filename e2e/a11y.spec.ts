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

for (const scheme of ['light', 'dark'] as const) {
  test(`axe: nothing serious or critical, one h1, headings in order on every view (${scheme})`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.emulateMedia({ colorScheme: scheme });
    for (const stop of tour()) {
      await test.step(stop.name, () => stop.open(page));
      expect.soft(await violations(page), `${stop.name} (${scheme})`).toEqual([]);
      expect.soft(await page.locator('h1').count(), `${stop.name}: one h1`).toBe(1);
    }
  });
}
