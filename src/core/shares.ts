import { formulaOf, printedShares } from './composition';
import type { LayerScore, Scorecard } from './types';

/** How a layer entered the full reward, as every screen and the CLI print it. */
export type ShareRole = 'adds' | 'multiplies' | 'multiplies and adds' | 'not counted' | 'unknown';

export interface ShareRow {
  layer: LayerScore;
  role: ShareRole;
  /** Its weight in the sum, for a term. */
  weight: number | null;
  /** What it adds to the printed total, printed; the rows' adds sum to `total`. */
  adds: string | null;
  /** Why a layer is not counted. */
  why: string | null;
}

export interface Shares {
  /** The full reward as printed. */
  total: string;
  /** "L3 policy gate × L0 final answer"; null for a card recorded without its composition. */
  formula: string | null;
  rows: ShareRow[];
}

/**
 * A scorecard's layers with what each adds, from the composition the verifier
 * used. A card without one (recorded by an older build, the rubric since
 * changed) says so: its layers are listed with role 'unknown' and no shares.
 */
export function sharesOf(card: Scorecard, digits = 2): Shares {
  const c = card.composition;
  if (!c)
    return {
      total: card.reward.toFixed(digits),
      formula: null,
      rows: card.layers.map((layer) => ({ layer, role: 'unknown', weight: null, adds: null, why: null })),
    };
  const printed = printedShares(c, card.reward, digits);
  const label = (id: string) => card.layers.find((l) => l.id === id)?.label ?? id;
  const rows = card.layers.map((layer): ShareRow => {
    const term = c.terms.find((t) => t.layer === layer.id);
    const factor = c.factors.includes(layer.id);
    const unused = c.unused.find((u) => u.layer === layer.id);
    const adds = term ? (printed.adds.get(layer.id) ?? null) : null;
    if (term && factor) return { layer, role: 'multiplies and adds', weight: term.weight, adds, why: null };
    if (term) return { layer, role: 'adds', weight: term.weight, adds, why: null };
    if (factor) return { layer, role: 'multiplies', weight: null, adds: null, why: null };
    return { layer, role: 'not counted', weight: null, adds: null, why: unused?.why ?? 'not counted' };
  });
  return { total: printed.total, formula: formulaOf(c, label), rows };
}

/** A row's part in words: "adds 0.40 (weight 0.40)", "multiplies × 1.00", "not counted: …". */
export function shareText(row: ShareRow): string {
  const v = row.layer.value.toFixed(2);
  switch (row.role) {
    case 'adds':
      return `adds ${row.adds} (weight ${row.weight!.toFixed(2)})`;
    case 'multiplies':
      return `multiplies × ${v}`;
    case 'multiplies and adds':
      return `multiplies × ${v} and carries ${row.weight!.toFixed(3)}: adds ${row.adds}`;
    case 'not counted':
      return `not counted: ${row.why}`;
    case 'unknown':
      return row.layer.gate ? 'gate' : `weight ${row.layer.weight.toFixed(2)}`;
  }
}
