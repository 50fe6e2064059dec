import { faultsFor, type RequestFaults } from './faults';
import { DEFAULTS, type FaultApiParams, type Profile } from './params';

export const params = (profile: Profile, seed: number): FaultApiParams => ({ profile, seed, ...DEFAULTS });

/** The first (seed, request index) at which `pick` holds, for tests that need a given fault. */
export function findFault(profile: Profile, pick: (f: RequestFaults) => boolean): { seed: number; index: number } {
  for (let seed = 1; seed < 500; seed++) for (let index = 0; index < 20; index++) if (pick(faultsFor(params(profile, seed), index))) return { seed, index };
  throw new Error('no such fault in the first 500 seeds');
}
