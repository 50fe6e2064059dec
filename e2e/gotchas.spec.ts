import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { runEpisode } from '../src/core/episode';
import type { Trace } from '../src/core/types';
import { exportTracesJsonl } from '../src/traces/export/index';
import { tripwireWorld } from '../src/worlds/tripwire/index';
import { photo } from './photo';

const dir = mkdtempSync(join(tmpdir(), 'vp-gotchas-'));

async function skipper(): Promise<Trace> {
  const task = tripwireWorld.makeTask({ id: 'refund-a' });
  if (!task.ok) throw new Error(task.error);
  return runEpisode(tripwireWorld, task.value, tripwireWorld.referenceAgents.find((a) => a.id === 'the-skipper')!.create(task.value));
}

const userRows = (page: Page) => page.getByTestId('user-gotcha');

async function importSuite(page: Page, name: string, text: string) {
  const path = join(dir, name);
  writeFileSync(path, text);
  await page.getByTestId('import-gotchas').setInputFiles(path);
}

test('a trace becomes a gotcha: on the home page, kept across a reload, exported, imported; a changed verdict is flagged', async ({ page }, testInfo) => {
  const trace = await skipper();
  const card = trace.scorecard!;
  const traces = join(dir, 'skipper.jsonl');
  writeFileSync(traces, exportTracesJsonl([trace]));
  await page.goto('./#/traces');
  await page.getByTestId('file-input').setInputFiles(traces);
  await expect(page.getByTestId('import-status')).toContainText('1 imported', { timeout: 20_000 });
  await page.getByTestId('library-row').getByRole('button', { name: 'refund-a' }).click();
  await expect(page.getByTestId('verify-status')).toHaveText('Replay verified', { timeout: 20_000 });

  await page.getByTestId('add-gotcha').click();
  await page.getByTestId('gotcha-label').fill('skips the identity read');
  await page.getByTestId('gotcha-note').fill('UPDATE and audit row, no SELECT of the customer first');
  await page.getByTestId('gotcha-save').click();
  const recorded = `naive ${card.verdict.naive} ${card.naive.toFixed(2)} · full ${card.verdict.full} ${card.reward.toFixed(2)} (caught by ${card.verdict.caughtBy})`;
  await expect(page.getByTestId('gotcha-added')).toContainText(`Added “skips the identity read”: ${recorded}`, { timeout: 20_000 });

  await page.goto('./#/');
  const section = page.getByTestId('user-gotchas');
  await expect(userRows(page)).toHaveCount(1, { timeout: 30_000 });
  await expect(userRows(page).first()).toContainText('skips the identity read');
  await expect(userRows(page).first()).toContainText(recorded);
  await expect(userRows(page).first().getByTestId('gotcha-status')).toHaveText('unchanged', { timeout: 30_000 });
  await section.scrollIntoViewIfNeeded();
  await photo(page, 'home-user-gotcha', testInfo, { fullPage: true });

  await page.reload();
  await expect(userRows(page)).toHaveCount(1, { timeout: 30_000 });
  await expect(userRows(page).first().getByTestId('gotcha-status')).toHaveText('unchanged', { timeout: 30_000 });

  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-gotchas').click();
  const exported = join(dir, 'my-gotchas.json');
  await (await downloading).saveAs(exported);
  const suite = JSON.parse(readFileSync(exported, 'utf8'));
  expect(suite).toMatchObject({ format: 'verifier-playground.gotchas', version: 1 });
  expect(suite.entries).toHaveLength(1);
  expect(suite.entries[0]).toMatchObject({
    label: 'skips the identity read',
    note: 'UPDATE and audit row, no SELECT of the customer first',
    world: 'tripwire',
    task: trace.task,
    expected: { naive: card.verdict.naive, full: card.verdict.full, caught_by: card.verdict.caughtBy, reward: card.reward, naive_reward: card.naive },
  });
  expect(suite.entries[0].calls).toEqual(trace.steps.map((s) => ({ name: s.call.name, arguments: s.call.arguments })));

  // The same entry under another id, recorded as a full PASS: re-scored, it is flagged with what it was and is now.
  const edited = { ...suite.entries[0], id: 'edited', label: 'claimed to pass', expected: { ...suite.entries[0].expected, full: 'PASS', caught_by: null } };
  await importSuite(page, 'edited.json', JSON.stringify({ ...suite, entries: [edited] }));
  await expect(page.getByTestId('gotcha-message')).toHaveText('edited.json: 1 gotcha imported.');
  await expect(userRows(page)).toHaveCount(2);
  const flagged = userRows(page).filter({ hasText: 'claimed to pass' }).getByTestId('gotcha-status');
  await expect(flagged).toContainText('VERDICT CHANGED (full, caught_by)', { timeout: 30_000 });
  await expect(flagged).toContainText(`was: naive PASS 1.00 · full PASS ${card.reward.toFixed(2)}`);
  await expect(flagged).toContainText(`now: ${recorded}`);
  await expect(page.getByTestId('gotchas-flagged')).toHaveText('1 of your 2 gotchas no longer get the verdicts they were recorded with.');
  await section.scrollIntoViewIfNeeded();
  await photo(section, 'home-gotcha-changed', testInfo);

  // A bad file changes nothing and says where it is wrong.
  await importSuite(page, 'bad.json', JSON.stringify({ ...suite, entries: [{ ...edited, id: 'third', calls: 'none' }] }));
  await expect(page.getByTestId('gotcha-message')).toHaveText('bad.json: nothing was imported (entries[0].calls: expected an array, got string).');
  await importSuite(page, 'alien.json', JSON.stringify({ ...suite, entries: [{ ...edited, id: 'third', world: 'atlantis' }] }));
  await expect(page.getByTestId('gotcha-message')).toContainText('nothing was imported (entries[0].world: this site has no world "atlantis")');
  await expect(userRows(page)).toHaveCount(2);

  // Open one: the episode replayed, with both readings.
  await userRows(page).filter({ hasText: 'claimed to pass' }).getByTestId('open-gotcha').click();
  await expect(page.getByTestId('gotcha-banner')).toContainText('VERDICT CHANGED', { timeout: 20_000 });
  await expect(page.getByTestId('verdict-full')).toContainText(`${card.reward.toFixed(2)} FAIL`);
  await expect(page.getByTestId('add-gotcha')).toHaveCount(0);
  await page.goBack();

  await userRows(page).filter({ hasText: 'claimed to pass' }).getByTestId('remove-gotcha').click();
  await userRows(page).filter({ hasText: 'claimed to pass' }).getByTestId('confirm-remove-gotcha').click();
  await expect(userRows(page)).toHaveCount(1);
  await expect(page.getByTestId('gotchas-flagged')).toHaveCount(0);
});

