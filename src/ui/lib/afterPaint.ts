import { useEffect, useState } from 'react';

/** The page's frame scheduling, injected so Node tests can drive it. */
export interface FrameClock {
  requestAnimationFrame(cb: () => void): number;
  cancelAnimationFrame(id: number): void;
  setTimeout(cb: () => void, ms: number): ReturnType<typeof setTimeout>;
  clearTimeout(id: ReturnType<typeof setTimeout>): void;
}

const pageClock = (): FrameClock => ({
  requestAnimationFrame: (cb) => requestAnimationFrame(cb),
  cancelAnimationFrame: (id) => cancelAnimationFrame(id),
  setTimeout: (cb, ms) => setTimeout(cb, ms),
  clearTimeout: (id) => clearTimeout(id),
});

/**
 * Calls `work` in a task after the next frame has been painted (a frame callback runs before
 * its paint; a task queued from it runs after). Returns a cancel function.
 */
export function afterNextPaint(work: () => void, clock: FrameClock = pageClock()): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const frame = clock.requestAnimationFrame(() => {
    timer = clock.setTimeout(work, 0);
  });
  return () => {
    clock.cancelAnimationFrame(frame);
    if (timer !== null) clock.clearTimeout(timer);
  };
}

/**
 * `when`, once the frame that shows it has been painted: a change that makes more work (the
 * home page's calibration and gotchas once its tables are verified) lets the change itself
 * reach the screen first. Stays true once true.
 */
export function usePaintedThen(when: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!when || painted) return;
    return afterNextPaint(() => setPainted(true));
  }, [when, painted]);
  return painted;
}
