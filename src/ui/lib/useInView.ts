import { useEffect, useState } from 'react';

/**
 * Whether an element has come near the viewport yet (it stays true once it
 * has). A callback ref, so an element that mounts later is still observed.
 */
export function useInView<T extends Element>(margin = '0px') {
  const [el, setEl] = useState<T | null>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (!el || seen) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setSeen(true), { rootMargin: margin });
    io.observe(el);
    return () => io.disconnect();
  }, [el, seen, margin]);
  return [setEl, seen] as const;
}
