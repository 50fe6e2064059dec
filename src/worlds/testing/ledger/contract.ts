import type { OracleRun, Variant, WorldContract } from '../../../core/contract';
import type { ToolCall } from '../../../core/types';
import { ledgerTask } from './task';

const isRead = (c: ToolCall) => c.name === 'read_entries';
const submitted = (run: OracleRun) => {
  const at = run.calls.findIndex((c) => c.name === 'submit_total');
  const args = run.calls[at]?.arguments;
  const total = typeof args === 'object' && args !== null && !Array.isArray(args) ? args.total : undefined;
  return { at, total: typeof total === 'number' ? total : null };
};
const withTotal = (run: OracleRun, total: number | string): ToolCall[] => {
  const { at } = submitted(run);
  return run.calls.map((c, i) => (i === at ? { ...c, arguments: { total } } : c));
};

/** The ledger's contract: a tiny one, so the generic variant machinery has a world that is nothing but the contract. */
export const ledgerContract: WorldContract = {
  rules: {
    'end-state': 'The end state is the one submitted total: it is the sum of the entries, exactly; nothing else changes.',
    observed: 'The total counts only if the entries were read in this episode before it was submitted.',
    decisions: 'Reading more often changes nothing; the total follows what the read showed.',
  },
  operators: [
    {
      id: 'reread',
      kind: 'equivalent',
      description: 'the entries read again, one to four more times, before the total',
      apply: (run): Variant[] =>
        [1, 2, 3, 4].map((n) => ({ label: `${n} more`, calls: [...Array.from({ length: n }, () => run.calls.find(isRead)!), ...run.calls] })),
    },
    {
      id: 'total-as-text',
      kind: 'equivalent',
      description: 'the total sent as a text, padded, or with a decimal point',
      apply: (run): Variant[] => {
        const t = submitted(run).total;
        return t === null ? [] : [String(t), ` ${t} `, `${t}.0`].map((text) => ({ label: JSON.stringify(text), calls: withTotal(run, text) }));
      },
    },
    {
      id: 'unread',
      kind: 'breaking',
      rule: 'observed',
      caughtBy: '(observed)',
      description: 'the right total without reading the entries',
      apply: (run): Variant[] => [{ label: 'no read', calls: run.calls.filter((c) => !isRead(c)) }],
    },
    {
      id: 'wrong-total',
      kind: 'breaking',
      rule: 'end-state',
      caughtBy: '(answer)',
      description: 'the total off by one to three either way',
      apply: (run): Variant[] => {
        const t = submitted(run).total;
        return t === null ? [] : [-3, -2, -1, 1, 2, 3].map((d) => ({ label: `${d > 0 ? '+' : ''}${d}`, calls: withTotal(run, t + d) }));
      },
    },
  ],
  // Twelve seeds: seventeen variants each, over the two hundred the variant test asks of a world.
  tasks: () => Array.from({ length: 12 }, (_, i) => ledgerTask(i + 1)),
};
