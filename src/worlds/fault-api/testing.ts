import { scriptedAgent } from '../../core/agent';
import { runEpisode } from '../../core/episode';
import type { Json, JsonObject } from '../../core/json';
import type { ToolCall, Trace } from '../../core/types';
import { plannedFetches } from './contract';
import { makeRecords } from './data';
import { faultsFor, type RequestFaults } from './faults';
import { faultApiWorld } from './index';
import { DEFAULTS, type FaultApiParams, type Profile } from './params';
import { taskFromParams } from './task';

export const params = (profile: Profile, seed: number): FaultApiParams => ({ profile, seed, ...DEFAULTS });

/** The first (seed, request index) at which `pick` holds, for tests that need a given fault. */
export function findFault(profile: Profile, pick: (f: RequestFaults) => boolean): { seed: number; index: number } {
  for (let seed = 1; seed < 500; seed++) for (let index = 0; index < 20; index++) if (pick(faultsFor(params(profile, seed), index))) return { seed, index };
  throw new Error('no such fault in the first 500 seeds');
}

/** careful's fetches on `p` then one submission of `rows`: a scripted run as the contract's variants build them. */
export function fetchesThen(p: FaultApiParams, ...submissions: Json[][]): ToolCall[] {
  const fetches = plannedFetches(p);
  if (!fetches) throw new Error('careful does not fit the quota');
  return [...fetches, ...submissions.map((records): ToolCall => ({ name: 'submit_records', arguments: { records } }))];
}

/** The scorecard of `calls` played on `p`. */
export async function play(p: FaultApiParams, calls: ToolCall[]): Promise<Trace> {
  return runEpisode(faultApiWorld, taskFromParams(p), scriptedAgent('test', calls));
}

/** Every record of `p`, as `{id, amount}` or whole. */
export const rowsOf = (p: FaultApiParams, whole = false): JsonObject[] => makeRecords(p).map((r) => (whole ? { ...r } : { id: r.id, amount: r.amount }));
