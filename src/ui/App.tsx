import { lazy, Suspense, useMemo } from 'react';
import { parseHash, useHash } from './lib/route';
import { HomeView } from './views/HomeView';
import { NotFound } from './views/NotFound';

const DiagnosticsView = lazy(() => import('./views/DiagnosticsView'));
const EpisodeView = lazy(() => import('./views/EpisodeView'));
const CalibrationView = lazy(() => import('./views/CalibrationView'));
const LibraryView = lazy(() => import('./views/LibraryView'));
const TraceView = lazy(() => import('./views/TraceView'));
const CompareView = lazy(() => import('./views/CompareView'));
const ModelView = lazy(() => import('./views/ModelView'));

export function App() {
  const hash = useHash();
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
  else if (head === 'model') view = <ModelView route={route} />;
  else view = <NotFound path={route.path} />;
  return (
    <div className="app">
      <header className="topbar">
        <a className="brand" href="#/">
          verifier-playground
        </a>
        <nav>
          <a href="#/">Worlds</a>
          <a href="#/episode/fault-api">Play</a>
          <a href="#/calibration">Calibration</a>
          <a href="#/model">Models</a>
          <a href="#/traces">Traces</a>
        </nav>
      </header>
      <main>
        <Suspense fallback={<p className="muted">Loading…</p>}>{view}</Suspense>
      </main>
    </div>
  );
}
