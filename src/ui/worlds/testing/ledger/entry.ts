import type { JsonObject } from '../../../../core/json';
import { LEDGER_ID } from '../../../../worlds/testing/ledger/task';
import type { SpecNames, WorldEntry } from '../../types';
import { showcaseFrom } from '../../showcase';

const seedOf = (spec: JsonObject) => (typeof spec.seed === 'number' ? spec.seed : null);

/**
 * Its own names, unlike any shipped world's, so a test sees the generic code
 * read them: "ledger seed 2", pooled as "ledger", grouped by the seed's parity
 * (a group the report shows, as fault-api's profiles are).
 */
const SPECS: SpecNames = {
  label: (spec) => `ledger seed ${String(spec.seed)}`,
  name: () => 'ledger',
  group: (spec) => {
    const seed = seedOf(spec);
    return seed === null ? null : seed % 2 === 1 ? 'odd seeds' : 'even seeds';
  },
};

/**
 * The test-only ledger world (src/worlds/testing/ledger) as the UI registry
 * lists it (`entry`, the name `../register.ts` reads): everything a shipped entry may declare, so the UI's generic code
 * is proved to serve a world that is only its folders. Registered by
 * `../register.ts` in tests; the app never imports it.
 */
export const entry: WorldEntry = {
  id: LEDGER_ID,
  title: 'test ledger',
  summary: 'A test-only world: read a small ledger and submit the sum of its amounts.',
  specs: SPECS,
  load: async () => (await import('../../../../worlds/testing/ledger/index')).world,
  ui: async () => (await import('./ui')).ledgerUi,
  home: {
    // After every shipped table: the story's order stays the shipped worlds'.
    order: 99,
    title: 'test ledger — the oracle and two sentinels',
    note: 'Reading before submitting is the gate: the blind total is right and still fails.',
    count: 3,
    rows: showcaseFrom(() => import('./home')),
    calibration: { title: 'test ledger: calibration', intro: 'The oracle over many seeds must always reach 1.00.' },
  },
  published: async () => (await import('./home')).PUBLISHED,
  calibrationJob: async () => (await import('./calibrationJob')).calibrationJob,
  probe: async () => (await import('./calibrationJob')).probe(),
};
