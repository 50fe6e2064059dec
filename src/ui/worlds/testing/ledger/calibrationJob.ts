import { runEpisode } from '../../../../core/episode';
import { isJsonObject } from '../../../../core/json';
import { findReferenceAgent } from '../../../../core/world';
import { world } from '../../../../worlds/testing/ledger/index';
import type { CalibrationJob } from '../../types';

/** The ledger's own calibration: the oracle on seeds 1..`seeds`, its reward per seed. */
export const calibrationJob: CalibrationJob = async (params, progress) => {
  const seeds = isJsonObject(params) && typeof params.seeds === 'number' ? params.seeds : 10;
  const oracle = findReferenceAgent(world, 'oracle')!;
  const rewards: number[] = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const task = world.makeTask({ seed });
    if (!task.ok) throw new Error(task.error);
    rewards.push((await runEpisode(world, task.value, oracle.create(task.value))).scorecard!.reward);
    progress(seed, seeds);
  }
  return { rewards };
};

/** Every reference agent's whole trace on seed 1, for the diagnostics page's determinism check. */
export async function probe(): Promise<Record<string, string>> {
  const task = world.listTasks()[0]!;
  const traces: Record<string, string> = {};
  for (const agent of world.referenceAgents) traces[agent.id] = JSON.stringify(await runEpisode(world, task, agent.create(task)));
  return traces;
}
