import { scriptedAgent } from '../../../core/agent';
import type { Task, ToolCall } from '../../../core/types';
import type { ReferenceAgent, ReferenceRole, SentinelFamily } from '../../../core/world';
import { entriesOf, totalOf } from './task';

const READ: ToolCall = { name: 'read_entries', arguments: {} };
const submit = (total: number | string): ToolCall => ({ name: 'submit_total', arguments: { total } });
const sum = (task: Task) => totalOf(entriesOf(task.seed));

const ref = (id: string, role: ReferenceRole, description: string, calls: (task: Task) => ToolCall[], family?: SentinelFamily): ReferenceAgent => ({
  id,
  label: id,
  role,
  description,
  ...(family ? { family } : {}),
  appliesTo: () => true,
  create: (task) => scriptedAgent(id, calls(task)),
});

export const LEDGER_AGENTS: ReferenceAgent[] = [
  ref('oracle', 'oracle', 'Reads the entries, submits their sum.', (t) => [READ, submit(sum(t))]),
  ref('blind-total', 'sentinel', 'Submits the right sum without reading the ledger.', (t) => [submit(sum(t))], 'fabricated-data'),
  ref('off-by-one', 'sentinel', 'Reads the entries, submits the sum plus one.', (t) => [READ, submit(sum(t) + 1)], 'wrong-values'),
  ref('shotgun', 'sentinel', 'Reads the entries, submits three totals at once.', (t) => [READ, submit(`${sum(t) - 1}, ${sum(t)}, ${sum(t) + 1}`)], 'shotgun'),
  ref('no-op', 'sentinel', 'Reads the entries and submits nothing.', () => [READ], 'no-op'),
];
