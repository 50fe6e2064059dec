import { Suspense, useMemo, useRef } from 'react';
import type { AnyView, PreloadableView } from './lib/lazyView';
import { parseHash, useHash } from './lib/route';
import { CalibrationView, EpisodeView, LibraryView, ModelView, routeView, StudyView } from './views/lazyViews';
import { NotFound } from './views/NotFound';
import { DEFAULT_WORLD } from './worlds/registry';

/** The views a person goes between, and the route heads each stands for (the current one is marked). */
const NAV: [href: string, label: string, view: PreloadableView<AnyView> | null, heads: (string | undefined)[]][] = [
  ['#/', 'Home', null, [undefined, 'gotcha']],
  [`#/episode/${DEFAULT_WORLD}`, 'Play', EpisodeView, ['episode']],
  ['#/calibration', 'Calibration', CalibrationView, ['calibration']],
  ['#/model', 'Models', ModelView, ['model']],
  ['#/traces', 'Traces', LibraryView, ['traces', 'trace', 'compare', 'report']],
  ['#/study/new', 'Study', StudyView, ['study']],
];

const preload = (view: PreloadableView<AnyView> | null) => void view?.preload().catch(() => undefined);

export function App() {
  const hash = useHash();
  const mainRef = useRef<HTMLElement>(null);
  const route = useMemo(() => parseHash(hash), [hash]);
  const [head] = route.path;
  const View = routeView(head ?? '');
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
          {NAV.map(([href, label, target, heads]) => (
            // Pointing at a link (or tabbing to it) starts loading its view: by the click it is usually in.
            <a
              key={href}
              href={href}
              onPointerEnter={() => preload(target)}
              onFocus={() => preload(target)}
              aria-current={heads.includes(head) ? 'page' : undefined}
            >
              {label}
            </a>
          ))}
        </nav>
      </header>
      <main id="main" ref={mainRef} tabIndex={-1}>
        <Suspense
          fallback={
            <p className="muted" data-testid="view-loading">
              Loading…
            </p>
          }
        >
          {view}
        </Suspense>
      </main>
    </div>
  );
}
