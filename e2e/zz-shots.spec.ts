import { test } from '@playwright/test';
const url = (world: string, task: object, agent: string) => `./#/episode/${world}?task=${encodeURIComponent(JSON.stringify(task))}&agent=${agent}`;
test('shots', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  for (const [name, w, t, a] of [['peeker', 'tripwire', { id: 'top-refund-customer' }, 'the-peeker'], ['skipper', 'tripwire', { id: 'refund-a' }, 'the-skipper'], ['tq', 'ticket-queue', { id: 'vendor-outage-triage', seed: 1 }, 'blanket-status'], ['fa', 'fault-api', { profile: 'hostile', seed: 6 }, 'stubborn']] as const) {
    await page.goto(url(w, t, a));
    await page.getByTestId('scorecard').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1500);
    await page.getByTestId('scorecard').screenshot({ path: `/tmp/shots/${name}.png` });
  }
  await page.goto('./');
  await page.getByTestId('check-tripwire').getByText('Verified').waitFor({ timeout: 30_000 });
  await page.screenshot({ path: '/tmp/shots/home.png', fullPage: true });
});
