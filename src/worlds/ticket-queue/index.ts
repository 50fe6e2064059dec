import { summarizeTicketQueue } from './summary';
import { err, ok, type Result } from '../../core/result';
import type { Task } from '../../core/types';
import type { World } from '../../core/world';
import { ticketQueueAgents } from './agents';
import { ticketQueueRubric } from './rubric';
import { TicketQueueSession } from './session';
import type { TicketQueueEvent, TicketQueueState } from './state';
import { parseSpec, setupOf, WORLD_ID } from './spec';
import { ticketQueueContract } from './contract';
import { taskFromParams } from './task';
import { TASK_DEFS } from './tasks';

export type { TicketQueueEvent, TicketQueueState } from './state';

function makeTask(spec: unknown): Result<Task> {
  const p = parseSpec(spec);
  return p.ok ? ok(taskFromParams(p.value)) : err(p.error);
}

export const ticketQueueWorld: World<TicketQueueState, TicketQueueEvent> = {
  id: WORLD_ID,
  title: 'ticket-queue',
  summary: 'A small synthetic support queue: write the structured notes and statuses a task asks for, and nothing a policy forbids.',
  makeTask,
  listTasks: () => TASK_DEFS.map((def) => taskFromParams({ def, seed: def.defaultSeed })),
  open: async (task) => {
    const { board, gold } = setupOf(task.spec);
    return new TicketQueueSession(task, board, gold);
  },
  rubric: ticketQueueRubric,
  // Full reward is gates × recall × precision; the end-state gate holds any run whose end state is not the gold
  // one to 0.25 × the share of records right. Only hedged-records (≤ 0.13) and blanket-status on
  // security-handoff (≤ 0.02) score above 0.
  sentinelCeiling: 0.25,
  contract: ticketQueueContract,
  summarize: summarizeTicketQueue,
  referenceAgents: ticketQueueAgents,
  describeState: (state) => ({ writes: state.writes.length, notes: state.records.reduce((n, r) => n + r.notes.length, 0) }),
};
