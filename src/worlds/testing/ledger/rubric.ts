import type { Json } from '../../../core/json';
import type { Rubric } from '../../../core/rubric';
import type { LedgerEvent, LedgerState } from './session';
import { totalOf } from './task';

/** A submitted total as a number: a number, or a text that is one number and nothing else. */
function numberOf(v: Json | null): number | null {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string' || v.trim() === '') return null;
  const n = Number(v.trim());
  return Number.isFinite(n) ? n : null;
}

/** Naive: the total is right. Full: and it was read off the ledger first (the observed gate). */
export const ledgerRubric: Rubric<LedgerState, LedgerEvent> = {
  layers: [
    {
      id: 'observed',
      label: 'observed',
      weight: 1,
      gate: true,
      score: ({ state }) =>
        state.reads > 0 ? { value: 1, reasons: [] } : { value: 0, reasons: ['the entries were never read'], caughtBy: 'gate: total never read (observed)' },
    },
    {
      id: 'total',
      label: 'total',
      weight: 1,
      score: ({ state }) => {
        const want = totalOf(state.entries);
        const got = numberOf(state.submitted);
        if (got === want) return { value: 1, reasons: [] };
        const said = state.submitted === null ? 'nothing submitted' : `submitted ${JSON.stringify(state.submitted)}`;
        return { value: 0, reasons: [`${said}; the entries sum to ${want}`], caughtBy: `total: ${said} (answer)` };
      },
    },
  ],
  naive: (_episode, layers) => layers.get('total')?.value ?? 0,
  compose: () => ({ factors: ['observed'], terms: [{ layer: 'total', weight: 1 }], naiveFrom: 'total', naiveCheck: 'the submitted total is the sum' }),
  caughtByOrder: ['observed', 'total'],
};
