import type { Trace } from '../../core/types';
import { episodeHref } from './episodeRoute';
import { navigate } from './navigate';
import { saveRun } from './storage';

/**
 * An imported unfinished trace played on by the person: a new run of this
 * browser with the trace's steps, saved before it opens (the episode view
 * restores runs from storage), the imported row left as it was.
 */
export async function resumeAsNewRun(trace: Trace, from: string): Promise<void> {
  const id = `run-${crypto.randomUUID()}`;
  const run: Trace = {
    ...trace,
    agent: { kind: 'human', name: 'human' },
    meta: { ...(trace.meta ?? {}), resumed_from: from, resumed_agent: trace.agent.model ?? trace.agent.name },
  };
  await saveRun({ id, trace: run, savedAt: Date.now(), finished: false });
  navigate(episodeHref({ world: trace.world, task: trace.task, agent: 'human', run: id }));
}
