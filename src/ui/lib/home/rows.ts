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

/** A reference agent on one task of a world, as its home table shows it (a world's showcase is a list of these). */
export async function showcaseRow(world: World, spec: JsonObject, agentId: string): Promise<HomeRow> {
  const made = world.makeTask(spec);
  if (!made.ok) throw new Error(made.error);
  const ref = findReferenceAgent(world, agentId);
  if (!ref) throw new Error(`${world.id} has no agent ${agentId}`);
  const trace = await runEpisode(world, made.value, ref.create(made.value));
  return { world: world.id, agent: agentId, label: ref.label, task: made.value.spec, taskTitle: made.value.title, card: trace.scorecard! };
}

/** Rows one after another (a world whose episodes share one engine, as SQLite does, runs them in turn). */
export async function showcaseRowsInTurn(world: World, picks: readonly (readonly [agent: string, spec: JsonObject])[]): Promise<HomeRow[]> {
  const rows: HomeRow[] = [];
  for (const [agent, spec] of picks) rows.push(await showcaseRow(world, spec, agent));
  return rows;
}
