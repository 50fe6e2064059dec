import { isJsonObject, tryParseJson, type Json, type JsonObject } from '../../core/json';
import type { Leniency } from '../../core/lenient';
import type { ToolSpec } from '../../core/types';
import { STATUSES, type Status } from './data';

export type ToolName = 'list_records' | 'read_record' | 'write_note' | 'update_status' | 'finish';

const fn = (name: ToolName, description: string, properties: JsonObject, required: string[]): ToolSpec => ({
  type: 'function',
  function: { name, description, parameters: { type: 'object', properties, required, additionalProperties: false } },
});

export const TICKET_QUEUE_TOOLS: ToolSpec[] = [
  fn(
    'list_records',
    'List tickets (id, title, status, priority, assignee, tags, note count). Optional filter: {"status", "priority", "tag", "assignee" (null = unassigned), "text"}.',
    {
      filter: {
        type: 'object',
        properties: {
          status: { type: 'string', enum: [...STATUSES] },
          priority: { type: 'string' },
          tag: { type: 'string' },
          assignee: { type: ['string', 'null'] },
          text: { type: 'string' },
        },
      },
    },
    [],
  ),
  fn('read_record', 'Read one ticket in full: body and notes included.', { id: { type: 'string', description: 'Ticket id, e.g. "TQ-123".' } }, ['id']),
  fn(
    'write_note',
    'Add a structured note (a JSON object whose keys the task states) to a ticket.',
    { id: { type: 'string' }, note: { type: 'object', description: 'The note, e.g. {"type": "...", ...}.' } },
    ['id', 'note'],
  ),
  fn('update_status', `Set a ticket's status: one of ${STATUSES.join(', ')}.`, { id: { type: 'string' }, status: { type: 'string', enum: [...STATUSES] } }, [
    'id',
    'status',
  ]),
  fn('finish', 'Finish the task with a one-line summary. Ends the episode.', { summary: { type: 'string' } }, ['summary']),
];

export const TOOL_NAMES: readonly ToolName[] = ['list_records', 'read_record', 'write_note', 'update_status', 'finish'];

const ID = { record_id: 'id', ticket_id: 'id', record: 'id', ticket: 'id' };

// Names a reasonable agent might use for the same intent (seed: "implement the tools by intent, leniently").
export const TICKET_QUEUE_LENIENCY: Leniency = {
  tools: {
    list_tickets: 'list_records',
    search_records: 'list_records',
    get_record: 'read_record',
    get_ticket: 'read_record',
    read_ticket: 'read_record',
    add_note: 'write_note',
    create_note: 'write_note',
    set_status: 'update_status',
    update_ticket_status: 'update_status',
    done: 'finish',
    submit: 'finish',
  },
  args: {
    read_record: ID,
    write_note: { ...ID, content: 'note', notes: 'note', data: 'note' },
    update_status: { ...ID, new_status: 'status', state: 'status' },
    finish: { message: 'summary', text: 'summary' },
  },
};

export const isToolName = (name: string): name is ToolName => (TOOL_NAMES as readonly string[]).includes(name);

/** Arguments as the episode hands them over (a JSON string of an object is already read): an object, or nothing at all. */
export function argsObject(args: Json): JsonObject | null {
  if (args === null || args === undefined) return {};
  return isJsonObject(args) ? args : null;
}

/** The record id (its other names reach here as `id`: TICKET_QUEUE_LENIENCY), or null when it is neither a string nor a number. */
export function idArg(args: JsonObject): string | null {
  const v = args.id;
  if (typeof v === 'string' && v.trim() !== '') return v.trim();
  if (typeof v === 'number') return `TQ-${v}`;
  return null;
}

/** "In progress", "IN-PROGRESS" and "in_progress" are one status. */
export function parseStatus(v: Json | undefined): Status | null {
  if (typeof v !== 'string') return null;
  const s = v
    .trim()
    .toLowerCase()
    .replace(/[-\s]+/g, '_');
  return (STATUSES as readonly string[]).includes(s) ? (s as Status) : null;
}

/** A note is a non-empty object, or a JSON string of one. */
export function parseNote(v: Json | undefined): JsonObject | null {
  const note =
    typeof v === 'string'
      ? (() => {
          const parsed = tryParseJson(v);
          return parsed.ok ? parsed.value : null;
        })()
      : v;
  return isJsonObject(note) && Object.keys(note).length > 0 ? note : null;
}
