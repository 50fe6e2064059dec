import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { pageScrubber } from './model/secrets';

/** A route parsed from the URL hash: `#/calibration?seeds=60` → { path: ['calibration'], query }. */
export interface Route {
  path: string[];
  query: URLSearchParams;
  /** The query as written, undecoded: a view that bounds its input (a study link) reads its size before anything decodes it. */
  search?: string;
}

/** The query is decoded when a view first asks for it, not before: a view can refuse an oversized query unread. */
export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#\/?/, '');
  const [pathPart = '', queryPart = ''] = raw.split('?', 2);
  let query: URLSearchParams | null = null;
  return {
    path: pathPart.split('/').filter(Boolean).map(decodeURIComponent),
    get query() {
      return (query ??= new URLSearchParams(queryPart));
    },
    search: queryPart,
  };
}

/** A link; a secret in any part of it (a task spec a server echoed the key into) is masked: URLs land in history and logs. */
export function hrefFor(path: string[], query?: Record<string, string | number | undefined>): string {
  const scrub = pageScrubber();
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) q.set(k, scrub.text(String(v)));
  const qs = q.toString();
  return `#/${path.map((p) => encodeURIComponent(scrub.text(p))).join('/')}${qs ? `?${qs}` : ''}`;
}

/**
 * The hash as a store: the page's one listener on hashchange, created with
 * the store. Nothing else holds what is shown; navigate() changes the hash.
 */
export function hashStore(win: Pick<Window, 'addEventListener'> & { location: { hash: string } }): StoreApi<{ hash: string }> {
  return createStore<{ hash: string }>()((set) => {
    win.addEventListener('hashchange', () => set({ hash: win.location.hash }));
    return { hash: win.location.hash };
  });
}

/** The page's hash (none in Node, where only the readers and links above run). */
const pageHash = typeof window === 'undefined' ? null : hashStore(window);

/** The URL owns what is shown; components read it through this hook. */
export function useHash(): string {
  return useStore(pageHash!, (s) => s.hash);
}
