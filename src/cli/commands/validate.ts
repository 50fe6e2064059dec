import { validateWorld, type ValidateReport } from '../../core/validate';
import type { World } from '../../core/world';
import { sentinelCeiling } from '../../worlds/gates';

export interface WorldGate {
  oracle_min: number;
  sentinels: Record<string, number>;
  families: Record<string, number>;
  divergence: number;
  pass: boolean;
}

export async function validateWorlds(worlds: readonly World[]): Promise<{ gates: Record<string, WorldGate>; reports: Record<string, ValidateReport> }> {
  const gates: Record<string, WorldGate> = {};
  const reports: Record<string, ValidateReport> = {};
  for (const w of worlds) {
    const r = await validateWorld(w, { sentinelCeiling: sentinelCeiling(w.id) });
    reports[w.id] = r;
    gates[w.id] = { oracle_min: r.oracle_min, sentinels: r.sentinels, families: r.families, divergence: r.divergence, pass: r.pass };
  }
  return { gates, reports };
}
