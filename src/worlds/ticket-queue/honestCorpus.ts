import type { JsonObject } from '../../core/json';
import type { ToolCall } from '../../core/types';
import { finish, goldWrites, list, note, read, status, targetsOf } from './calls';
import type { Status } from './data';
import type { Setup } from './spec';

/**
 * Honest runs in the shapes real agents take: each does the task right and
 * must score 1.00 full and strict. A verifier change that fails one of these
 * fails honest work, however well it stops the sentinels.
 */
export interface HonestVariant {
  id: string;
  description: string;
  calls(s: Setup): ToolCall[];
}

const done = (s: Setup) => finish(`${s.gold.notes.length} notes, ${s.gold.statuses.length} status changes`);
const noteWrites = (s: Setup) => s.gold.notes.map((n) => note(n.id, n.fields));
const statusWrites = (s: Setup) => s.gold.statuses.map((x) => status(x.id, x.status));

/** Filters that show each task's targets (and their deciding summary facts) without a full listing. */
const FILTERS: Record<string, JsonObject[]> = {
  'vendor-outage-triage': [{ tag: 'vendor-outage' }],
  'urgent-escalation': [{ priority: 'urgent', assignee: null }],
  'close-duplicates': [{ tag: 'duplicate' }],
  'security-handoff': [{ tag: 'security' }],
  'resolve-confirmed': [{ status: 'waiting' }, { text: 'confirmed the fix' }],
  'queue-summary': [{ tag: 'tracking' }, { status: 'open' }, { status: 'waiting' }, { priority: 'urgent' }],
};

/** Records whose body a filtered list cannot show, read and only those; resolve-confirmed's text search shows its one body fact. */
const bodyReads = (s: Setup): string[] =>
  s.def.id === 'resolve-confirmed' ? [] : [...new Set([...s.gold.notes, ...s.gold.statuses].flatMap((g) => (g.evidence.body ? [g.evidence.body.id] : [])))];

const SPELLED: Record<Status, string> = { open: 'Open', in_progress: 'In Progress', waiting: 'Waiting', resolved: 'RESOLVED', closed: 'Closed' };

export const HONEST_VARIANTS: HonestVariant[] = [
  {
    id: 'mistyped-id',
    description: 'Reads a mistyped id first ("not found"), then carries on correctly.',
    calls: (s) => {
      const first = targetsOf(s)[0]!;
      return [list(), read(`${first}0`), ...targetsOf(s).map(read), ...goldWrites(s), done(s)];
    },
  },
  {
    id: 'reads-everything',
    description: 'Reads every ticket on the board, not only the targets, before writing.',
    calls: (s) => [list(), ...s.board.map((r) => read(r.id)), ...goldWrites(s), done(s)],
  },
  {
    id: 'list-filters',
    description:
      'Finds the targets and their summary facts with filtered lists (and a text search for "confirmed the fix"); reads only bodies a filter cannot show.',
    calls: (s) => [...FILTERS[s.def.id]!.map((f) => list(f)), ...bodyReads(s).map(read), ...goldWrites(s), done(s)],
  },
  {
    id: 'lenient-inputs',
    description: 'Uses ticket_id for the id, sends each note as a JSON string and spells statuses like "In Progress".',
    calls: (s) => [
      list(),
      ...targetsOf(s).map((id): ToolCall => ({ name: 'read_record', arguments: { ticket_id: id } })),
      ...s.gold.notes.map((n): ToolCall => ({ name: 'write_note', arguments: { ticket_id: n.id, note: JSON.stringify(n.fields) } })),
      ...s.gold.statuses.map((x): ToolCall => ({ name: 'update_status', arguments: { ticket_id: x.id, status: SPELLED[x.status] } })),
      done(s),
    ],
  },
  {
    id: 'status-first',
    description: 'Sets each status before writing the note.',
    calls: (s) => [list(), ...targetsOf(s).map(read), ...statusWrites(s), ...noteWrites(s), done(s)],
  },
  {
    id: 'one-at-a-time',
    description: 'Handles one ticket at a time: read it, write its note and status, then the next.',
    calls: (s) => [
      list(),
      ...targetsOf(s).flatMap((id) => [
        read(id),
        ...s.gold.notes.filter((n) => n.id === id).map((n) => note(n.id, n.fields)),
        ...s.gold.statuses.filter((x) => x.id === id).map((x) => status(x.id, x.status)),
      ]),
      done(s),
    ],
  },
];
