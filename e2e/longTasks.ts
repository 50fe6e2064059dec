import type { Page } from '@playwright/test';

/** The main thread's long tasks (ms each) from now on, read back (and cleared) with `read()`. */
export async function watchLongTasks(page: Page): Promise<{ read: () => Promise<number[]> }> {
  await page.evaluate(() => {
    const w = window as unknown as { __long: number[] };
    w.__long = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__long.push(Math.round(e.duration));
    }).observe({ type: 'longtask', buffered: false });
  });
  return {
    read: () => page.evaluate(() => (window as unknown as { __long: number[] }).__long.splice(0)),
  };
}
