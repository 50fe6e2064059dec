import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { tour } from './tour';

/** Beyond serious and critical: the structure rules a screen-reader user navigates by. */
const ALSO = new Set([
  'page-has-heading-one',
  'heading-order',
  'empty-table-header',
  'landmark-one-main',
  'region',
  'scrollable-region-focusable',
  'aria-allowed-attr',
  'aria-prohibited-attr',
]);

/**
 * A colour scheme changes only CSS (prefers-color-scheme), never the DOM: the structure rules read the same tree in
 * both, so the dark scheme is checked by the rules colours can break.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** axe's findings that fail the suite, one line per rule with where it fired. */
async function violations(page: Page, rules?: string[]): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const { violations, passes } = await (rules ? builder.withRules(rules) : builder).analyze();
  // A page axe could not read would pass everything by checking nothing.
  if (!rules) expect(passes.length, 'axe checked the page').toBeGreaterThan(10);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || ALSO.has(v.id))
    .map(
      (v) =>
        `${v.id} (${v.impact}, ${v.nodes.length}×): ${v.nodes
          .slice(0, 4)
          .map((n) => `${n.target.join(' ')} — ${(n.failureSummary ?? '').split('\n').slice(1, 2).join('').trim()}`)
          .join(' | ')}`,
    );
}

// A phone and a wide screen: the two layouts (the layout spec also walks 1024 px).
const WIDTHS = [390, 1440];

/** Two frames: what a resize or a scheme change alters (media queries, the phone layout's moved scorecard) is laid out and painted. */
const settle = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

// One tour for both schemes: opening a stop (imports, plays, reference runs) is most of the time, so each view is
// opened once and checked light, then dark, at every width.
test(`axe at ${WIDTHS.join(', ')} px, light and dark: nothing serious or critical, one h1, headings in order on every view`, async ({ page }) => {
  test.setTimeout(600_000);
  for (const stop of tour()) {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await test.step(stop.name, () => stop.open(page));
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: 'light' });
      await settle(page);
      expect.soft(await violations(page), `${stop.name} at ${width} px (light)`).toEqual([]);
      expect.soft(await page.locator('h1').count(), `${stop.name} at ${width} px: one h1`).toBe(1);
      await page.emulateMedia({ colorScheme: 'dark' });
      await settle(page);
      expect.soft(await violations(page, COLOUR_RULES), `${stop.name} at ${width} px (dark)`).toEqual([]);
    }
  }
});
