import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLayout } from './virtualBox';

/** ResizeObserver and frames as the test drives them: `report()` is the browser's first report after a layout. */
function fakePage() {
  const observers: { cb: () => void; observed: Element[]; live: boolean }[] = [];
  const frames = new Map<number, () => void>();
  let nextFrame = 1;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      private readonly me: (typeof observers)[number];
      constructor(cb: () => void) {
        this.me = { cb, observed: [], live: true };
        observers.push(this.me);
      }
      observe(el: Element) {
        this.me.observed.push(el);
      }
      disconnect() {
        this.me.live = false;
      }
    },
  );
  vi.stubGlobal('requestAnimationFrame', (cb: () => void) => {
    frames.set(nextFrame, cb);
    return nextFrame++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
  return {
    observers,
    report: () => observers.filter((o) => o.live).forEach((o) => o.cb()),
    frame: () => {
      const due = [...frames.values()];
      frames.clear();
      due.forEach((f) => f());
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('afterLayout: a virtualizer reads its box only once the page has laid it out', () => {
  const box = {} as Element;

  it('starts the observer at the first ResizeObserver report (after layout), not in the commit or a frame callback before it', () => {
    const page = fakePage();
    const observe = vi.fn(() => () => undefined);
    const stop = afterLayout(observe)({ scrollElement: box }, () => undefined);
    expect(observe).not.toHaveBeenCalled();
    // A frame's callbacks run before its layout: reading the box there forced one.
    page.frame();
    expect(observe).not.toHaveBeenCalled();
    expect(page.observers[0]!.observed).toEqual([box]);
    page.report();
    expect(observe).toHaveBeenCalledTimes(1);
    // Once: its own observer takes the resizes from there.
    page.report();
    expect(observe).toHaveBeenCalledTimes(1);
    expect(page.observers[0]!.live).toBe(false);
    stop?.();
  });

  it('stopped before the report, it never starts; stopped after, it stops the observer it started', () => {
    const page = fakePage();
    const inner = vi.fn();
    const observe = vi.fn(() => inner);
    afterLayout(observe)({ scrollElement: box }, () => undefined)?.();
    page.report();
    expect(observe).not.toHaveBeenCalled();
    const stop = afterLayout(observe)({ scrollElement: box }, () => undefined);
    page.report();
    stop?.();
    expect(inner).toHaveBeenCalledTimes(1);
  });

  it('without ResizeObserver, the next frame starts it', () => {
    const page = fakePage();
    vi.stubGlobal('ResizeObserver', undefined);
    const observe = vi.fn(() => () => undefined);
    afterLayout(observe)({ scrollElement: box }, () => undefined);
    expect(observe).not.toHaveBeenCalled();
    page.frame();
    expect(observe).toHaveBeenCalledTimes(1);
  });
});
