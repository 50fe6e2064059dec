import { EpisodeView } from '../views/lazyViews';
import { loadWorld } from './worlds';

const idle = () =>
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 50);
  });

let started = false;

/**
 * Once the home table is on screen, get ready for its links in idle time: the
 * episode view's code, tripwire's world and a warm sql.js on the page (the
 * table itself was computed in a worker, so the page's own SQLite is cold and
 * the first click would otherwise pay for its start-up). Each step waits for
 * the page to be idle; a failure here only means the click does the work.
 */
export function prewarmEpisodes(): void {
  if (started) return;
  started = true;
  void (async () => {
    await idle();
    await EpisodeView.preload();
    await idle();
    const world = await loadWorld('tripwire', 'reference');
    await idle();
    const task = world.makeTask({ id: 'top-refund-customer' });
    if (!task.ok) return;
    const session = await world.open(task.value);
    await session.close();
  })().catch(() => undefined);
}
