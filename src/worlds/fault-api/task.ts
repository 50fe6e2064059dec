import type { Leniency } from '../../core/lenient';
import type { Task, ToolSpec } from '../../core/types';
import { specOf, type FaultApiParams } from './params';

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
    get_page: 'fetch_page',
    fetch: 'fetch_page',
    fetch_records: 'fetch_page',
    get_records: 'fetch_page',
    list_records: 'fetch_page',
    next_page: 'fetch_page',
    get_next_page: 'fetch_page',
    submit: 'submit_records',
    submit_results: 'submit_records',
    submit_record: 'submit_records',
    submit_answer: 'submit_records',
    final_answer: 'submit_records',
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
