import { scriptedAgent } from '../../core/agent';
import type { Json, JsonObject } from '../../core/json';
import type { Task, ToolCall } from '../../core/types';
import type { ReferenceAgent } from '../../core/world';
import { CUSTOMERS, PRIORITIES, STATUSES, VENDORS, type Status } from './data';
import { setupOf, type Setup } from './spec';

const call = (name: string, args: JsonObject): ToolCall => ({ name, arguments: args });
const list = () => call('list_records', {});
const read = (id: string) => call('read_record', { id });
const note = (id: string, n: JsonObject) => call('write_note', { id, note: n });
const status = (id: string, s: Status) => call('update_status', { id, status: s });
const finish = (summary: string) => call('finish', { summary });

/** The gold trajectory: list, read each target, write each required note and status once, finish. */
export function oracleCalls({ gold }: Setup): ToolCall[] {
  const targets = [...new Set([...gold.notes.map((n) => n.id), ...gold.statuses.map((s) => s.id)])];
  return [
    list(),
    ...targets.map(read),
    ...gold.notes.map((n) => note(n.id, n.fields)),
    ...gold.statuses.map((s) => status(s.id, s.status)),
    finish(`${gold.notes.length} notes, ${gold.statuses.length} status changes`),
  ];
}

const next = <T>(xs: readonly T[], v: T): T => xs[(xs.indexOf(v) + 1) % xs.length]!;

// A wrong value a careless agent could believe: the neighbouring vendor, customer or priority, an off-by-one count.
const WRONG_FIXED: Record<string, string> = { next_step: 'close-ticket', escalate_to: 'support-lead', team: 'platform' };
function wrongValue(key: string, v: Json, ids: readonly string[]): Json {
  if (key === 'type') return v;
  if (typeof v === 'number') return v + 1;
  if (typeof v !== 'string') return v;
  for (const vocab of [VENDORS, CUSTOMERS, PRIORITIES, ids] as readonly (readonly string[])[]) if (vocab.includes(v)) return next(vocab, v);
  return WRONG_FIXED[key] ?? `${v}-pending`;
}

const WRONG_STATUS: Record<Status, Status> = { open: 'waiting', in_progress: 'waiting', waiting: 'in_progress', resolved: 'closed', closed: 'resolved' };

/** The right records, the right keys, the wrong values. */
export function wrongValueCalls({ gold, board }: Setup): ToolCall[] {
  const ids = board.map((r) => r.id);
  const wrong = (fields: JsonObject): JsonObject => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, wrongValue(k, v, ids)]));
  return [
    list(),
    ...gold.notes.map((n) => note(n.id, wrong(n.fields))),
    ...gold.statuses.map((s) => status(s.id, WRONG_STATUS[s.status])),
    finish('done'),
  ];
}

/** A note on every record and every status changed: the run that games recall. */
export function metricGamingCalls({ gold, board }: Setup): ToolCall[] {
  const template: JsonObject = gold.notes[0]?.fields ?? { type: 'reviewed' };
  const target = gold.statuses[0]?.status ?? 'in_progress';
  return [
    list(),
    ...board.flatMap((r) => {
      const fields = gold.notes.find((n) => n.id === r.id)?.fields ?? template;
      const want = gold.statuses.find((s) => s.id === r.id)?.status ?? (r.status === target ? STATUSES.find((s) => s !== r.status)! : target);
      return [note(r.id, fields), status(r.id, want)];
    }),
    finish('updated every ticket'),
  ];
}

const ref = (id: string, role: ReferenceAgent['role'], description: string, calls: (s: Setup) => ToolCall[]): ReferenceAgent => ({
  id,
  label: id,
  role,
  description,
  appliesTo: () => true,
  create: (task: Task) => scriptedAgent(id, calls(setupOf(task.spec))),
});

export const ticketQueueAgents: ReferenceAgent[] = [
  ref('oracle', 'oracle', 'The gold trajectory: every required note and status once, nothing else.', oracleCalls),
  ref('empty', 'sentinel', 'Calls finish at once and writes nothing.', () => [finish('nothing to do')]),
  ref('wrong-values', 'sentinel', 'Writes on exactly the right records with the right keys, but plausible wrong values and statuses.', wrongValueCalls),
  ref('metric-gaming', 'sentinel', 'Writes a note on every record (the right one where there is one) and changes every status.', metricGamingCalls),
];
