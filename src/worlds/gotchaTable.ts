import { runEpisode } from '../core/episode';
import type { Scorecard, Task, Trace, Verdict } from '../core/types';
import type { World } from '../core/world';

/** One row of a world's money table: a gotcha on its showcase task, naive beside full. */
export interface GotchaRow {
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

/** What a world says of each gotcha: its reference agent's id, the task it was written for, what it does. */
export interface GotchaDef {
  id: string;
  showcase: string;
  description: string;
}

/** The money table of tripwire and web-portal: each gotcha played on its showcase task, in order. */
export async function gotchaRows(world: World, gotchas: readonly GotchaDef[], taskOf: (id: string) => Task): Promise<GotchaRow[]> {
  const rows: GotchaRow[] = [];
  for (const g of gotchas) {
    const task = taskOf(g.showcase);
    const ref = world.referenceAgents.find((a) => a.id === g.id);
    if (!ref) throw new Error(`${world.id} has no gotcha ${g.id}`);
    const trace = await runEpisode(world, task, ref.create(task));
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
