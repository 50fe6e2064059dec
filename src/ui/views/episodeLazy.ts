import { lazyView } from '../lib/lazyView';

/** The episode view, loaded on demand; the home page preloads it once its table is up (see lib/prewarm). */
export const EpisodeView = lazyView(() => import('./EpisodeView'));
