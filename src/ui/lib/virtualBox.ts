import { elementScroll, observeElementOffset, observeElementRect, type VirtualizerOptions } from '@tanstack/react-virtual';

/**
 * A virtualizer's observer started once the page has laid its box out: started in the commit, its first read of
 * the box forced a layout of the whole page there (25 ms of the task that draws a long trace's step; ~10 % of the
 * one that draws the library's first rows), and started in the next frame's callbacks it forced the same layout
 * there, before the frame's own. A ResizeObserver reports a box first after the frame's layout, where reading it
 * costs nothing; its report starts the observer (where there is none, the next frame does). The first render draws
 * for `initialRect` meanwhile.
 */
export function afterLayout<I extends { scrollElement: Element | null }, C>(observe: (instance: I, cb: C) => (() => void) | undefined) {
  return (instance: I, cb: C) => {
    let stop: (() => void) | undefined;
    const element = instance.scrollElement;
    if (!element || typeof ResizeObserver !== 'function') {
      const frame = requestAnimationFrame(() => (stop = observe(instance, cb)));
      return () => {
        cancelAnimationFrame(frame);
        stop?.();
      };
    }
    const laidOut = new ResizeObserver(() => {
      laidOut.disconnect();
      stop ??= observe(instance, cb);
    });
    laidOut.observe(element);
    return () => {
      laidOut.disconnect();
      stop?.();
    };
  };
}
const watchRect = afterLayout(observeElementRect<HTMLDivElement>);
const watchOffset = afterLayout(observeElementOffset<HTMLDivElement>);

/**
 * Options for a virtualizer over a scroll box of a height the stylesheet fixes: the first render draws the
 * rows that fit `height`, and the box is measured from the next frame on, not read back in the commit.
 * Set up, a virtualizer also scrolls its new box to where it is (0): a no-op that forced a layout of the
 * page (30 ms); only a scroll somewhere else is passed on.
 */
export function fixedBox(
  height: number,
): Pick<VirtualizerOptions<HTMLDivElement, Element>, 'initialRect' | 'observeElementRect' | 'observeElementOffset' | 'scrollToFn'> {
  return {
    initialRect: { width: 0, height },
    observeElementRect: watchRect,
    observeElementOffset: watchOffset,
    scrollToFn: (offset, options, instance) => {
      if (offset + (options.adjustments ?? 0) !== 0) elementScroll(offset, options, instance);
    },
  };
}
