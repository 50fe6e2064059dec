import { runEpisode } from '../../core/episode';
import { webPortalWorld } from './index';

/**
 * What a determinism check compares across engines (Node here; Chromium once the
 * UI shows this world): every reference agent's whole trace on one read and one
 * mutation task, as the exact JSON text.
 */
export async function webPortalProbe(): Promise<Record<string, string>> {
  const traces: Record<string, string> = {};
  for (const id of ['refund-status', 'refund-declined']) {
    const task = webPortalWorld.makeTask({ id });
    if (!task.ok) throw new Error(task.error);
    for (const ref of webPortalWorld.referenceAgents.filter((a) => a.appliesTo(task.value)))
      traces[`${ref.id}@${id}`] = JSON.stringify(await runEpisode(webPortalWorld, task.value, ref.create(task.value)));
  }
  return traces;
}
