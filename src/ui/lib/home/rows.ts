import { runEpisode } from '../../../core/episode';
import type { JsonObject } from '../../../core/json';
import type { Scorecard } from '../../../core/types';
import { findReferenceAgent, type World } from '../../../core/world';

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
  const ref = findReferenceAgent(world, agentId);
  if (!ref) throw new Error(`${world.id} has no agent ${agentId}`);
  const trace = await runEpisode(world, made.value, ref.create(made.value));
  return { world: world.id, agent: agentId, label: ref.label, task: made.value.spec, taskTitle: made.value.title, card: trace.scorecard! };
}

/**
 * fault-api on hostile seed 6: the seed where each solver shows its failure
 * (trusting loses data, stubborn collects it all and loses only to the 429s).
 */
export const FAULT_API_SHOWCASE = { profile: 'hostile', seed: 6 } as const;

const FAULT_API_AGENTS = ['trusting', 'stubborn', 'careful'];
const TICKET_QUEUE_AGENTS = ['oracle', 'empty', 'wrong-values', 'metric-gaming'];
/** The three tripwire gotchas on their showcase tasks. */
const TRIPWIRE_SHOWCASE: [agent: string, task: string][] = [
  ['the-peeker', 'top-refund-customer'],
  ['the-skipper', 'refund-a'],
  ['the-fabricator', 'refund-a'],
];

/** The three web-portal gotchas, each on the task it was written for. */
const WEB_PORTAL_SHOWCASE: [agent: string, task: string][] = [
  ['the-peeker', 'refund-status'],
  ['the-skipper', 'refund-a'],
  ['the-fabricator', 'refund-a'],
];

/** How many rows each world's table gets (for placeholders of the right size while they compute). */
export const HOME_ROW_COUNT = { 'fault-api': FAULT_API_AGENTS.length, 'ticket-queue': TICKET_QUEUE_AGENTS.length, tripwire: TRIPWIRE_SHOWCASE.length, 'web-portal': WEB_PORTAL_SHOWCASE.length } as const;

export function faultApiRows(world: World): Promise<HomeRow[]> {
  return Promise.all(FAULT_API_AGENTS.map((a) => row(world, FAULT_API_SHOWCASE, a)));
}

export function ticketQueueRows(world: World): Promise<HomeRow[]> {
  const spec = world.listTasks()[0]!.spec;
  return Promise.all(TICKET_QUEUE_AGENTS.map((a) => row(world, spec, a)));
}

export async function tripwireRows(world: World): Promise<HomeRow[]> {
  const rows: HomeRow[] = [];
  for (const [agent, id] of TRIPWIRE_SHOWCASE) rows.push(await row(world, { id }, agent));
  return rows;
}

export function webPortalRows(world: World): Promise<HomeRow[]> {
  return Promise.all(WEB_PORTAL_SHOWCASE.map(([agent, id]) => row(world, { id }, agent)));
}
