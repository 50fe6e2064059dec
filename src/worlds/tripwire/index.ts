import { createTripwireWorld, type TripwireWorld } from './world';

/** The world on the in-process host: Node CLI, tests, the offline gotchas. Browsers use createTripwireWorld({ host: createBrowserHost() }) from browserHost.ts. */
export const tripwireWorld: TripwireWorld = createTripwireWorld();

export { createTripwireWorld, DEFAULT_WATCHDOG_MS, type TripwireWorld, type TripwireWorldOptions } from './world';
export { createInProcessHost, SqlTimeoutError, SqlCrashError, type SqlHost, type RawDb } from './host';
export { tripwireRubric } from './rubric';
export type { TripwireEvent, TripwireState, AccessEvent, WriteEvent, TripEvent, RefusalEvent, LimitEvent, RowDiff, AuditRow } from './state';
export { TASK_DEFS, READ_TASKS, MUTATION_TASKS, makeTripwireTask } from './tasks';
export { gotchaTable, runSqlOnce, type GotchaRow, type SqlOnceResult } from './gotchas';
export { benchFreshDb, benchObservationOverhead, benchSuite } from './bench';
