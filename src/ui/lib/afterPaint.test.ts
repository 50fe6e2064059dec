import { describe, expect, it } from 'vitest';
import { afterNextPaint, type FrameClock } from './afterPaint';

/** A page's frames and tasks, run by hand. */
function fakeClock() {
  const frames = new Map<number, () => void>();
  const tasks = new Map<number, () => void>();
  let ids = 0;
  const clock: FrameClock = {
    requestAnimationFrame: (cb) => (frames.set(++ids, cb), ids),
    cancelAnimationFrame: (id) => void frames.delete(id),
    setTimeout: ((cb: () => void) => (tasks.set(++ids, cb), ids)) as unknown as FrameClock['setTimeout'],
    clearTimeout: (id) => void tasks.delete(id as unknown as number),
  };
  const drain = (queue: Map<number, () => void>) => {
    const due = [...queue.values()];
    queue.clear();
    due.forEach((cb) => cb());
  };
  return { clock, frame: () => drain(frames), task: () => drain(tasks), pending: () => frames.size + tasks.size };
}

describe('afterNextPaint', () => {
  it('runs the work in a task after the next frame, never before the frame or inside it', () => {
    const c = fakeClock();
    const log: string[] = [];
    afterNextPaint(() => log.push('work'), c.clock);
    c.task();
    expect(log).toEqual([]);
    c.frame();
    expect(log).toEqual([]);
    c.task();
    expect(log).toEqual(['work']);
    expect(c.pending()).toBe(0);
  });

  it('cancelled before the frame or between the frame and the task, it never runs', () => {
    for (const cancelAfterFrame of [false, true]) {
      const c = fakeClock();
      let ran = false;
      const cancel = afterNextPaint(() => (ran = true), c.clock);
      if (cancelAfterFrame) c.frame();
      cancel();
      c.frame();
      c.task();
      expect(ran).toBe(false);
      expect(c.pending()).toBe(0);
    }
  });
});
