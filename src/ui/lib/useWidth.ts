import { useEffect, useRef, useState } from 'react';

/**
 * The rendered width of an element, kept current with a ResizeObserver. Only the observer reads
 * it (its first report comes with the first frame): read in the commit, it forced a layout of the
 * whole page there and drew the element twice in one task.
 */
export function useWidth<T extends HTMLElement>(fallback = 800) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(([entry]) => entry && setWidth(entry.contentRect.width || fallback));
    ro.observe(el);
    return () => ro.disconnect();
  }, [fallback]);
  return [ref, width] as const;
}
