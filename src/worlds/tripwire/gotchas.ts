import type { Json, JsonObject } from '../../core/json';
import type { Task } from '../../core/types';
import type { World } from '../../core/world';
import { gotchaRows, type GotchaRow } from '../gotchaTable';
import { GOTCHAS } from './agents';
import { makeTripwireTask } from './tasks';
import { createTripwireWorld } from './world';

let fallback: World | null = null;
const defaultWorld = () => (fallback ??= createTripwireWorld());

function taskFor(spec: unknown): Task {
  const t = makeTripwireTask(spec);
  if (!t.ok) throw new Error(t.error);
  return t.value;
}

export type { GotchaRow } from '../gotchaTable';

/** The money table: each gotcha on its showcase task, scored by the naive and the full verifier. */
export function gotchaTable(world: World = defaultWorld()): Promise<GotchaRow[]> {
  return gotchaRows(world, GOTCHAS, (id) => taskFor({ id }));
}

export interface SqlOnceResult {
  ok: boolean;
  columns: string[];
  rows: Json[];
  error: string | null;
  refused: { statement: string; reason: string }[];
  trips: { table: string; detail: string }[];
  read: Record<string, string[]>;
  written: Record<string, number[]>;
}

/** One batch on a fresh episode of a task, reported for the `sql` CLI command. */
export async function runSqlOnce(taskSpec: unknown, query: string, world: World = defaultWorld()): Promise<SqlOnceResult> {
  const task = taskFor(taskSpec);
  const session = await world.open(task);
  try {
    const step = await session.call({ name: 'run_sql', arguments: { query } });
    const body = JSON.parse(step.content) as JsonObject;
    const last = (Array.isArray(body.results) ? body.results[body.results.length - 1] : body) as JsonObject | undefined;
    const read: Record<string, Set<string>> = {};
    const written: Record<string, Set<number>> = {};
    const out: SqlOnceResult = { ok: step.ok, columns: [], rows: [], error: null, refused: [], trips: [], read: {}, written: {} };
    if (last && Array.isArray(last.columns)) out.columns = last.columns.map(String);
    if (last && Array.isArray(last.rows)) out.rows = last.rows;
    if (!step.ok) out.error = typeof body.message === 'string' ? body.message : String(body.error);
    for (const e of step.events) {
      const d = e.data ?? {};
      if (e.kind === 'refused') out.refused.push({ statement: String(d.sql ?? ''), reason: e.code });
      if (e.kind === 'trip') out.trips.push({ table: String(d.table), detail: e.message });
      if (e.kind === 'access' && d.tables && typeof d.tables === 'object' && !Array.isArray(d.tables))
        for (const [t, cols] of Object.entries(d.tables)) {
          const set = (read[t] ??= new Set());
          for (const c of Array.isArray(cols) ? cols : []) set.add(String(c));
        }
      if (e.kind === 'write')
        for (const k of ['inserted', 'updated', 'deleted'])
          for (const id of Array.isArray(d[k]) ? d[k] : []) (written[String(d.table)] ??= new Set()).add(Number(id));
    }
    for (const [t, cols] of Object.entries(read)) out.read[t] = [...cols].sort();
    for (const [t, ids] of Object.entries(written)) out.written[t] = [...ids].sort((a, b) => a - b);
    return out;
  } finally {
    await session.close();
  }
}
