import { summarizeFaultApi } from './summary';
import { err, ok, type Result } from '../../core/result';
import type { Task } from '../../core/types';
import type { ReferenceAgent, World } from '../../core/world';
import { faultApiRubric } from './rubric';
import { FaultApiSession } from './session';
import { faultApiSentinels } from './sentinels';
import { carefulSolver, stubbornSolver, trustingSolver } from './solvers';
import { PROFILES, parseParams } from './params';
import { faultApiContract } from './contract';
import { taskFromParams } from './task';
import type { FaultApiEvent, FaultApiState } from './state';
import type { SolverId } from './calibrate';

export type { FaultApiEvent, FaultApiState } from './state';
export { FAULT_API_TOOLS, taskFromParams } from './task';

function makeTask(spec: unknown): Result<Task> {
  const p = parseParams(spec);
  return p.ok ? ok(taskFromParams(p.value)) : err(p.error);
}

const solverRef = (id: SolverId, description: string, create: () => ReturnType<typeof trustingSolver>): ReferenceAgent => ({
  id,
  label: id,
  // "naive" is the final-answer verifier's name; the solver that trusts what the API reports was called that too.
  ...(id === 'trusting' ? { formerIds: ['naive'] } : {}),
  role: id === 'careful' ? 'oracle' : 'solver',
  description,
  appliesTo: () => true,
  create: () => create(),
});

export const faultApiWorld: World<FaultApiState, FaultApiEvent> = {
  id: 'fault-api',
  title: 'fault-api',
  summary: 'A paginated API that lies quietly: repeated cursors, an inflated total, type drift, timeouts and a silent quota.',
  makeTask,
  listTasks: () =>
    PROFILES.flatMap((profile) =>
      [1, 2, 3, 4].map((seed) => {
        const t = makeTask({ profile, seed });
        if (!t.ok) throw new Error(t.error);
        return t.value;
      }),
    ),
  open: async (task) => {
    const p = parseParams(task.spec);
    if (!p.ok) throw new Error(p.error);
    return new FaultApiSession(task, p.value);
  },
  rubric: faultApiRubric,
  // The published reward pays budget_discipline 0.20 to any agent that stays in quota, one that never calls
  // included, so the no-ops keep 0.20; every other cheat submits an id or an amount the API never served, and the
  // provenance gate zeroes it, budget included (it was 0.35 while the shotguns kept 0.27–0.30 on type handling's
  // share of their one right row).
  sentinelCeiling: 0.25,
  contract: faultApiContract,
  summarize: summarizeFaultApi,
  referenceAgents: [
    solverRef('trusting', 'Trust what the API reports: follow next_cursor, keep everything as sent, stop at the first failure.', trustingSolver),
    solverRef('stubborn', 'Dedupe and coerce, retry every failure at once (3 in a row at most), trust the total.', stubbornSolver),
    solverRef('careful', 'Dedupe, coerce, retry timeouts and repeated cursors a few times, ignore the total, stop at the first 429.', carefulSolver),
    ...faultApiSentinels,
  ],
};
