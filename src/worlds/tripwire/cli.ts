import { oneTask, type WorldCli } from '../../cli/command';
import { CliError, table } from '../../cli/io';
import type { World } from '../../core/world';
import { benchFreshDb, benchObservationOverhead, benchSuite } from './bench';
import { gotchaTable, runSqlOnce } from './gotchas';
import { tripwireWorld } from './index';
import { createNodeHost } from './nodeHost';
import { createTripwireWorld } from './world';

let guarded: World | null = null;
/**
 * SQL from outside (`play`, `score`, `sql`, a suite) runs in worker threads
 * behind the watchdog, so a runaway query cannot hang the command; the
 * reference agents' own SQL runs in-process, ~50× faster (a worker per
 * episode costs ~100 ms to start).
 */
const guardedWorld = (): World => (guarded ??= createTripwireWorld({ host: createNodeHost() }));

async function bench(clock: () => number): Promise<Record<string, number>> {
  const fresh = await benchFreshDb(clock);
  const overhead = await benchObservationOverhead(clock);
  await benchSuite(clock);
  const suites: number[] = [];
  for (let i = 0; i < 3; i++) suites.push((await benchSuite(clock)).totalMs);
  suites.sort((a, b) => a - b);
  return {
    fresh_db_open_ms: fresh.openMs,
    fresh_db_build_ms: fresh.buildMs,
    observation_overhead_ratio: overhead.ratio,
    observation_overhead_uncached_ratio: overhead.coldRatio,
    suite_ms: suites[1]!,
  };
}

/** tripwire on the command line: `vp sql`, its gotcha table, its SQL behind the watchdog, its bench figures. */
export const tripwireCli: WorldCli = {
  world: tripwireWorld.id,
  commands: {
    sql: {
      usage: '  sql --task JSON --query SQL [--json]   tripwire: one batch on a fresh episode, with what the engine saw',
      options: ['task', 'query', 'json'],
      async run(args, io) {
        const query = args.value('query');
        if (query === undefined || query.trim() === '') throw new CliError('sql needs a non-empty --query "SELECT ..."');
        const world = guardedWorld();
        const task = oneTask('sql', world, args);
        const r = await runSqlOnce(task.spec, query, world);
        if (args.flag('json')) {
          io.out(JSON.stringify(r));
          return 0;
        }
        if (r.error) io.out(`error: ${r.error}`);
        if (r.columns.length)
          io.out(
            table(
              r.columns,
              r.rows.map((row) => (Array.isArray(row) ? row : [row]).map((c) => (typeof c === 'string' ? c : JSON.stringify(c)))),
            ),
          );
        for (const x of r.refused) io.out(`refused: ${x.reason}: ${x.statement}`);
        for (const t of r.trips) io.out(`trip: ${t.table}: ${t.detail}`);
        io.out(`read: ${JSON.stringify(r.read)}  written: ${JSON.stringify(r.written)}`);
        return 0;
      },
    },
  },
  guarded: guardedWorld,
  gotchaTable: (world) => gotchaTable(world),
  bench,
};
