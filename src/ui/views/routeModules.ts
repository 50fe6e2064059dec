/**
 * Each route's view module, by the first segment of the hash's path ('' is the
 * home page). No React and nothing else here: the entry (main.tsx) starts the
 * current route's download beside the app's, and boot.tsx renders once it is
 * in, so the first render never suspends (lazyViews.ts builds the views).
 */
export const ROUTE_MODULES = {
  '': () => import('./HomeView'),
  diagnostics: () => import('./DiagnosticsView'),
  episode: () => import('./EpisodeView'),
  calibration: () => import('./CalibrationView'),
  traces: () => import('./LibraryView'),
  trace: () => import('./TraceView'),
  compare: () => import('./CompareView'),
  report: () => import('./ReportView'),
  model: () => import('./ModelView'),
  gotcha: () => import('./GotchaView'),
  study: () => import('./StudyView'),
} as const;

export type RouteHead = keyof typeof ROUTE_MODULES;

/** The hash's first path segment as lib/route's parseHash reads it ('' when the path is empty), without importing it (it pulls in the secret scrubber). */
export function routeHead(hash: string): string {
  const path = hash.replace(/^#\/?/, '').split('?', 2)[0]!;
  const first = path.split('/').find(Boolean);
  if (first === undefined) return '';
  try {
    return decodeURIComponent(first);
  } catch {
    return first;
  }
}

export const isRouteHead = (head: string): head is RouteHead => Object.hasOwn(ROUTE_MODULES, head);
