import { runEpisode } from '../../core/episode';
import { hash32 } from '../../core/hash';
import { HASH_VECTORS } from '../../core/hashVectors';
import { faultApiWorld, taskFromParams } from '../../worlds/fault-api/index';
import { DEFAULTS } from '../../worlds/fault-api/params';
import { webPortalProbe } from '../../worlds/web-portal/probe';

/**
 * What the diagnostics page computes, and the Node test computes too: hash
 * vectors and whole traces must match byte for byte across engines.
 */
export async function determinismProbe(): Promise<{ hashes: number[]; traces: Record<string, string> }> {
  const hashes = HASH_VECTORS.map(([seed, index, salt]) => hash32(seed, index, salt));
  const traces: Record<string, string> = {};
  for (const solver of faultApiWorld.referenceAgents) {
    const task = taskFromParams({ profile: 'hostile', seed: 7, ...DEFAULTS });
    traces[solver.id] = JSON.stringify(await runEpisode(faultApiWorld, task, solver.create(task)));
  }
  // Every web-portal reference agent on a read and a mutation task (keys `agent@task`).
  Object.assign(traces, await webPortalProbe());
  return { hashes, traces };
}
