import { lazyView, type AnyView, type PreloadableView } from '../lib/lazyView';
import { isRouteHead, ROUTE_MODULES, type RouteHead } from './routeModules';

/**
 * The views loaded on demand, each with `preload()`: boot.tsx preloads the
 * route's view before the first render, the header's links preload theirs on
 * hover, the home page preloads the episode view once its table is up, the
 * library the trace view once it lists something.
 */
export const HomeView = lazyView(ROUTE_MODULES['']);
export const EpisodeView = lazyView(ROUTE_MODULES.episode);
export const DiagnosticsView = lazyView(ROUTE_MODULES.diagnostics);
export const CalibrationView = lazyView(ROUTE_MODULES.calibration);
export const LibraryView = lazyView(ROUTE_MODULES.traces);
export const TraceView = lazyView(ROUTE_MODULES.trace);
export const CompareView = lazyView(ROUTE_MODULES.compare);
export const ReportView = lazyView(ROUTE_MODULES.report);
export const ModelView = lazyView(ROUTE_MODULES.model);
export const GotchaView = lazyView(ROUTE_MODULES.gotcha);
export const StudyView = lazyView(ROUTE_MODULES.study);

const VIEWS: Record<RouteHead, PreloadableView<AnyView>> = {
  '': HomeView,
  diagnostics: DiagnosticsView,
  episode: EpisodeView,
  calibration: CalibrationView,
  traces: LibraryView,
  trace: TraceView,
  compare: CompareView,
  report: ReportView,
  model: ModelView,
  gotcha: GotchaView,
  study: StudyView,
};

/** The view a route's first path segment shows ('' the home page); null: no such view. */
export const routeView = (head: string): PreloadableView<AnyView> | null => (isRouteHead(head) ? VIEWS[head] : null);
