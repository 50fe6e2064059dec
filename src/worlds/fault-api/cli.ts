import type { WorldCli } from '../../cli/command';
import { fmt, table } from '../../cli/io';
import { calibrateFaultApi, SOLVERS } from './calibrate';
import { faultsFor } from './faults';
import { faultApiWorld } from './index';
import { DEFAULTS, PROFILES } from './params';

/** Median wall time of `runs` runs after one warm-up. */
async function medianMs(clock: () => number, runs: number, fn: () => Promise<unknown> | unknown): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = clock();
    await fn();
    times.push(clock() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** Calibration's cost beside its floor: the same number of fault decisions with no session, agent or scoring around them. */
async function bench(clock: () => number): Promise<Record<string, number>> {
  const cal = await calibrateFaultApi(60);
  let requests = 0;
  for (const p of PROFILES) for (const s of SOLVERS) requests += cal[p][s].requests;
  const calibrationMs = await medianMs(clock, 5, () => calibrateFaultApi(60));
  const perProfile = Math.ceil(requests / PROFILES.length);
  let sink = 0;
  const bareMs = await medianMs(clock, 5, () => {
    for (const profile of PROFILES)
      for (let i = 0; i < perProfile; i++) {
        const f = faultsFor({ profile, seed: (i % 60) + 1, ...DEFAULTS }, i % 25);
        if (f.timeout) sink++;
      }
    return sink;
  });
  return {
    calibration_ms: calibrationMs,
    calibration_episodes: 60 * PROFILES.length * SOLVERS.length,
    requests,
    bare_fault_hash_loop_ms: bareMs,
    calibration_vs_bare_ratio: calibrationMs / Math.max(bareMs, 1e-6),
    requests_per_second: requests / (calibrationMs / 1000),
  };
}

/** fault-api on the command line: `vp calibrate` (its reference solvers per profile) and its bench figures. */
export const faultApiCli: WorldCli = {
  world: faultApiWorld.id,
  commands: {
    calibrate: {
      usage: '  calibrate [--seeds N] [--json]         fault-api reference solvers, mean reward per profile (N 1–1000, default 60)',
      options: ['seeds', 'json'],
      async run(args, io) {
        const seeds = args.int('seeds', 60);
        const cal = await calibrateFaultApi(seeds);
        if (args.flag('json')) {
          const out: Record<string, Record<string, number>> = {};
          for (const p of PROFILES) out[p] = Object.fromEntries(SOLVERS.map((s) => [s, cal[p][s].mean]));
          io.out(JSON.stringify({ [faultApiWorld.id]: out }));
        } else {
          io.out(`${faultApiWorld.id}: mean full reward over ${seeds} seeds`);
          io.out(
            table(
              ['profile', ...SOLVERS],
              PROFILES.map((p) => [p, ...SOLVERS.map((s) => fmt(cal[p][s].mean))]),
            ),
          );
        }
        return 0;
      },
    },
  },
  bench,
};
