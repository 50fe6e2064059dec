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

/**
 * Picks files in the library's importer and waits until every one has finished. A big file's wait is its own:
 * reading 64 MiB takes a slow, loaded 2-core machine tens of seconds (a CI run here waited out 20 s on one).
 */
export async function importFile(page: Page, path: string | string[], { timeout = 20_000 }: { timeout?: number } = {}): Promise<void> {
  await page.getByTestId('file-input').setInputFiles(path);
  await expect(page.getByTestId('import-status')).toHaveAttribute('aria-busy', 'false', { timeout });
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

/**
 * Run in the page (`page.addInitScript` before it loads, or `page.evaluate`): the first time `selector` reads `text`,
 * `keys` are pressed on the window in the same turn of the event loop that drew it (a mutation observer's microtask),
 * before anything the page deferred past that paint. `window.__pressed` says it happened.
 */
export function pressKeysAsShown({ selector, text, keys }: { selector: string; text: string; keys: string[] }): void {
  const w = window as unknown as { __pressed?: boolean };
  new MutationObserver((_records, observer) => {
    if (w.__pressed || document.querySelector(selector)?.textContent !== text) return;
    w.__pressed = true;
    observer.disconnect();
    for (const key of keys) window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/** Whether `pressKeysAsShown` pressed its keys. */
export const keysPressed = (page: Page) => page.evaluate(() => (window as unknown as { __pressed?: boolean }).__pressed === true);
