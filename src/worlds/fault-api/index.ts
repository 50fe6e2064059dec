import { summarizeFaultApi } from './summary';
import { err, ok, type Result } from '../../core/result';
import type { Leniency } from '../../core/lenient';
import type { Task, ToolSpec } from '../../core/types';
import type { ReferenceAgent, World } from '../../core/world';
import { faultApiRubric } from './rubric';
import { FaultApiSession } from './session';
import { faultApiSentinels } from './sentinels';
import { carefulSolver, stubbornSolver, trustingSolver } from './solvers';
import { PROFILES, parseParams, specOf, type FaultApiParams } from './params';
import type { FaultApiEvent, FaultApiState } from './state';
import type { SolverId } from './calibrate';

export type { FaultApiEvent, FaultApiState } from './state';

export const FAULT_API_TOOLS: ToolSpec[] = [
  {
    type: 'function',
    function: {
      name: 'fetch_page',
      description:
        'Fetch one page of records. Pass the next_cursor from the previous page, or null for the first page. Returns JSON {"records": [...], "next_cursor": string|null, "total": n}.',
      parameters: {
        type: 'object',
        properties: { cursor: { type: ['string', 'null'], description: 'The cursor of the page to fetch; null for the first page.' } },
        required: [],
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'submit_records',
      description: 'Submit the collected records. Ends the episode.',
      parameters: {
        type: 'object',
        properties: {
          records: {
            type: 'array',
            description: 'Every record collected, once each.',
            items: {
              type: 'object',
              properties: { id: { type: 'string' }, amount: { type: 'integer' } },
              required: ['id', 'amount'],
              additionalProperties: false,
            },
          },
        },
        required: ['records'],
        additionalProperties: false,
      },
    },
  },
];

/** Names a REST client or a model uses for paging and handing in (ticket-queue's list_records is its own). */
export const FAULT_API_LENIENCY: Leniency = {
  tools: {
    get_page: 'fetch_page', fetch: 'fetch_page', fetch_records: 'fetch_page', get_records: 'fetch_page', list_records: 'fetch_page', next_page: 'fetch_page', get_next_page: 'fetch_page',
    submit: 'submit_records', submit_results: 'submit_records', submit_record: 'submit_records', submit_answer: 'submit_records', final_answer: 'submit_records',
  },
  args: {
    // Not "page": a page number is not a cursor.
    fetch_page: { next_cursor: 'cursor', page_cursor: 'cursor', page_token: 'cursor', next_page_token: 'cursor', next: 'cursor' },
    submit_records: { items: 'records', rows: 'records', data: 'records', results: 'records' },
  },
};

const SYSTEM_PROMPT =
  'You are an integration agent. A third-party REST API lists records page by page. Use fetch_page to read pages and submit_records once, at the end, with every record exactly once as {"id", "amount"}, amount an integer. The API is a third party: it may misbehave.';

export function taskFromParams(p: FaultApiParams): Task {
  return {
    world: 'fault-api',
    id: `fault-api/${p.profile}/seed-${p.seed}`,
    title: `Collect all records (${p.profile}, seed ${p.seed})`,
    seed: p.seed,
    spec: specOf(p),
    maxTurns: p.maxTurns,
    // The agent collects and submits records; the API has nothing it could change.
    kind: 'read',
    prompt: [
      { role: 'system', content: SYSTEM_PROMPT },
      {
        role: 'user',
        content: `Collect every record from the API (pages of ${p.pageSize}) and submit them with submit_records. You have at most ${p.maxTurns} tool calls.`,
      },
    ],
    tools: FAULT_API_TOOLS,
    lenient: FAULT_API_LENIENCY,
  };
}

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
  summarize: summarizeFaultApi,
  referenceAgents: [
    solverRef('trusting', 'Trust what the API reports: follow next_cursor, keep everything as sent, stop at the first failure.', trustingSolver),
    solverRef('stubborn', 'Dedupe and coerce, retry every failure at once (3 in a row at most), trust the total.', stubbornSolver),
    solverRef('careful', 'Dedupe, coerce, retry timeouts and repeated cursors a few times, ignore the total, stop at the first 429.', carefulSolver),
    ...faultApiSentinels,
  ],
};
