import { expect, test, type Page } from '@playwright/test';
import { photo } from './photo';

/**
 * Two tabs of one browser on one run (two pages in one context share its
 * IndexedDB and its Web Locks). Only one of them writes; the other is told
 * why it cannot, and no step played in either is ever lost without a word.
 */

const TASK = encodeURIComponent(JSON.stringify({ profile: 'clean', seed: 2 }));
const START_URL = `./#/episode/fault-api?task=${TASK}&agent=human`;

const counter = (page: Page) => page.getByTestId('step-counter');
const runId = (page: Page) => new URL(page.url().replace('#/', '')).searchParams.get('run');

async function fetchPage(page: Page, n: number) {
  await page.getByRole('button', { name: 'Fetch page' }).click();
  await expect(counter(page)).toHaveText(`step ${n} / ${n}`);
}

async function startRun(page: Page): Promise<string> {
  await page.goto(START_URL);
  await page.getByTestId('start-run').click();
  await expect(counter(page)).toHaveText('step 0 / 0');
  return page.url();
}

/** The run's link without its step, so the second tab opens at the end. */
const runLink = (url: string) => url.replace(/&step=\d+/, '');

test('a second tab on a run is offered take-over; the first goes read-only and says why; nothing played is lost', async ({ context }, testInfo) => {
  const a = await context.newPage();
  const url = await startRun(a);
  await fetchPage(a, 1);
  await fetchPage(a, 2);

  const b = await context.newPage();
  await b.goto(runLink(url));
  await expect(counter(b)).toHaveText('step 2 / 2', { timeout: 20_000 });
  const conflict = b.getByTestId('tab-conflict');
  await expect(conflict).toContainText('open in another tab');
  await expect(b.getByRole('button', { name: 'Fetch page' })).toHaveCount(0);
  await photo(b, 'two-tabs-second', testInfo, { fullPage: true });

  // A plays on while B only looks: B's copy is behind, and taking over must not roll A's step back.
  await fetchPage(a, 3);
  await conflict.getByRole('button', { name: 'Take over here' }).click();
  await expect(counter(b)).toHaveText('step 3 / 3');
  await expect(a.getByTestId('tab-conflict')).toContainText('Another tab took over this run');
  await expect(a.getByRole('button', { name: 'Fetch page' })).toHaveCount(0);
  await photo(a, 'two-tabs-taken-over');

  await fetchPage(b, 4);
  await a.reload();
  // A's link still points at its step 3; the run has B's step 4 after it.
  await expect(counter(a)).toHaveText('step 3 / 4', { timeout: 20_000 });
  // After its reload A is the second tab again: B still writes.
  await expect(a.getByTestId('tab-conflict')).toContainText('open in another tab');

  // A takes it back: B goes read-only, and A's next step lands after B's.
  await a.getByTestId('tab-conflict').getByRole('button', { name: 'Take over here' }).click();
  await expect(b.getByTestId('tab-conflict')).toContainText('Another tab took over this run');
  await fetchPage(a, 5);
  await b.reload();
  await expect(counter(b)).toHaveText('step 4 / 5', { timeout: 20_000 });
});

test('"Fork a copy" gives the second tab its own run with the same steps; each tab then writes its own', async ({ context }) => {
  const a = await context.newPage();
  const url = await startRun(a);
  const original = runId(a);
  await fetchPage(a, 1);
  await fetchPage(a, 2);

  const b = await context.newPage();
  await b.goto(runLink(url));
  await b.getByTestId('tab-conflict').getByRole('button', { name: 'Fork a copy' }).click();
  await expect(b.getByTestId('tab-conflict')).toHaveCount(0);
  await expect(counter(b)).toHaveText('step 2 / 2');
  const fork = runId(b);
  expect(fork).not.toBe(original);
  await fetchPage(b, 3);
  await fetchPage(a, 3);
  await fetchPage(a, 4);
  await expect(a.getByTestId('tab-conflict')).toHaveCount(0);

  await a.reload();
  await b.reload();
  await expect(counter(a)).toHaveText('step 4 / 4', { timeout: 20_000 });
  await expect(counter(b)).toHaveText('step 3 / 3', { timeout: 20_000 });
  expect(runId(a)).toBe(original);
  expect(runId(b)).toBe(fork);
});

test('without Web Locks, a tab whose run another tab has written stops and says so instead of overwriting it', async ({ context }) => {
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'locks', { value: undefined, configurable: true }));
  const a = await context.newPage();
  const url = await startRun(a);
  await fetchPage(a, 1);
  await fetchPage(a, 2);

  const b = await context.newPage();
  await b.goto(runLink(url));
  await expect(counter(b)).toHaveText('step 2 / 2', { timeout: 20_000 });
  await fetchPage(b, 3);

  // A cannot know B exists until it writes: its write is refused, its step is kept on screen and offered as a fork.
  await fetchPage(a, 3);
  await expect(a.getByTestId('tab-conflict')).toContainText('Another tab has written to this run');
  await expect(a.getByTestId('save-banner')).toContainText('Not saved');
  await photo(a, 'two-tabs-written-elsewhere');
  await a.getByTestId('tab-conflict').getByRole('button', { name: 'Fork a copy' }).click();
  await expect(a.getByTestId('save-banner')).toHaveCount(0);
  await expect(counter(a)).toHaveText('step 3 / 3');
  await a.reload();
  await expect(counter(a)).toHaveText('step 3 / 3', { timeout: 20_000 });

  await b.reload();
  await expect(counter(b)).toHaveText('step 3 / 3', { timeout: 20_000 });
});
