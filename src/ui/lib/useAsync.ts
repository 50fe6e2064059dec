import { startTransition, useEffect, useState } from 'react';

export type AsyncState<T> = { status: 'loading' } | { status: 'done'; value: T } | { status: 'error'; message: string };

const sameDeps = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

/**
 * Resolve a promise made from `deps`. The answer is tagged with the deps it was
 * made for: after the deps change, the render reads "loading" at once instead
 * of the previous answer (unless `keepPrevious`: stepping through an episode
 * keeps the last state on screen while the next one replays, instead of
 * flashing), and a stale answer never overwrites a newer one. `signal` is
 * aborted when the deps change or the view goes: long work may stop there.
 */
export function useAsync<T>(
  make: (signal: AbortSignal) => Promise<T>,
  deps: readonly unknown[],
  options: {
    keepPrevious?: boolean;
    /**
     * The answer is drawn as a transition: React draws it in slices, and apart from an urgent
     * answer landing in the same task (a long trace's readings beside its selected step).
     */
    transition?: boolean;
  } = {},
): AsyncState<T> {
  const [held, setHeld] = useState<{ deps: readonly unknown[]; state: AsyncState<T> } | null>(null);
  useEffect(() => {
    let live = true;
    const abort = new AbortController();
    const settle = (state: AsyncState<T>) => {
      if (!live) return;
      if (options.transition) startTransition(() => setHeld({ deps, state }));
      else setHeld({ deps, state });
    };
    make(abort.signal).then(
      (value) => settle({ status: 'done', value }),
      (e: unknown) => settle({ status: 'error', message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
      abort.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  if (held && (sameDeps(held.deps, deps) || (options.keepPrevious && held.state.status === 'done'))) return held.state;
  return { status: 'loading' };
}
