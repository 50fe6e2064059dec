import { join } from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';

/**
 * Photographs for people looking at the app (`npm run shots` sets VP_SHOTS=1): written to test-results/ and
 * attached to the report. No check reads them, so a plain run (CI) takes none: a full-page screenshot is
 * seconds of software rasterising and PNG encoding on a two-core machine, for a picture nobody opens there.
 * A screenshot a test compares (e2e/homePrerender.spec.ts) is a check, and is taken directly.
 */
export const SHOTS = process.env.VP_SHOTS === '1';

export async function photo(target: Page | Locator, name: string, testInfo?: TestInfo, options: { fullPage?: boolean; path?: string } = {}): Promise<void> {
  if (!SHOTS) return;
  const path = options.path ?? join('test-results', `${name}.png`);
  const body = 'goto' in target ? await target.screenshot({ path, fullPage: options.fullPage ?? false }) : await target.screenshot({ path });
  if (testInfo) await testInfo.attach(name, { body, contentType: 'image/png' });
}
