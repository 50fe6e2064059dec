import { Suspense, useMemo, useRef } from 'react';
import type { AnyView, PreloadableView } from './lib/lazyView';
import { parseHash, useHash } from './lib/route';
import { HomeView } from './views/HomeView';
import { DEFAULT_WORLD } from './worlds/registry';
import { CalibrationView, CompareView, DiagnosticsView, EpisodeView, GotchaView, LibraryView, ModelView, ReportView, StudyView, TraceView } from './views/lazyViews';
import { NotFound } from './views/NotFound';

const NAV: [href: string, label: string, view: PreloadableView<AnyView> | null][] = [
  ['#/', 'Worlds', null],
  [`#/episode/${DEFAULT_WORLD}`, 'Play', EpisodeView],
  ['#/calibration', 'Calibration', CalibrationView],
  ['#/model', 'Models', ModelView],
  ['#/traces', 'Traces', LibraryView],
  ['#/study/new', 'Study', StudyView],
];

const preload = (view: PreloadableView<AnyView> | null) => void view?.preload().catch(() => undefined);

export function App() {
  const hash = useHash();
  const mainRef = useRef<HTMLElement>(null);
  const route = useMemo(() => parseHash(hash), [hash]);
  const [head] = route.path;
  let view;
  if (head === undefined) view = <HomeView />;
  else if (head === 'diagnostics') view = <DiagnosticsView />;
  else if (head === 'episode') view = <EpisodeView route={route} />;
  else if (head === 'calibration') view = <CalibrationView />;
  else if (head === 'traces') view = <LibraryView route={route} />;
  else if (head === 'trace') view = <TraceView route={route} />;
  else if (head === 'compare') view = <CompareView route={route} />;
  else if (head === 'report') view = <ReportView route={route} />;
  else if (head === 'model') view = <ModelView route={route} />;
  else if (head === 'gotcha') view = <GotchaView route={route} />;
  else if (head === 'study') view = <StudyView route={route} />;
  else view = <NotFound path={route.path} />;
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
        <Suspense fallback={<p className="muted">Loading…</p>}>{view}</Suspense>
      </main>
    </div>
  );
}
