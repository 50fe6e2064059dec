import { runEpisode } from '../../../core/episode';
import { faultApiWorld, taskFromParams } from '../../../worlds/fault-api/index';
import { DEFAULTS } from '../../../worlds/fault-api/params';

/** Every solver's whole trace on hostile seed 7, keyed by solver. */
export async function probe(): Promise<Record<string, string>> {
  const traces: Record<string, string> = {};
  for (const solver of faultApiWorld.referenceAgents) {
    const task = taskFromParams({ profile: 'hostile', seed: 7, ...DEFAULTS });
    traces[solver.id] = JSON.stringify(await runEpisode(faultApiWorld, task, solver.create(task)));
  }
  return traces;
}
