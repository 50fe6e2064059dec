import { runEpisode } from '../../core/episode';
import { findReferenceAgent } from '../../core/world';
import { faultApiWorld, taskFromParams } from './index';
import { DEFAULTS, PROFILES, type Profile } from './params';

export const SOLVERS = ['trusting', 'stubborn', 'careful'] as const;
export type SolverId = (typeof SOLVERS)[number];

export interface CellResult {
  mean: number;
  /** Mean of each layer over the seeds. */
  layers: Record<string, number>;
  min: number;
  seedsWithTimeout: number;
  /** fetch_page requests made over all seeds. */
  requests: number;
}

export type Calibration = Record<Profile, Record<SolverId, CellResult>>;

/** Mean full reward per profile × solver over seeds 1..N at the default task size. */
export async function calibrateFaultApi(seeds = 60, onProgress?: (done: number, total: number) => void): Promise<Calibration> {
  const out = {} as Calibration;
  const total = PROFILES.length * SOLVERS.length * seeds;
  let done = 0;
  onProgress?.(0, total);
  for (const profile of PROFILES) {
    out[profile] = {} as Record<SolverId, CellResult>;
    for (const solver of SOLVERS) {
      const ref = findReferenceAgent(faultApiWorld, solver)!;
      let sum = 0;
      let min = 1;
      let withTimeout = 0;
      let requests = 0;
      const layerSums: Record<string, number> = {};
      for (let seed = 1; seed <= seeds; seed++) {
        const task = taskFromParams({ profile, seed, ...DEFAULTS });
        const trace = await runEpisode(faultApiWorld, task, ref.create(task));
        const card = trace.scorecard!;
        sum += card.reward;
        min = Math.min(min, card.reward);
        for (const l of card.layers) layerSums[l.id] = (layerSums[l.id] ?? 0) + l.value;
        requests += trace.steps.filter((s) => s.call.name === 'fetch_page').length;
        if (trace.steps.some((s) => s.events.some((e) => e.code === 'timeout'))) withTimeout++;
        onProgress?.(++done, total);
      }
      const layers: Record<string, number> = {};
      for (const [k, v] of Object.entries(layerSums)) layers[k] = v / seeds;
      out[profile][solver] = { mean: sum / seeds, layers, min, seedsWithTimeout: withTimeout, requests };
    }
  }
  return out;
}
