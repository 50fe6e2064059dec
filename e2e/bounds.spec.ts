import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { JsonObject } from '../src/core/json';
import { exportTracesJsonl } from '../src/traces/export/index';
import { handLog } from '../src/traces/inspect/testing';
import { LIMITS } from '../src/core/limits';
import { fixture } from '../src/traces/import/testing';
import { overlappingBomb, unbroken } from '../src/traces/testing/hostile';
import { sideScroll } from './layoutChecks';
import { faultApiWorld } from '../src/worlds/fault-api/index';
import { importFile, runReference } from './traceFixtures';
import { photo } from './photo';
import { watchLongTasks } from './longTasks';

/**
 * Hostile and huge inputs through the page, generated here (nothing big is committed):
 * the tab stays alive, rows open with only what is on screen in the page, nothing
 * widens the page. Long tasks (the Long Tasks API) and the JS heap (CDP) are printed,
 * never asserted: they are times and sizes of a shared machine.
 */

const dir = mkdtempSync(join(tmpdir(), 'vp-bounds-'));
const MiB = 1024 * 1024;

/** Words that do not compress much past 5×, so a big sample stays under the compression-ratio limit. */
function text(chars: number): string {
  const parts: string[] = [];
  let x = 7;
  let n = 0;
  while (n < chars) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const w = (x >>> 8).toString(36);
    parts.push(w);
    n += w.length + 1;
  }
  return parts.join(' ').slice(0, chars);
}

function sample(id: string, messages: JsonObject[], extra: JsonObject = {}): JsonObject {
  const [first] = handLog().samples as JsonObject[];
  return { ...first!, id, epoch: 1, messages, attachments: {}, ...extra };
}

function evalOf(name: string, samples: JsonObject[], task?: string, model?: string): string {
  const { samples: _, reductions: __, ...header } = handLog();
  if (task || model) header.eval = { ...(header.eval as JsonObject), ...(task ? { task } : {}), ...(model ? { model } : {}) };
  const files: Zippable = { 'header.json': [strToU8(JSON.stringify(header)), { level: 1 }] };
  for (const s of samples) files[`samples/${String(s.id).slice(0, 60)}_epoch_1.json`] = [strToU8(JSON.stringify(s)), { level: 1 }];
  const path = join(dir, name);
  writeFileSync(path, zipSync(files));
  return path;
}

async function heapMiB(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  return Math.round((metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / MiB);
}

async function openRow(page: Page, search: string) {
  await page.goto('./#/traces');
  await page.getByTestId('library-search').fill(search);
  await page.getByTestId('library-row').first().getByRole('button').first().click();
}

const messagesInPage = (page: Page) => page.getByTestId('message').count();

test.describe.configure({ timeout: 180_000 });

test('big rows open with only what is on screen: a 64 MiB message, 100,000 messages; the tab stays alive', async ({ page }) => {
  const big = sample('big-message', [
    { role: 'user', content: 'read this' },
    { role: 'assistant', content: text(64 * MiB) },
  ]);
  const many = sample(
    'many-messages',
    Array.from({ length: 100_000 }, (_, i) => ({ role: i % 2 ? 'user' : 'assistant', content: `message ${i}` })),
  );
  const file = evalOf('big.eval', [big, many]);
  await page.goto('./#/traces');
  await importFile(page, file, { timeout: 120_000 });
  await expect(page.getByTestId('import-status')).toContainText('big.eval: 2 imported');

  const longTasks = await watchLongTasks(page);
  await openRow(page, 'big-message');
  await expect(page.getByTestId('message-view')).toBeVisible({ timeout: 60_000 });
  const showAll = page.getByTestId('show-all');
  await expect(showAll).toHaveText('show all (67.1 MB)');
  const opening = await longTasks.read();
  await showAll.click();
  const whole = page.getByTestId('long-text-all');
  await expect(whole).toBeVisible();
  for (let i = 0; i < 10; i++) await whole.evaluate((el, k) => (el.scrollTop = (el.scrollHeight * k) / 10), i);
  // Only the pieces on screen are in the page: a few of 10,000 characters each, never the 64 MiB.
  const drawn = await whole.evaluate((el) => el.textContent?.length ?? 0);
  expect(drawn).toBeLessThan(200_000);
  const showing = await longTasks.read();

  await openRow(page, 'many-messages');
  await expect(page.getByTestId('message-view')).toContainText('100,000 messages', { timeout: 60_000 });
  expect(await messagesInPage(page)).toBeLessThan(80);
  const list = page.getByTestId('message-list');
  for (let i = 1; i <= 20; i++) await list.evaluate((el, k) => (el.scrollTop = (el.scrollHeight * k) / 20), i);
  await expect(page.getByTestId('message').last()).toContainText('message 99999');
  expect(await messagesInPage(page)).toBeLessThan(80);
  const scrolling = await longTasks.read();

  expect(await page.evaluate(() => 1 + 1)).toBe(2);
  const heap = await heapMiB(page);
  console.log(
    `long tasks (ms) — opening the 64 MiB row: [${opening.join(', ')}]; show all + scrolling it: [${showing.join(', ')}]; 100,000 messages opened and scrolled: [${scrolling.join(', ')}]; JS heap ${heap} MiB`,
  );
});

test("a one-line .json document of columns past the line limit (json.dump's default) imports in the page's worker: held to the file's limit", async ({
  page,
}) => {
  const rows = fixture('v0.1.10', 'results.jsonl')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as JsonObject);
  const keys = Object.keys(rows[0]!);
  const columns = JSON.stringify(Object.fromEntries(keys.map((k) => [k, rows.map((r, i) => (k === 'answer' ? `PAD${i}` : r[k]!))])));
  const pad = text(Math.ceil(LIMITS.lineChars.value / rows.length) + 1024);
  const path = join(dir, 'columns.json');
  writeFileSync(path, columns.replace(/"PAD\d+"/g, `"${pad}"`));
  expect(readFileSync(path).length).toBeGreaterThan(LIMITS.lineChars.value);
  await page.goto('./#/traces');
  await importFile(page, path, { timeout: 120_000 });
  await expect(page.getByTestId('import-status')).toContainText(`columns.json: ${rows.length} imported`);
  await expect(page.getByTestId('import-inferred')).toContainText('read from a document of columns');
  await expect(page.getByTestId('import-status')).not.toContainText('line limit');
});

