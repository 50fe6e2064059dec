import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { TRACE_VERSION } from '../src/core/types';
import { photo } from './photo';

/**
 * IndexedDB holds what earlier builds wrote, and in another tab a newer build may
 * write too. A run in progress saved with a version 1 trace (a frozen file) opens
 * and is stored migrated; a run only a newer build can read is named, and the
 * others are still listed.
 */
const V1_RUN = JSON.parse(readFileSync(new URL('../src/traces/fixtures/saved-run-v1.json', import.meta.url), 'utf8')) as {
  id: string;
  trace: Record<string, unknown>;
};
const NEWER = { ...V1_RUN, id: 'run-from-a-newer-build', trace: { ...V1_RUN.trace, version: TRACE_VERSION + 1 } };

/** The database as this build's schema has it (version 2: runs and gotchas), with these records put straight in. */
async function plant(page: Page, records: object[]): Promise<void> {
  await page.route('**/blank.html', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>blank</title>' }));
  await page.goto('./blank.html');
  await page.evaluate(
    (text) =>
      new Promise<void>((resolve, reject) => {
        const req = indexedDB.open('verifier-playground', 2);
        req.onupgradeneeded = () => {
          req.result.createObjectStore('runs', { keyPath: 'id' });
          req.result.createObjectStore('gotchas', { keyPath: 'id' });
        };
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const db = req.result;
          const tx = db.transaction('runs', 'readwrite');
          for (const r of JSON.parse(text) as object[]) tx.objectStore('runs').put(r);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    JSON.stringify(records),
  );
}

const storedRun = (page: Page, id: string) =>
  page.evaluate(
    (key) =>
      new Promise<{ lease: number; version: number }>((resolve, reject) => {
        const req = indexedDB.open('verifier-playground');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const get = req.result.transaction('runs').objectStore('runs').get(key);
          get.onsuccess = () => {
            resolve({ lease: get.result.lease, version: get.result.trace.version });
            req.result.close();
          };
          get.onerror = () => reject(get.error);
        };
      }),
    id,
  );

test('runs saved by earlier builds open, migrated; one only a newer build can read is named, not hidden', async ({ page }, testInfo) => {
  await plant(page, [V1_RUN, NEWER]);
  await page.goto('./#/traces');
  await expect(page.getByTestId('library-count')).toHaveText(/^1 of 1 traces/);
  await expect(page.getByTestId('storage-notice')).toContainText(
    `${NEWER.id}: trace.version: version ${TRACE_VERSION + 1} was written by a newer verifier-playground`,
  );
  await photo(page, 'library-unreadable-run', testInfo, { fullPage: true });

  const task = encodeURIComponent(JSON.stringify(V1_RUN.trace.task));
  await page.goto(`./#/episode/ticket-queue?task=${task}&agent=human&run=${V1_RUN.id}`);
  await expect(page.getByTestId('step-counter')).toHaveText('step 2 / 2', { timeout: 20_000 });
  await photo(page, 'episode-v1-run', undefined, { fullPage: true });
  // Opening it claims it: written back under a raised lease, as the current version.
  expect(await storedRun(page, V1_RUN.id)).toEqual({ lease: 3, version: TRACE_VERSION });
});
