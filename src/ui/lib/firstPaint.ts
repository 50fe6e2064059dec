/** What `afterFirstPaint` needs of the page, injected so Node tests can drive it. */
export interface PaintTimingHost {
  /** The page's PerformanceObserver; undefined where there is none. */
  PerformanceObserver?: new (cb: (list: { getEntriesByName(name: string): unknown[] }) => void) => {
    observe(options: { type: string; buffered: boolean }): void;
    disconnect(): void;
  };
  setTimeout(cb: () => void, ms: number): unknown;
}

const FIRST_PAINT = 'first-contentful-paint';

/**
 * Calls `work` once, in a task after the page's first contentful paint has reached the screen (Paint Timing reports
 * the frame's presentation, not its paint on the page's thread, so the frame is not still waiting for a core), or
 * after `fallbackMs` where none is reported (no Paint Timing, a hidden tab that paints nothing).
 */
export function afterFirstPaint(work: () => void, fallbackMs: number, host: PaintTimingHost = globalThis as unknown as PaintTimingHost): void {
  let done = false;
  let observer: { disconnect(): void } | undefined;
  const run = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    work();
  };
  host.setTimeout(run, fallbackMs);
  if (!host.PerformanceObserver) return;
  try {
    const o = new host.PerformanceObserver((list) => {
      if (list.getEntriesByName(FIRST_PAINT).length > 0) run();
    });
    observer = o;
    o.observe({ type: 'paint', buffered: true });
  } catch {
    // An engine that cannot observe paints: the fallback runs the work.
  }
}
