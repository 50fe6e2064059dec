import { runEpisode } from '../../core/episode';
import { GOTCHAS } from './agents';
import { AccessChecker } from './access';
import { createInProcessHost, defaultSqlJs } from './host';
import { buildPristine, buildShadows } from './pristine';
import { DDL } from './schema';
import { TripwireSession } from './session';
import { READ_TASKS, TASK_DEFS, taskOf } from './tasks';
import { createTripwireWorld, type TripwireWorld } from './world';

/** Milliseconds from an injected clock (worlds never read one themselves). */
export type Clock = () => number;

const STATEMENTS = [
  'SELECT status, count(*) FROM orders GROUP BY status',
  'SELECT c.name, c.email FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.id = 1010',
  "SELECT * FROM customers WHERE tier = 'gold' ORDER BY name",
  'SELECT sum(amount_cents) FROM refunds',
];

/** (a) A fresh seeded database: built from scratch, and opened from the cached pristine bytes (what an episode pays). */
export async function benchFreshDb(clock: Clock, runs = 20): Promise<{ buildMs: number; openMs: number }> {
  const SQL = await defaultSqlJs();
  const host = createInProcessHost();
  const def = READ_TASKS[0]!;
  buildPristine(SQL, def);
  let t = clock();
  let bytes: Uint8Array = new Uint8Array();
  for (let i = 0; i < runs; i++) bytes = buildPristine(SQL, def).bytes;
  const buildMs = (clock() - t) / runs;
  t = clock();
  for (let i = 0; i < runs; i++) await (await host.open(bytes, { seed: def.seed, watchdogMs: null })).close();
  return { buildMs, openMs: (clock() - t) / runs };
}

/**
 * (b) One observed run_sql statement against the same statement on plain sql.js
 * (prepare, step, free) over the same data. `warm` is the steady state (verdict cached
 * per statement text and task mode); `cold` recompiles and EXPLAINs every time. With
 * `shadows` (as every episode runs), each read of the data also runs on the shadows.
 */
export async function benchObservationOverhead(
  clock: Clock,
  iterations = 300,
  shadows = true,
): Promise<{ plainMs: number; observedMs: number; ratio: number; coldMs: number; coldRatio: number }> {
  const SQL = await defaultSqlJs();
  const def = READ_TASKS[1]!;
  const pristine = buildPristine(SQL, def);
  const plain = new SQL.Database(pristine.bytes);
  const host = createInProcessHost();
  const checker = new AccessChecker(SQL, DDL);
  const session = await TripwireSession.open(taskOf(def), def, {
    host,
    checker,
    pristine,
    watchdogMs: null,
    ...(shadows ? { shadows: buildShadows(SQL) } : {}),
  });
  const time = async (f: (q: string, i: number) => unknown) => {
    const t = clock();
    for (let i = 0; i < iterations; i++) for (const q of STATEMENTS) await f(q, i);
    return (clock() - t) / (iterations * STATEMENTS.length);
  };
  try {
    await time((q) => session.runSql(q));
    const plainMs = await time((q) => {
      const st = plain.prepare(q);
      while (st.step()) st.get();
      st.free();
    });
    const observedMs = await time((q) => session.runSql(q));
    // A trailing comment makes every text new to the cache without changing the program.
    const coldMs = await time((q, i) => session.runSql(`${q} -- ${i}`));
    return { plainMs, observedMs, ratio: observedMs / plainMs, coldMs, coldRatio: coldMs / plainMs };
  } finally {
    plain.close();
    checker.close();
    await session.close();
  }
}

/** (c) Every task's oracle plus the three gotchas, end to end, on a fresh in-process world. */
export async function benchSuite(
  clock: Clock,
  world: TripwireWorld = createTripwireWorld(),
): Promise<{ episodes: number; totalMs: number; perEpisodeMs: number }> {
  const t = clock();
  let episodes = 0;
  const oracle = world.referenceAgents.find((a) => a.id === 'oracle')!;
  for (const def of TASK_DEFS) {
    const task = taskOf(def);
    await runEpisode(world, task, oracle.create(task));
    episodes++;
  }
  for (const g of GOTCHAS) {
    const task = taskOf(TASK_DEFS.find((d) => d.id === g.showcase)!);
    await runEpisode(world, task, world.referenceAgents.find((a) => a.id === g.id)!.create(task));
    episodes++;
  }
  const totalMs = clock() - t;
  return { episodes, totalMs, perEpisodeMs: totalMs / episodes };
}
