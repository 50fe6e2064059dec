import { checkWorld, operatorTable, type OperatorRow, type VariantResult } from '../../core/contract';
import { validateWorld, type ValidateReport } from '../../core/validate';
import type { World } from '../../core/world';

export interface WorldGate {
  oracle_min: number;
  sentinels: Record<string, number>;
  families: Record<string, number>;
  divergence: number;
  /** The contract's generated variants, one row per operator (empty for a world without a contract). */
  variants: OperatorRow[];
  pass: boolean;
}

export interface WorldReport extends ValidateReport {
  /** Variants that broke the contract: "task operator/label: problem". */
  variantFailures: string[];
}

const failureLine = (r: VariantResult) => `${r.task} ${r.operator}/${r.label}: ${r.problem}`;

export async function validateWorlds(worlds: readonly World[]): Promise<{ gates: Record<string, WorldGate>; reports: Record<string, WorldReport> }> {
  const gates: Record<string, WorldGate> = {};
  const reports: Record<string, WorldReport> = {};
  for (const w of worlds) {
    const r = await validateWorld(w, { sentinelCeiling: w.sentinelCeiling });
    const results = w.contract ? await checkWorld(w, w.contract) : [];
    const variantFailures = results.filter((v) => v.problem !== null).map(failureLine);
    if (!w.contract) variantFailures.push('no contract: the world states no rules and generates no variants');
    reports[w.id] = { ...r, variantFailures };
    const variants = w.contract ? operatorTable(w.contract, results) : [];
    gates[w.id] = {
      oracle_min: r.oracle_min,
      sentinels: r.sentinels,
      families: r.families,
      divergence: r.divergence,
      variants,
      pass: r.pass && variantFailures.length === 0,
    };
  }
  return { gates, reports };
}
