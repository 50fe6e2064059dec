import { useSyncExternalStore } from 'react';

/** Whether a media query matches now, kept current (a phone turned sideways, a window resized). */
export function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const m = window.matchMedia(query);
      m.addEventListener('change', changed);
      return () => m.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The episode's one-column layout (styles.css: below 800 px). */
export const NARROW = '(max-width: 800px)';
