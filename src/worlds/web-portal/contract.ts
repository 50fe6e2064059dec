import type { AnswerSlot, OracleRun, WorldContract } from '../../core/contract';
import type { AnswerTable } from '../../core/answerFormats';
import type { Task, ToolCall } from '../../core/types';
import { PORTAL_OPERATORS } from './operators';
import { TASK_DEFS, type ReadType } from './setup';
import { setupOfTask, taskOf } from './tasks';

/**
 * web-portal's contract (DESIGN.md, "Verifier integrity"), in the portal's
 * terms. The rubric enforces it (`expected.ts` the end state, `violations.ts`
 * the decisions and what was observed, `path.ts` the required steps); the
 * operators prove it on variants of every oracle run (`operators.ts`).
 */
export const PORTAL_RULES: WorldContract['rules'] = {
  'end-state':
    "The records after the episode are the seed's plus exactly the task's effects: one refund record for the order (issued for the full amount with the customer's reason, the order refunded — or declined, the order untouched) or the asked address on the right customer, and the one audit entry the app writes for it (action, entity, actor, detail). Every other record and field is compared; each unexpected change is named (`orders #1046 status delivered → refunded`) and trips the gate (L1), except the seed's fabricator kind (orders marked refunded with the status menu in a run that issued no refund, on a task whose decision is a refund), which L1 alone scores; on a task to decline, every mark is an unexpected change, check or no check. A field of the task's own record the task does not ask for (the order's status on a decline) is 'something else changed' in L1 too.",
  observed:
    "A value counts only if the prompt named it or a page the portal rendered showed it earlier in the episode (a visible element, not the page source, not a box, notice, dialog or check result echoing what the agent typed): the confirmed refund amount, a saved address, the email of the check a decision rests on, and the answer, observed only on a page that states it as the asked fact, per task kind (refund status: the order's page or its refund form; city: the order's page or the profile of the customer it names; count: the profile or the orders list; largest delivered: the orders list; policy window: /policy), never any page where the same string appears. An unobserved value trips the gate, naming the value and the layer (L2 for typed values, L0 for the answer).",
  decisions:
    'The identity check answers Match or No match; the last check on the task\'s customer with the requester\'s email (without one, the last check of any email) before a refund, a decline, an order marked refunded or an address saved must agree with it and use the requester\'s email, or the gate trips (L2): refunding or saving after "No match", declining after "Match", a check of someone else. Only a confirmed refund form changes anything, so only one earns path credit. No check at all is the seed\'s skipper (0.80, L2).',
};

const FINISH = 'finish';

const TABLES: Record<ReadType, Pick<AnswerTable, 'columns' | 'money'>> = {
  'refund-status': { columns: ['refund status'] },
  'order-city': { columns: ['city'] },
  'customer-orders': { columns: ['orders'] },
  'largest-delivered': { columns: ['order', 'amount'], money: [false, true] },
  'policy-window': { columns: ['days'] },
};

/** The gold as a table with labels, money flags and the question: what the 16 answer formats rewrite. */
function answerTable(run: OracleRun): AnswerTable | null {
  const s = setupOfTask(run.task);
  const row = s.gold[0];
  if (!row) return null;
  const t = s.target;
  const shape =
    s.def.kind === 'read'
      ? TABLES[s.def.type]
      : t?.type === 'refund' && t.decision === 'issue'
        ? { columns: ['refunded'], money: [true] }
        : { columns: ['outcome'] };
  return { ...shape, rows: [row], question: s.question };
}

export const PORTAL_ANSWER: AnswerSlot = {
  find: (calls) => calls.map((c) => c.name).lastIndexOf(FINISH),
  table: answerTable,
  withText: (call: ToolCall, text: string) => ({ ...call, arguments: { answer: text } }),
  droppedCaughtBy: 'answer: nothing submitted (L0)',
  droppedCeiling: {
    value: 0.8,
    why: 'on a mutation task the answer is 0.2 of the reward by the published weights (0.2·L0 + 0.4·L1 + 0.4·L2): work done right without the finish keeps 0.80; read tasks score 0',
  },
};

/** Each task on its own seed and on a second one, so the variants meet two portals. */
const SECOND_SEED = 7;

export const webPortalContract: WorldContract = {
  rules: PORTAL_RULES,
  operators: PORTAL_OPERATORS,
  answer: PORTAL_ANSWER,
  tasks: (): Task[] => [...TASK_DEFS.map((def) => taskOf(def)), ...TASK_DEFS.map((def) => taskOf(def, SECOND_SEED))],
};
