import { loadWorld, WORLD_ENTRIES } from '../worlds/registry';

const idle = () =>
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 50);
  });

let started = false;

/**
 * Once the home table is on screen, get ready for its links in idle time: the
 * episode view's code (`preloadEpisodeView`), then whatever each world readies
 * for a first click (WorldEntry.warm). Each step waits for the page to be idle;
 * a failure here only means the click does the work.
 */
export function prewarmEpisodes(preloadEpisodeView: () => Promise<unknown>): void {
  if (started) return;
  started = true;
  void (async () => {
    await idle();
    await preloadEpisodeView();
    for (const w of WORLD_ENTRIES) {
      if (!w.warm) continue;
      await idle();
      await w.warm(idle, () => loadWorld(w.id, 'reference'));
    }
  })().catch(() => undefined);
}
