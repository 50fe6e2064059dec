import { Episode, runOn } from '../../core/episode';
import type { JsonObject } from '../../core/json';
import type { AgentInfo, Trace } from '../../core/types';
import type { World } from '../../core/world';
import { openFork, traceHash } from '../../traces/fork';
import { pauseIfDue } from '../lib/timeSlice';

/**
 * Continuing a recorded episode from one of its steps: as a person (a new run),
 * as the configured model (handed to the model view), or as a reference agent
 * (run to the end and saved). The kept steps are replayed into a fresh session
 * and checked against the recording first (traces/fork.ts); the new trace names
 * its parent in `meta.parent`, which is how the library shows the lineage.
 */
export interface ForkOrigin {
  /** The parent's name: its library id where it has one (a saved run, an import), else what it is. */
  name: string;
  /** Where the parent is shown. */
  href: string;
  trace: Trace;
}

/** `meta.parent` of a fork: `{trace, hash, step}` as `vp play --from` writes it, and where the parent is shown. */
export function parentMeta(origin: ForkOrigin, step: number): JsonObject {
  return { trace: origin.name, hash: traceHash(origin.trace), step, href: origin.href };
}

/** The parent's first `step` calls replayed and verified, as an episode `agent` continues; throws with the reason it cannot. */
export async function openForkOf(world: World, origin: ForkOrigin, step: number, agent: AgentInfo): Promise<Episode> {
  // A fork from step 4,000 of a long trace replays 4,000 calls: in slices, the page answering between them.
  const fork = await openFork(world, origin.trace, step, agent, { pause: pauseIfDue });
  if (!fork.ok) throw new Error(fork.error);
  fork.value.annotate({ parent: parentMeta(origin, step) });
  return fork.value;
}

/** A reference agent plays the rest: the finished trace (its session closed). */
export async function continueAsReference(world: World, origin: ForkOrigin, step: number, agentId: string): Promise<Trace> {
  const ref = world.referenceAgents.find((a) => a.id === agentId);
  if (!ref) throw new Error(`${world.id} has no reference agent "${agentId}"`);
  const episode = await openForkOf(world, origin, step, { kind: 'scripted', name: ref.id });
  return runOn(episode, ref.create(episode.task));
}

/**
 * Forks offered to the model view, by id: the model is configured and started
 * there, and nothing is sent before Step or Run. Kept for this tab only (like a
 * model run before it ends): after a reload the view says to choose again.
 */
const offered = new Map<string, { origin: ForkOrigin; step: number }>();

export function offerFork(origin: ForkOrigin, step: number): string {
  const id = `fork-${offered.size + 1}-${traceHash(origin.trace)}-${step}`;
  offered.set(id, { origin, step });
  return id;
}

export function offeredFork(id: string): { origin: ForkOrigin; step: number } | undefined {
  return offered.get(id);
}
