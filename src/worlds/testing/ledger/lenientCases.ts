import { call, type LenientCases } from '../../lenientCases';
import { LEDGER_ID } from './task';

/** The lenient reading's examples for the ledger (`lenient.test.ts` runs them). */
export const lenientCases: LenientCases = {
  world: LEDGER_ID,
  spec: { seed: 1 },
  variants: [
    ['mcp prefix', call('mcp__ledger__read_entries', {}), call('read_entries', {}), 'mcp__ledger__read_entries → read_entries'],
    ['alias', call('get_entries', {}), call('read_entries', {}), 'get_entries → read_entries'],
    ['JSON-string arguments', call('read_entries', '{}'), call('read_entries', {}), 'arguments read from a JSON string'],
    ['alias and synonym', call('submit', { answer: 7 }), call('submit_total', { total: 7 }), 'submit → submit_total; argument answer → total'],
  ],
  unknown: call('delete_entry', {}),
  tools: 'read_entries and submit_total',
  conflict: [call('submit_total', { total: 1, answer: 2 }), 'submit_total: the arguments "total" and "answer" both mean "total"; send it once'],
};
