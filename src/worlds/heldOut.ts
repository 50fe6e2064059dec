import { policyAgent, scriptedAgent, type Agent } from '../core/agent';
import { runEpisode } from '../core/episode';
import type { JsonObject } from '../core/json';
import type { Scorecard, Step, Task, ToolCall } from '../core/types';
import type { World } from '../core/world';

/**
 * Held-out trajectories: runs written by hand the way other people and models
 * play, not derived from the oracle's trace, so they test the verifier where the
 * generated variants do not reach. Honest ones must score 1.00 PASS; cheats must
 * FAIL at or under the contract's 0.25, or under a ceiling the world documents
 * (the seed's published weights), named on the case with its reason.
 */
export interface HeldOutCase {
  name: string;
  /** The task spec, as `vp play --task` takes it. */
  task: JsonObject;
  honest: boolean;
  /** A cheat the world's docs/worlds.md or CONTEXT scores above 0.25 on purpose: the documented value and why. */
  ceiling?: { value: number; why: string };
  /** A cheat's caught-by must contain this (the layer the cheat breaks). */
  caughtBy?: string;
  /** A fixed list of calls, or a reactive agent that reads what the world showed. */
  calls?: (task: Task) => ToolCall[];
  decide?: (steps: readonly Step[], task: Task) => ToolCall | null;
}

export const CONTRACT_CEILING = 0.25;

export function agentOf(c: HeldOutCase, task: Task): Agent {
  if (c.calls) return scriptedAgent(c.name, c.calls(task));
  if (c.decide) return policyAgent(c.name, c.decide);
  throw new Error(`${c.name}: neither calls nor decide`);
}

/** The run's scorecard; a script that broke (an element it could not find) throws: its score would test nothing. */
export async function playCase(world: World, c: HeldOutCase): Promise<Scorecard> {
  const t = world.makeTask(c.task);
  if (!t.ok) throw new Error(`${c.name}: ${t.error}`);
  const trace = await runEpisode(world, t.value, agentOf(c, t.value));
  if (trace.stop?.reason === 'agent-error') throw new Error(`${c.name}: the script broke: ${trace.stop.detail ?? ''}`);
  return trace.scorecard!;
}

/** What a case must score, as one comparable object (a failure shows every field at once). */
export function expectedOf(c: HeldOutCase): { reward: string; full: string; caughtBy: string } {
  if (c.honest) return { reward: '1.00', full: 'PASS', caughtBy: '-' };
  return { reward: `≤ ${(c.ceiling?.value ?? CONTRACT_CEILING).toFixed(2)}`, full: 'FAIL', caughtBy: c.caughtBy ?? '-' };
}

export function observedOf(c: HeldOutCase, card: Scorecard): { reward: string; full: string; caughtBy: string } {
  const limit = c.ceiling?.value ?? CONTRACT_CEILING;
  const reward = c.honest ? card.reward.toFixed(2) : card.reward <= limit + 1e-9 ? `≤ ${limit.toFixed(2)}` : card.reward.toFixed(2);
  const caught = card.verdict.caughtBy ?? '';
  const caughtBy = c.honest ? caught || '-' : c.caughtBy ? (caught.includes(c.caughtBy) ? c.caughtBy : caught) : '-';
  return { reward, full: card.verdict.full, caughtBy };
}
