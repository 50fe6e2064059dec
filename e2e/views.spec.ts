import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { AXE_SOURCE, runAxe, serious } from './axe';
import { overlappingText, sideScroll } from './layoutChecks';
import { tourChains } from './tour';

/**
 * Every view of the tour, checked where it stands: the layout at 390, 1024 and 1440 px (no sideways page scroll, no
 * text printed over text, wide boxes that fit their panel), and axe at 390 and 1440 px, light and dark (nothing
 * serious or critical, one h1, headings in order). Opening a stop (imports, plays, reference runs) is most of the
 * time, so each view is opened once for both kinds of check; the tour's chains need nothing from each other and run
 * side by side.
 */

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
  const { found, passes } = await runAxe(page, { rules });
  // A page axe could not read would pass everything by checking nothing.
  if (!rules) expect(passes, 'axe checked the page').toBeGreaterThan(10);
  return found
    .filter((v) => serious(v) || ALSO.has(v.id))
    .map(
      (v) =>
        `${v.id} (${v.impact}, ${v.nodes.length}×): ${v.nodes
          .slice(0, 4)
          .map((n) => `${n.target.join(' ')} — ${(n.failureSummary ?? '').split('\n').slice(1, 2).join('').trim()}`)
          .join(' | ')}`,
    );
}

/** The layout is checked at three widths; axe at the phone's and the wide screen's (1024 px lays out as one of them). */
const WIDTHS = [390, 1024, 1440];
const AXE_WIDTHS = new Set([390, 1440]);
/**
 * Photographs of every view, light and dark, in test-results/views/ — for people looking at the app
 * (`npm run shots`); a check never reads them, so CI does not take them.
 */
const SHOTS = process.env.VP_SHOTS === '1';

/**
 * Two frames: what a resize or a scheme change alters (media queries, useWidth, the phone layout's moved scorecard) is laid
 * out and painted. Bounded: headless Chromium now and then stops producing frames after a resize (a run here waited out
 * the test's 300 s on this), and the checks that follow read layout, which they force themselves.
 */
const settle = (page: Page) => page.evaluate(() => new Promise((done) => (requestAnimationFrame(() => requestAnimationFrame(done)), setTimeout(done, 1000))));

async function checkLayout(page: Page, where: string, fitWide: string | undefined, width: number) {
  const scroll = await sideScroll(page);
  expect.soft(scroll.over, `${where}: the page scrolls ${scroll.over} px sideways; ${scroll.widest}`).toBeLessThanOrEqual(0);
  expect.soft(await overlappingText(page), `${where}: text over text`).toEqual([]);
  if (fitWide && width >= 1440) {
    const over = await page.locator(fitWide).evaluateAll((els) => els.map((e) => e.scrollWidth - e.clientWidth));
    expect.soft(over.length, `${where}: ${fitWide} is there`).toBeGreaterThan(0);
    expect.soft(Math.max(...over), `${where}: ${fitWide} scrolls sideways by ${over.join(', ')} px`).toBeLessThanOrEqual(0);
  }
}

test.describe.configure({ mode: 'parallel' });

for (const chain of tourChains())
  test(`${chain.name} (${chain.stops.map((s) => s.name).join(', ')}): layout at ${WIDTHS.join(', ')} px; axe light and dark`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.addInitScript({ path: AXE_SOURCE });
    for (const stop of chain.stops) {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 1440, height: 900 });
      await test.step(stop.name, () => stop.open(page));
      for (const width of WIDTHS) {
        const where = `${stop.name} at ${width} px`;
        await page.setViewportSize({ width, height: 900 });
        // At the top, where the sticky bar covers nothing: text it passes over while scrolling is not text over text.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.emulateMedia({ colorScheme: 'light' });
        await settle(page);
        await checkLayout(page, where, stop.fitWide, width);
        if (AXE_WIDTHS.has(width)) {
          expect.soft(await violations(page), `${where} (light)`).toEqual([]);
          expect.soft(await page.locator('h1').count(), `${where}: one h1`).toBe(1);
        }
        if (SHOTS) await page.screenshot({ path: join('test-results', 'views', `${stop.name}-${width}-light.png`), fullPage: true });
        if (AXE_WIDTHS.has(width) || SHOTS) {
          await page.emulateMedia({ colorScheme: 'dark' });
          await settle(page);
          if (AXE_WIDTHS.has(width)) expect.soft(await violations(page, COLOUR_RULES), `${where} (dark)`).toEqual([]);
          if (SHOTS) await page.screenshot({ path: join('test-results', 'views', `${stop.name}-${width}-dark.png`), fullPage: true });
        }
      }
    }
  });

// The checks above pass by finding nothing: this one shows each finds what it is for on a real view.
test('the checks catch what they are for: an unlabelled image, low contrast in the dark, text over text, a sideways scroll', async ({ page }) => {
  await page.addInitScript({ path: AXE_SOURCE });
  await page.goto('./#/no/such/view');
  await expect(page.getByRole('heading', { name: /Nothing at/ })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    const img = document.createElement('img');
    img.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    main.append(img);
    const faint = document.createElement('p');
    faint.textContent = 'faint in the dark';
    faint.style.color = 'light-dark(#000, #222)';
    main.append(faint);
  });
  expect((await violations(page)).join('\n')).toContain('image-alt');
  await page.emulateMedia({ colorScheme: 'dark' });
  expect((await violations(page, COLOUR_RULES)).join('\n')).toContain('color-contrast');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    const over = document.createElement('p');
    over.textContent = 'printed over the heading';
    over.style.cssText = 'position:absolute;top:0;left:0;margin:0';
    main.querySelector('h1')!.append(over);
    const wide = document.createElement('div');
    wide.style.width = '3000px';
    wide.textContent = 'wide';
    main.append(wide);
  });
  expect(await overlappingText(page)).not.toEqual([]);
  expect((await sideScroll(page)).over).toBeGreaterThan(0);
});
