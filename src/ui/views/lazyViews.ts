import { lazyView } from '../lib/lazyView';

/**
 * The views loaded on demand, each with `preload()`: the header's links preload
 * theirs on hover, the home page preloads the episode view once its table is up,
 * the library the trace view once it lists something.
 */
export const EpisodeView = lazyView(() => import('./EpisodeView'));
export const DiagnosticsView = lazyView(() => import('./DiagnosticsView'));
export const CalibrationView = lazyView(() => import('./CalibrationView'));
export const LibraryView = lazyView(() => import('./LibraryView'));
export const TraceView = lazyView(() => import('./TraceView'));
export const CompareView = lazyView(() => import('./CompareView'));
export const ReportView = lazyView(() => import('./ReportView'));
export const ModelView = lazyView(() => import('./ModelView'));
export const GotchaView = lazyView(() => import('./GotchaView'));
export const StudyView = lazyView(() => import('./StudyView'));
