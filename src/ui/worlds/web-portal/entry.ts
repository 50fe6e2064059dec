import type { WorldEntry } from '../types';
import { showcaseFrom } from '../showcase';

/** web-portal as the registry lists it: light, its code loaded when a view needs it. */
export const webPortalEntry: WorldEntry = {
  id: 'web-portal',
  title: 'web-portal',
  summary:
    "A small customer-support web app (orders, profiles, a refund form with a confirmation dialog, an admin console agents must not use), played through an accessibility tree: the world's own event log of what was shown, touched and changed is the authorizer.",
  load: async () => (await import('../../../worlds/web-portal/index')).webPortalWorld,
  ui: async () => (await import('./ui')).webPortalUi,
  home: {
    order: 4,
    title: 'web-portal — the three cheats, in a web app',
    note: "The same cheats against a modelled support portal whose own event log is the authorizer: reading the page source's hidden answer key, refunding without the identity check, refunding the wrong order. The answer checker passes all three.",
    count: 3,
    rows: showcaseFrom(() => import('./home')),
  },
  probe: async () => (await import('../../../worlds/web-portal/probe')).webPortalProbe(),
};
