import { useEffect, useState } from 'react';

export type AsyncState<T> = { status: 'loading' } | { status: 'done'; value: T } | { status: 'error'; message: string };

/** Resolve a promise made from `deps`; a stale answer never overwrites a newer one. */
export function useAsync<T>(make: () => Promise<T>, deps: readonly unknown[]): AsyncState<T> {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState((s) => (s.status === 'loading' ? s : { status: 'loading' }));
    make().then(
      (value) => live && setState({ status: 'done', value }),
      (e: unknown) => live && setState({ status: 'error', message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return state;
}
