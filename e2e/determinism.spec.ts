import { expect, test } from '@playwright/test';
import { hashString } from '../src/core/hash';
import { determinismProbe } from '../src/ui/lib/determinismProbe';

test('Chromium computes the same hashes and byte-identical traces as Node', async ({ page }) => {
  const node = await determinismProbe();
  await page.goto('./#/diagnostics');
  await expect(page.getByTestId('hashes')).toHaveText(JSON.stringify(node.hashes));
  const browserTraces = JSON.parse((await page.getByTestId('traces').textContent()) ?? '{}') as Record<string, string>;
  expect(Object.keys(browserTraces).sort()).toEqual(Object.keys(node.traces).sort());
  for (const [id, text] of Object.entries(node.traces)) {
    expect(browserTraces[id], id).toBe(text);
    await expect(page.getByTestId(`digest-${id}`)).toHaveText(hashString(text).toString(16));
  }
});
