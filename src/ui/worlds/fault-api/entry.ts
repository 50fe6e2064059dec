import type { JsonObject } from '../../../core/json';
import type { SpecNames, WorldEntry } from '../types';
import { FAULT_API } from './id';
import { showcaseFrom } from '../showcase';

const profileOf = (spec: JsonObject) => (typeof spec.profile === 'string' ? spec.profile : JSON.stringify(spec));

/** Its tasks are profiles; the seed is its own field ("hostile seed 6"), pooled in batch tables. */
const SPECS: SpecNames = {
  label: (spec) => `${profileOf(spec)} seed ${String(spec.seed)}`,
  name: profileOf,
  group: (spec) => (typeof spec.profile === 'string' ? spec.profile : null),
};

/** fault-api as the registry lists it: light, its code loaded when a view needs it. */
export const faultApiEntry: WorldEntry = {
  id: FAULT_API,
  title: 'fault-api',
  summary: 'A paginated API that lies quietly: repeated cursors, an inflated total, type drift, timeouts and a silent quota.',
  specs: SPECS,
  load: async () => (await import('../../../worlds/fault-api/index')).faultApiWorld,
  ui: async () => (await import('./ui')).faultApiUi,
  home: {
    order: 2,
    title: 'fault-api — hostile profile, seed 6',
    note: 'The reference solvers against an API that lies quietly. Stubborn collects every record and still fails: it kept calling after the quota ran out.',
    count: 3,
    rows: showcaseFrom(() => import('./home')),
    calibration: {
      title: 'fault-api: calibration',
      intro:
        'Three reference solvers — the trusting one (it believes what the API reports), the impatient one (stubborn) and the careful one — against the three profiles. Careful must reach 1.00 everywhere, or the world became unfair rather than harder.',
    },
  },
  published: async () => (await import('./published')).PUBLISHED,
  calibrationJob: async () => (await import('./calibrationJob')).calibrationJob,
  probe: async () => (await import('./probe')).probe(),
};
