import { Episode, extrasOf } from '../core/episode';
import { readingOf, type Reading } from '../core/readings';
import { err, ok, type Result } from '../core/result';
import type { Trace } from '../core/types';
import type { World } from '../core/world';

/**
 * The naive and full readings after every prefix of a trace (k = 0 … n calls),
 * replayed into one fresh session: a prefix is scored as the verifier would
 * score it then (provisional), and the whole trace with the stop it recorded.
 */
export async function readPrefixes(world: World, trace: Trace): Promise<Result<Reading[]>> {
  const task = world.makeTask(trace.task);
  if (!task.ok) return err(`the trace's task is not valid for ${world.id}: ${task.error}`);
  const episode = await Episode.open(world, task.value, trace.agent, { events: trace.events });
  try {
    const readings: Reading[] = [];
    for (let k = 0; ; k++) {
      if (k === trace.steps.length && trace.stop) episode.end(trace.stop);
      readings.push(readingOf(await episode.scorecard()));
      if (k === trace.steps.length) return ok(readings);
      const recorded = trace.steps[k]!;
      if (!(await episode.apply(recorded.call, extrasOf(recorded))))
        return err(`the replay stopped before step ${k + 1}: ${episode.stop?.detail ?? episode.stop?.reason ?? 'unknown'}`);
    }
  } finally {
    await episode.close();
  }
}
