import { afterEach, describe, expect, it } from 'vitest';
import { abortable, timeSlicer, yieldToEventLoop } from './timeSlice';

describe('timeSlicer', () => {
  it('hands the thread back only once the slice is used up, then starts a new slice', async () => {
    let t = 0;
    let yields = 0;
    const pause = timeSlicer({ sliceMs: 30, now: () => t, yieldNow: async () => void yields++ });
    for (t = 0; t < 30; t += 5) await pause();
    expect(yields).toBe(0);
    t = 30;
    await pause();
    expect(yields).toBe(1);
    t = 59;
    await pause();
    expect(yields).toBe(1);
    t = 60;
    await pause();
    expect(yields).toBe(2);
  });

  it('hands the thread back at once when asked to (before one step that alone fills a slice)', async () => {
    let yields = 0;
    const pause = timeSlicer({ sliceMs: 30, now: () => 0, yieldNow: async () => void yields++ });
    await pause();
    expect(yields).toBe(0);
    await pause(true);
    expect(yields).toBe(1);
  });

  it('counts a new slice from when the thread came back, not from when it was handed back', async () => {
    let t = 0;
    let yields = 0;
    // The other tasks that ran while the loop waited took 100 ms.
    const pause = timeSlicer({ sliceMs: 30, now: () => t, yieldNow: async () => void (yields++, (t += 100)) });
    t = 30;
    await pause();
    expect([yields, t]).toEqual([1, 130]);
    t = 159;
    await pause();
    expect(yields).toBe(1);
    t = 160;
    await pause();
    expect(yields).toBe(2);
  });
});

describe('yieldToEventLoop', () => {
  const g = globalThis as { scheduler?: unknown };
  const had = 'scheduler' in g;
  const saved = g.scheduler;
  afterEach(() => {
    if (had) g.scheduler = saved;
    else delete g.scheduler;
  });

  it('uses scheduler.yield() where the browser has it', async () => {
    let asked = 0;
    g.scheduler = { yield: async () => void asked++ };
    await yieldToEventLoop();
    expect(asked).toBe(1);
  });

  it('else continues in a new task: every microtask queued meanwhile runs first', async () => {
    delete g.scheduler;
    let chained = 0;
    const chain = (n: number): Promise<void> => (n === 0 ? Promise.resolve() : Promise.resolve().then(() => (chained++, chain(n - 1))));
    void chain(1000);
    await yieldToEventLoop();
    expect(chained).toBe(1000);
  });
});

describe('abortable', () => {
  it('stops the loop once the view is left, before or during the pause', async () => {
    const ctl = new AbortController();
    let release: () => void = () => undefined;
    const pause = abortable(() => new Promise<void>((resolve) => (release = resolve)), ctl.signal);
    const first = pause();
    release();
    await expect(first).resolves.toBeUndefined();
    const second = pause();
    ctl.abort();
    release();
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    await expect(pause()).rejects.toMatchObject({ name: 'AbortError' });
  });
});