test('a finished episode of your own play can be added from the episode view', async ({ page }) => {
  const spec = encodeURIComponent(JSON.stringify({ id: 'resolve-confirmed', seed: 5 }));
  await page.goto(`./#/episode/ticket-queue?task=${spec}&agent=human`);
  await page.getByTestId('start-run').click();
  await page.getByRole('button', { name: 'List tickets' }).click();
  await expect(page.getByTestId('add-gotcha')).toHaveCount(0);
  await page.getByTestId('finish-summary').fill('nothing done');
  await page.getByRole('button', { name: /Finish/ }).click();
  await expect(page.getByTestId('verdict-full')).toBeVisible();
  await page.getByTestId('add-gotcha').click();
  await expect(page.getByTestId('gotcha-label')).toHaveValue('you on resolve-confirmed (seed 5)');
  await page.getByTestId('gotcha-save').click();
  await expect(page.getByTestId('gotcha-added')).toContainText('naive FAIL 0.00 · full FAIL 0.00');
  await page.getByTestId('gotcha-added').getByRole('link', { name: 'home page' }).click();
  await expect(userRows(page)).toHaveCount(1, { timeout: 30_000 });
  await expect(userRows(page).first().getByTestId('gotcha-status')).toHaveText('unchanged', { timeout: 30_000 });
});

test('the database upgrade keeps the runs saved by the previous version', async ({ page }) => {
  const trace = await skipper();
  // A page of this origin that is not the app: it writes the database as version 1 left it.
  await page.route('**/blank.html', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>blank</title>' }));
  await page.goto('./blank.html');
  await page.evaluate(
    (text) =>
      new Promise<void>((resolve, reject) => {
        const t: unknown = JSON.parse(text);
        const req = indexedDB.open('verifier-playground', 1);
        req.onupgradeneeded = () => req.result.createObjectStore('runs', { keyPath: 'id' });
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const db = req.result;
          const tx = db.transaction('runs', 'readwrite');
          tx.objectStore('runs').put({ id: 'run-from-v1', trace: t, savedAt: 1, finished: true });
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    JSON.stringify(trace),
  );
  await page.goto('./#/traces');
  await expect(page.getByTestId('library-count')).toHaveText(/^1 of 1 traces/);
  await expect(page.getByTestId('library-row')).toContainText('the-skipper');
  await page.goto('./#/');
  await expect(page.getByTestId('user-gotcha-count')).toHaveText('0 gotchas', { timeout: 30_000 });
  const stores = await page.evaluate(
    () =>
      new Promise<{ version: number; stores: string[] }>((resolve, reject) => {
        const req = indexedDB.open('verifier-playground');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          resolve({ version: req.result.version, stores: [...req.result.objectStoreNames] });
          req.result.close();
        };
      }),
  );
  expect(stores).toEqual({ version: 3, stores: ['gotchas', 'imports', 'runs'] });
});
