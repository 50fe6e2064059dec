import { performance } from 'node:perf_hooks';
import { calibrateFaultApi, SOLVERS } from '../../worlds/fault-api/calibrate';
import { faultsFor } from '../../worlds/fault-api/faults';
import { DEFAULTS, PROFILES } from '../../worlds/fault-api/params';
import { benchFreshDb, benchObservationOverhead, benchSuite } from '../../worlds/tripwire';

/** Median wall time of `runs` runs after one warm-up. */
async function medianMs(runs: number, fn: () => Promise<unknown> | unknown): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export async function runBench(): Promise<Record<string, number | string>> {
  const cal = await calibrateFaultApi(60);
  let requests = 0;
  for (const p of PROFILES) for (const s of SOLVERS) requests += cal[p][s].requests;
  const calibrationMs = await medianMs(5, () => calibrateFaultApi(60));
  // The floor: the same number of fault decisions, with no session, agent or scoring around them.
  const perProfile = Math.ceil(requests / PROFILES.length);
  let sink = 0;
  const bareMs = await medianMs(5, () => {
    for (const profile of PROFILES)
      for (let i = 0; i < perProfile; i++) {
        const f = faultsFor({ profile, seed: (i % 60) + 1, ...DEFAULTS }, i % 25);
        if (f.timeout) sink++;
      }
    return sink;
  });
  const clock = () => performance.now();
  const fresh = await benchFreshDb(clock);
  const overhead = await benchObservationOverhead(clock);
  await benchSuite(clock);
  const suites: number[] = [];
  for (let i = 0; i < 3; i++) suites.push((await benchSuite(clock)).totalMs);
  suites.sort((a, b) => a - b);
  return {
    'tripwire.fresh_db_open_ms': fresh.openMs,
    'tripwire.fresh_db_build_ms': fresh.buildMs,
    'tripwire.observation_overhead_ratio': overhead.ratio,
    'tripwire.observation_overhead_uncached_ratio': overhead.coldRatio,
    'tripwire.suite_ms': suites[1]!,
    'fault-api.calibration_ms': calibrationMs,
    'fault-api.calibration_episodes': 60 * PROFILES.length * SOLVERS.length,
    'fault-api.requests': requests,
    'fault-api.bare_fault_hash_loop_ms': bareMs,
    'fault-api.calibration_vs_bare_ratio': calibrationMs / Math.max(bareMs, 1e-6),
    'fault-api.requests_per_second': requests / (calibrationMs / 1000),
  };
}
