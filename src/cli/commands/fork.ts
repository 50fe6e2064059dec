import { basename } from 'node:path';
import { canonicalJson, tryParseJson } from '../../core/json';
import type { Episode } from '../../core/episode';
import type { Task } from '../../core/types';
import type { World } from '../../core/world';
import { openFork, traceHash, type ForkParent } from '../../traces/fork';
import { readTrace } from '../../traces/native';
import { CliError, readTextFile } from '../io';

/**
 * `play --from TRACE --step K`: the trace's first K steps replayed and checked in
 * a fresh episode, which the agent on stdin then continues. `task`, when given,
 * must name the trace's task.
 */
export async function openForkFromFile(world: World, file: string, keep: number, task: Task | null): Promise<{ episode: Episode; parent: ForkParent }> {
  const parsed = tryParseJson(readTextFile(file));
  if (!parsed.ok) throw new CliError(`${file} is not a JSON trace: ${parsed.error}`);
  const trace = readTrace(parsed.value);
  if (!trace.ok) throw new CliError(`${file}: ${trace.error}`);
  if (trace.value.world !== world.id) throw new CliError(`${file} is a ${trace.value.world} trace, not ${world.id}`);
  if (task !== null) {
    const own = world.makeTask(trace.value.task);
    if (!own.ok || canonicalJson(own.value.spec) !== canonicalJson(task.spec))
      throw new CliError(`--task names another task than the trace's (${JSON.stringify(trace.value.task)}); leave --task out to continue the trace's own`);
  }
  const fork = await openFork(world, trace.value, keep, { kind: 'scripted', name: 'stdio' });
  if (!fork.ok) throw new CliError(`cannot continue ${file} from step ${keep}: ${fork.error}`);
  return { episode: fork.value, parent: { trace: basename(file), hash: traceHash(trace.value), step: keep } };
}
