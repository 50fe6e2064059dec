import { Episode, extrasOf } from '../core/episode';
import { hashString } from '../core/hash';
import { canonicalJson, isJsonObject } from '../core/json';
import { err, ok, type Result } from '../core/result';
import type { AgentInfo, Step, Trace } from '../core/types';
import type { World } from '../core/world';
import type { ReplayOptions } from './replay';

/**
 * Forking a recorded episode: its first `keep` calls are replayed into a fresh
 * session and checked against what was recorded, then the episode is handed to
 * whoever continues it (a person, a model, a reference agent, an outside agent).
 * A fork that would continue from a state the recording never had is refused.
 */

/** Where a fork came from, recorded as the new trace's `meta.parent`. */
export interface ForkParent {
  /** The parent trace's identity: a name (file, run id) and a hash of its content. */
  trace: string;
  hash: string;
  /** Steps kept from the parent: the fork continues from the state after this many. */
  step: number;
}

/** A short, stable fingerprint of a trace's content (not cryptographic: it names, it does not protect). */
export function traceHash(trace: Trace): string {
  const text = canonicalJson({ world: trace.world, task: trace.task, steps: trace.steps.map((s) => [s.call, s.result]) });
  return hashString(text).toString(16).padStart(8, '0');
}

const sameStep = (a: Step, b: Step) =>
  a.result.ok === b.result.ok &&
  a.result.content === b.result.content &&
  a.result.done === b.result.done &&
  canonicalJson(a.events) === canonicalJson(b.events);

/** `pause` is awaited after each kept call (the page hands its main thread back there; replay.ts `ReplayOptions`). */
export async function openFork(world: World, trace: Trace, keep: number, agent: AgentInfo, { pause }: ReplayOptions = {}): Promise<Result<Episode>> {
  if (trace.world !== world.id) return err(`the trace is of ${trace.world}, not ${world.id}`);
  if (!Number.isInteger(keep) || keep < 0 || keep > trace.steps.length)
    return err(`the step to continue from must be 0 to ${trace.steps.length} (the trace's steps), got ${keep}`);
  const task = world.makeTask(trace.task);
  if (!task.ok) return err(`the trace's task is not valid for ${world.id}: ${task.error}`);
  const episode = await Episode.open(world, task.value, agent);
  try {
    for (const recorded of trace.steps.slice(0, keep)) {
      // The kept steps keep what they recorded beside the call (durations, usage): rubrics read them.
      const step = await episode.apply(recorded.call, extrasOf(recorded));
      if (!step) return fail(episode, `the world failed while replaying step ${recorded.index + 1}: ${episode.stop?.detail ?? 'unknown error'}`);
      if (!sameStep(step, recorded))
        return fail(episode, `step ${recorded.index + 1} does not replay as recorded (the trace was edited or the world changed): nothing to fork from`);
      if (episode.stop && step.index < keep - 1) return fail(episode, `the replayed episode ended at step ${step.index + 1}, before step ${keep}`);
      if (pause) await pause();
    }
    if (episode.stop) return fail(episode, `the episode had ended after step ${keep} (${episode.stop.reason}): continue from an earlier step`);
    return ok(episode);
  } catch (e) {
    await episode.close();
    throw e;
  }
}

async function fail(episode: Episode, message: string): Promise<Result<Episode>> {
  await episode.close();
  return err(message);
}

/** A fork's parent as its trace records it (`meta.parent`), with where the parent is shown when the UI wrote it. */
export interface ForkLink extends ForkParent {
  href: string | null;
}

/** `meta.parent` read from a trace of any origin (free-form meta: checked, never cast); null when it is not a fork. */
export function parentOf(trace: Trace): ForkLink | null {
  const p = trace.meta?.parent;
  if (!isJsonObject(p) || typeof p.trace !== 'string' || typeof p.step !== 'number' || !Number.isInteger(p.step) || p.step < 0) return null;
  return { trace: p.trace, hash: typeof p.hash === 'string' ? p.hash : '', step: p.step, href: typeof p.href === 'string' ? p.href : null };
}
