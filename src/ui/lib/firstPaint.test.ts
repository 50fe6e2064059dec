import { describe, expect, it } from 'vitest';
import { afterFirstPaint, type PaintTimingHost } from './firstPaint';

/** A page whose paint entries and timers are delivered by hand. */
function fakeHost(opts: { observer?: boolean; throws?: boolean } = {}) {
  const timers: { cb: () => void; ms: number }[] = [];
  const observers: { cb: (list: { getEntriesByName(name: string): unknown[] }) => void; observing: boolean; disconnected: boolean }[] = [];
  class Observer {
    private readonly o: (typeof observers)[number];
    constructor(cb: (typeof observers)[number]['cb']) {
      this.o = { cb, observing: false, disconnected: false };
      observers.push(this.o);
    }
    observe(options: { type: string; buffered: boolean }) {
      if (opts.throws) throw new TypeError('unsupported');
      expect(options).toEqual({ type: 'paint', buffered: true });
      this.o.observing = true;
    }
    disconnect() {
      this.o.disconnected = true;
    }
  }
  const host: PaintTimingHost = {
    PerformanceObserver: opts.observer === false ? undefined : Observer,
    setTimeout: (cb, ms) => timers.push({ cb, ms }),
  };
  const paint = (...names: string[]) => {
    for (const o of observers) if (o.observing && !o.disconnected) o.cb({ getEntriesByName: (n) => names.filter((x) => x === n) });
  };
  return { host, timers, observers, paint, fire: () => timers.forEach((t) => t.cb()) };
}

describe('afterFirstPaint', () => {
  it('runs the work when the first contentful paint is reported, once, and stops observing', () => {
    const h = fakeHost();
    let runs = 0;
    afterFirstPaint(() => runs++, 1000, h.host);
    expect(runs).toBe(0);
    h.paint('first-paint');
    expect(runs).toBe(0);
    h.paint('first-paint', 'first-contentful-paint');
    expect(runs).toBe(1);
    expect(h.observers[0]!.disconnected).toBe(true);
    // The fallback timer, when it fires later, does not run it again.
    h.fire();
    expect(runs).toBe(1);
    expect(h.timers.map((t) => t.ms)).toEqual([1000]);
  });

  it('falls back to the timer when no paint is reported (a hidden tab), and a late paint does not run it twice', () => {
    const h = fakeHost();
    let runs = 0;
    afterFirstPaint(() => runs++, 750, h.host);
    h.fire();
    expect(runs).toBe(1);
    expect(h.observers[0]!.disconnected).toBe(true);
    h.paint('first-contentful-paint');
    expect(runs).toBe(1);
  });

  it('without Paint Timing, or where observing paints throws, only the timer runs it', () => {
    for (const opts of [{ observer: false }, { throws: true }]) {
      const h = fakeHost(opts);
      let runs = 0;
      afterFirstPaint(() => runs++, 500, h.host);
      expect(runs).toBe(0);
      h.fire();
      expect(runs).toBe(1);
    }
  });
});
