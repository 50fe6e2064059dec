import { runEpisode } from '../../core/episode';
import type { Scorecard, Trace, Verdict } from '../../core/types';
import type { World } from '../../core/world';
import { GOTCHAS } from './agents';
import { makeWebPortalTask } from './tasks';

export interface PortalGotchaRow {
  agent: string;
  task: string;
  description: string;
  naive: number;
  naiveVerdict: Verdict;
  reward: number;
  verdict: Verdict;
  caughtBy: string | null;
  scorecard: Scorecard;
  trace: Trace;
}

/** The three cheats on their showcase tasks, naive beside full: web-portal's money table (tripwire's has the same shape). */
export async function webPortalGotchaTable(world: World): Promise<PortalGotchaRow[]> {
  const rows: PortalGotchaRow[] = [];
  for (const g of GOTCHAS) {
    const task = makeWebPortalTask({ id: g.showcase });
    if (!task.ok) throw new Error(task.error);
    const ref = world.referenceAgents.find((a) => a.id === g.id)!;
    const trace = await runEpisode(world, task.value, ref.create(task.value));
    const card = trace.scorecard!;
    rows.push({
      agent: g.id,
      task: g.showcase,
      description: g.description,
      naive: card.naive,
      naiveVerdict: card.verdict.naive,
      reward: card.reward,
      verdict: card.verdict.full,
      caughtBy: card.verdict.caughtBy,
      scorecard: card,
      trace,
    });
  }
  return rows;
}