test('long unbroken strings from a file never widen the page: messages, answer, metric names, ids, labels, the home gotcha table', async ({ page }) => {
  const long = unbroken(200_000);
  const s = sample(
    `id-${unbroken(20_000, 'i')}`,
    [
      { role: 'user', content: long },
      { role: 'assistant', content: long, tool_calls: [{ id: 'c', function: unbroken(5_000, 'f'), arguments: { q: long } }] },
    ],
    {
      target: long,
      scores: { [`metric_${unbroken(5_000, 'm')}`]: { value: 0.5 }, match: { value: 1 } },
    },
  );
  const file = evalOf('long.eval', [s], `task_${unbroken(50_000, 't')}`, `model/${unbroken(50_000, 'o')}`);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 860 });
    await page.goto('./#/traces');
    if (width === 390) await importFile(page, file);
    expect(await sideScroll(page), `library at ${width}px`).toMatchObject({ over: expect.any(Number) });
    expect((await sideScroll(page)).over, `library at ${width}px: ${(await sideScroll(page)).widest}`).toBeLessThanOrEqual(0);
    await openRow(page, 'iiii');
    await expect(page.getByTestId('message-view')).toBeVisible({ timeout: 30_000 });
    const over = await sideScroll(page);
    expect(over.over, `trace view at ${width}px: ${over.widest}`).toBeLessThanOrEqual(0);
    await photo(page, `bounds-long-row-${width}`);
    await page.goto('./#/report');
    await expect(page.getByRole('heading', { name: /Report per model/ })).toBeVisible();
    const report = await sideScroll(page);
    expect(report.over, `report at ${width}px: ${report.widest}`).toBeLessThanOrEqual(0);
  }

  // The home page's own gotchas, from a suite whose labels and notes are 200,000 characters with no break.
  const suite = JSON.parse(readFileSync('gotchas/red-team.json', 'utf8')) as { entries: JsonObject[] };
  const entries = suite.entries.slice(0, 2).map((e, i) => ({ ...e, id: `long-${i}`, label: unbroken(200_000, 'L'), note: unbroken(200_000, 'N') }));
  const path = join(dir, 'long-gotchas.json');
  writeFileSync(path, JSON.stringify({ ...suite, entries }));
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto('./#/');
  await page.getByTestId('import-gotchas').setInputFiles(path);
  await expect(page.getByTestId('user-gotcha')).toHaveCount(2, { timeout: 30_000 });
  const home = await sideScroll(page);
  expect(home.over, `home: ${home.widest}`).toBeLessThanOrEqual(0);
  const table = await page.getByTestId('user-gotcha-table').evaluate((el) => el.getBoundingClientRect().width);
  expect(table).toBeLessThanOrEqual(1280);
});

test("the issue's bomb (40 entries sharing one zstd frame) is refused at once, and the library keeps working", async ({ page }) => {
  const { samples: _, reductions: __, ...header } = handLog();
  const path = join(dir, 'bomb.eval');
  writeFileSync(path, overlappingBomb(40, 2048, header));
  await page.goto('./#/traces');
  await importFile(page, path);
  await expect(page.getByTestId('import-status')).toContainText(/bomb\.eval.*overlap/);
  await expect(page.getByTestId('import-status')).toContainText('overlappingEntries');
  expect(await page.evaluate(() => 1 + 1)).toBe(2);
  console.log(`JS heap after the bomb: ${await heapMiB(page)} MiB`);
});

