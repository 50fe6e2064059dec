import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// React's own lazy() is typed over ComponentType<any>: views take different props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyView = ComponentType<any>;

export type PreloadableView<T extends AnyView> = LazyExoticComponent<T> & { preload(): Promise<unknown> };

/**
 * React.lazy that renders at once when its module is already loaded. Plain
 * lazy() always suspends on its first render, even for a module in memory, and
 * React then holds the fallback for its reveal throttle (≈ 300 ms): a link to a
 * preloaded view would still wait that long. Here the factory hands React an
 * already-settled thenable, which React reads synchronously.
 */
export function lazyView<T extends AnyView>(load: () => Promise<{ default: T }>): PreloadableView<T> {
  let loaded: { default: T } | null = null;
  const preload = () => load().then((m) => (loaded = m));
  const settled = (m: { default: T }) => ({ then: (resolve: (value: { default: T }) => void) => resolve(m) }) as unknown as Promise<{ default: T }>;
  return Object.assign(
    lazy(() => (loaded ? settled(loaded) : preload())),
    { preload },
  );
}
