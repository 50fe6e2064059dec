import { Suspense, useMemo, useRef } from 'react';
import type { AnyView, PreloadableView } from './lib/lazyView';
import { parseHash, useHash } from './lib/route';
import { CalibrationView, EpisodeView, LibraryView, ModelView, routeView } from './views/lazyViews';
import { NotFound } from './views/NotFound';
import { DEFAULT_WORLD } from './worlds/defaultWorld';

const NAV: [href: string, label: string, view: PreloadableView<AnyView> | null][] = [
  ['#/', 'Worlds', null],
  [`#/episode/${DEFAULT_WORLD}`, 'Play', EpisodeView],
  ['#/calibration', 'Calibration', CalibrationView],
  ['#/model', 'Models', ModelView],
  ['#/traces', 'Traces', LibraryView],
];

const preload = (view: PreloadableView<AnyView> | null) => void view?.preload().catch(() => undefined);

export function App() {
  const hash = useHash();
  const mainRef = useRef<HTMLElement>(null);
  const route = useMemo(() => parseHash(hash), [hash]);
  const View = routeView(route.path[0] ?? '');
  const view = View ? <View route={route} /> : <NotFound path={route.path} />;
  return (
    <div className="app">
      {/* The hash is the route, so the link moves focus itself instead of navigating to "#main". */}
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          mainRef.current?.focus();
        }}
      >
        Skip to content
      </a>
      <header className="topbar">
        <a className="brand" href="#/">
          verifier-playground
        </a>
        <nav aria-label="Views">
          {NAV.map(([href, label, target]) => (
            // Pointing at a link (or tabbing to it) starts loading its view: by the click it is usually in.
            <a key={href} href={href} onPointerEnter={() => preload(target)} onFocus={() => preload(target)}>
              {label}
            </a>
          ))}
        </nav>
      </header>
      <main id="main" ref={mainRef} tabIndex={-1}>
        <Suspense fallback={<p className="muted" data-testid="view-loading">Loading…</p>}>{view}</Suspense>
      </main>
    </div>
  );
}