test('an honest .eval of 10,000 samples lists whole; the worker reads ahead and batches by time (long tasks printed)', async ({ page }) => {
  const [first] = handLog().samples as JsonObject[];
  const samples = Array.from({ length: 10_000 }, (_, i) => ({ ...first!, id: `s${i}` }));
  const file = evalOf('honest.eval', samples);
  await page.goto('./#/traces');
  const longTasks = await watchLongTasks(page);
  await page.getByTestId('file-input').setInputFiles(file);
  await expect(page.getByTestId('import-status')).toContainText('honest.eval: 10000 imported', { timeout: 120_000 });
  await expect(page.getByTestId('library-count')).toHaveText(/^10,?000 of 10,?000 traces/);
  const tasks = await longTasks.read();
  // The run's row count is one line (in a column 4.5em wide it broke over two).
  const count = page.locator('td[data-label="rows"]');
  await expect(count).toHaveText('10000');
  const lines = await count.evaluate((td) => {
    const range = document.createRange();
    range.selectNodeContents(td);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  expect(lines).toBe(1);
  console.log(`10,000 samples listed: ${tasks.length} long tasks, ${tasks.reduce((a, b) => a + b, 0)} ms in all, longest ${Math.max(0, ...tasks)} ms`);
});

/**
 * 5,000 steps: fault-api's careful agent on 10,000 records in pages of 2 with a 5,000-call budget (the
 * world allows up to 10,000 calls), run here in Node. Its calls resolve at once, so without slicing the
 * replay and the per-step readings were one main-thread task.
 */
const LONG_STEPS = 5_000;
const LONG_AGENT = 'careful';

test(`a ${LONG_STEPS.toLocaleString('en')}-step native trace opens, draws its readings and jumps end to end without a frozen tab (long tasks printed)`, async ({
  page,
}) => {
  const trace = await runReference(faultApiWorld, { profile: 'realistic', seed: 1, num_records: 10_000, page_size: 2, max_turns: LONG_STEPS }, LONG_AGENT);
  expect(trace.steps).toHaveLength(LONG_STEPS);
  const path = join(dir, 'long-trace.jsonl');
  writeFileSync(path, exportTracesJsonl([trace]));
  await page.goto('./#/traces');
  await importFile(page, path);
  await expect(page.getByTestId('import-status')).toContainText('long-trace.jsonl: 1 imported');

  const longTasks = await watchLongTasks(page);
  // From here CSS and text, not roles: the Long Tasks API counts the page's time answering this test's queries too.
  await page.getByTestId('library-row').filter({ hasText: LONG_AGENT }).locator('button').first().click();
  const counter = page.getByTestId('step-counter');
  await expect(counter).toHaveText(`step ${LONG_STEPS} / ${LONG_STEPS}`, { timeout: 60_000 });
  await expect(page.getByTestId('verify-status')).toHaveText('Replay verified');
  const shown = await longTasks.read();
  await expect(page.getByTestId('readings-chart')).toBeVisible({ timeout: 60_000 });
  const readings = await longTasks.read();

  await page.keyboard.press('Home');
  await expect(counter).toHaveText(`step 0 / ${LONG_STEPS}`);
  await page.keyboard.press('End');
  await expect(counter).toHaveText(`step ${LONG_STEPS} / ${LONG_STEPS}`);
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText(`step ${LONG_STEPS - 1} / ${LONG_STEPS}`);
  await page.keyboard.press('Home');
  await expect(counter).toHaveText(`step 0 / ${LONG_STEPS}`);
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText(`step 1 / ${LONG_STEPS}`);
  await expect(page.locator('h2', { hasText: 'State at step 1' })).toBeVisible();
  await expect(page.getByTestId('inspector-fault-api')).toBeVisible();
  // The last step is drawn in the step list once selected (the list draws a window around the selection).
  await page.keyboard.press('End');
  await expect(page.getByTestId(`step-${LONG_STEPS}`)).toContainText('submit_records');
  // The inspector's table of every record collected (thousands of rows) draws those in its scroll box, down to the last.
  const table = page.getByTestId('inspector-fault-api').locator('table.data');
  const total = Number(await table.getAttribute('aria-rowcount'));
  expect(total).toBeGreaterThan(1_000);
  expect(await table.locator('tbody tr[aria-rowindex]').count()).toBeLessThan(100);
  await page
    .getByTestId('inspector-fault-api')
    .locator('.table-wrap')
    .evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(table.locator(`tr[aria-rowindex="${total}"]`)).toBeVisible();
  expect(await table.locator('tbody tr[aria-rowindex]').count()).toBeLessThan(100);
  const jumping = await longTasks.read();

  expect(await page.evaluate(() => 1 + 1)).toBe(2);
  console.log(
    `long tasks (ms) — ${LONG_STEPS}-step trace: opening to its last step [${shown.join(', ')}]; the readings drawn [${readings.join(', ')}]; Home / End / ← / → [${jumping.join(', ')}]; JS heap ${await heapMiB(page)} MiB`,
  );
});
