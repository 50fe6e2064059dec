import { createTripwireWorld, type TripwireWorld } from './world';

/** The world on the in-process host: Node CLI, tests, the offline gotchas. Browsers use createTripwireWorld({ host: createBrowserHost() }) from browserHost.ts. */
export const tripwireWorld: TripwireWorld = createTripwireWorld();

export type { TripwireWorld } from './world';
export { makeTripwireTask } from './tasks';
