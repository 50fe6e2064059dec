import { clip, genericSummary } from '../../../core/stepSummary';
import type { World } from '../../../core/world';
import { LEDGER_AGENTS } from './agents';
import { ledgerContract } from './contract';
import { ledgerRubric } from './rubric';
import { LedgerSession, type LedgerEvent, type LedgerState } from './session';
import { LEDGER_ID, ledgerTask, makeLedgerTask } from './task';

/**
 * A test-only world: sum a small ledger. It exists to prove that a world is its
 * folder — it comes in through the registries' test hook alone
 * (`testing/register.ts`) and runs through the contract, variant and CLI tests
 * like the shipped worlds, with no file outside this folder naming it.
 */
export const world: World<LedgerState, LedgerEvent> = {
  id: LEDGER_ID,
  title: 'test ledger',
  summary: 'A test-only world: read a small ledger and submit the sum of its amounts.',
  makeTask: makeLedgerTask,
  listTasks: () => [1, 2, 3].map(ledgerTask),
  open: async (task) => new LedgerSession(task),
  rubric: ledgerRubric,
  referenceAgents: LEDGER_AGENTS,
  sentinelCeiling: 0.1,
  contract: ledgerContract,
  summarize: (step) => (step.call.name === 'read_entries' && step.result.ok ? clip(`read: ${step.result.content}`) : genericSummary(step)),
  describeState: (state) => ({ reads: state.reads }),
};
