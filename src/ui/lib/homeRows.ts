import { runEpisode } from '../../core/episode';
import type { JsonObject } from '../../core/json';
import type { Scorecard } from '../../core/types';
import type { World } from '../../core/world';

/** One row of the home table: a reference trajectory, both verdicts, and where it opens. */
export interface HomeRow {
  world: string;
  agent: string;
  label: string;
  task: JsonObject;
  taskTitle: string;
  card: Scorecard;
}

async function row(world: World, spec: JsonObject, agentId: string): Promise<HomeRow> {
  const made = world.makeTask(spec);
  if (!made.ok) throw new Error(made.error);
  const ref = world.referenceAgents.find((a) => a.id === agentId);
  if (!ref) throw new Error(`${world.id} has no agent ${agentId}`);
  const trace = await runEpisode(world, made.value, ref.create(made.value));
  return { world: world.id, agent: agentId, label: ref.label, task: made.value.spec, taskTitle: made.value.title, card: trace.scorecard! };
}

/**
 * fault-api on hostile seed 6: the seed where each solver shows its failure
 * (naive loses data, stubborn collects it all and loses only to the 429s).
 */
export const FAULT_API_SHOWCASE = { profile: 'hostile', seed: 6 } as const;

export function faultApiRows(world: World): Promise<HomeRow[]> {
  return Promise.all(['naive', 'stubborn', 'careful'].map((a) => row(world, FAULT_API_SHOWCASE, a)));
}

export function ticketQueueRows(world: World): Promise<HomeRow[]> {
  const spec = world.listTasks()[0]!.spec;
  return Promise.all(['oracle', 'empty', 'wrong-values', 'metric-gaming'].map((a) => row(world, spec, a)));
}

/** The three tripwire gotchas on their showcase tasks. */
export async function tripwireRows(world: World): Promise<HomeRow[]> {
  const showcase: [string, string][] = [
    ['the-peeker', 'top-refund-customer'],
    ['the-skipper', 'refund-a'],
    ['the-fabricator', 'refund-a'],
  ];
  const rows: HomeRow[] = [];
  for (const [agent, id] of showcase) rows.push(await row(world, { id }, agent));
  return rows;
}
