import { expect, type Page } from '@playwright/test';
import { runEpisode } from '../src/core/episode';
import type { Trace } from '../src/core/types';
import { findReferenceAgent, type World } from '../src/core/world';

/** A reference agent's episode, run in Node: what the library specs import into the page. */
export async function runReference(world: World, spec: object, agent: string): Promise<Trace> {
  const task = world.makeTask(spec);
  if (!task.ok) throw new Error(task.error);
  const ref = findReferenceAgent(world, agent);
  if (!ref) throw new Error(`${world.id} has no reference agent ${agent}`);
  return runEpisode(world, task.value, ref.create(task.value));
}

/** Picks files in the library's importer and waits until every one has finished. */
export async function importFile(page: Page, path: string | string[]): Promise<void> {
  await page.getByTestId('file-input').setInputFiles(path);
  await expect(page.getByTestId('import-status')).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
}

/** Every record of saved runs, read straight from the page's IndexedDB. */
export const savedRuns = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ id: string; trace: Trace; finished: boolean }[]>((resolve, reject) => {
        const req = indexedDB.open('verifier-playground');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const all = req.result.transaction('runs', 'readonly').objectStore('runs').getAll();
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => reject(all.error);
        };
      }),
  );
