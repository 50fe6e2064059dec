import type { Json, JsonObject } from '../../core/json';
import type { ToolCall } from '../../core/types';
import { CUSTOMERS, PRIORITIES, STATUSES, VENDORS, type Status } from './data';
import type { Setup } from './spec';

/** Tool calls and board facts the scripted reference agents are written with. */

const call = (name: string, args: JsonObject): ToolCall => ({ name, arguments: args });
export const list = (filter?: JsonObject): ToolCall => call('list_records', filter ? { filter } : {});
export const read = (id: string): ToolCall => call('read_record', { id });
export const note = (id: string, n: JsonObject): ToolCall => call('write_note', { id, note: n });
export const status = (id: string, s: Status): ToolCall => call('update_status', { id, status: s });
export const finish = (summary: string): ToolCall => call('finish', { summary });

/** Every record with a required write, in the order the gold lists them. */
export const targetsOf = ({ gold }: Setup): string[] => [...new Set([...gold.notes.map((n) => n.id), ...gold.statuses.map((s) => s.id)])];

/** The required writes, notes first: what a run that knows the answer writes. */
export const goldWrites = ({ gold }: Setup): ToolCall[] => [
  ...gold.notes.map((n) => note(n.id, n.fields)),
  ...gold.statuses.map((s) => status(s.id, s.status)),
];

/** Whether some required write hangs on a fact only a ticket's body holds. */
export const needsBody = ({ gold }: Setup): boolean => [...gold.notes, ...gold.statuses].some((g) => g.evidence.body !== null);

/** Records that are neither a target nor wholly forbidden: where a stray write lands. */
export const bystanders = (s: Setup): string[] => {
  const targets = new Set(targetsOf(s));
  return s.board.filter((r) => !targets.has(r.id) && !s.gold.forbidden.some((f) => f.id === r.id && f.field === 'any')).map((r) => r.id);
};

const shift = <T>(xs: readonly T[], v: T, by: number): T => xs[(((xs.indexOf(v) + by) % xs.length) + xs.length) % xs.length]!;

/**
 * The value `by` steps from `v` in its vocabulary: the neighbouring vendor,
 * customer, priority or ticket id, or the count off by `by`. Keys whose value
 * the prompt fixes (type, next_step, …) have no neighbours and keep `v`.
 */
export function neighbour(v: Json, by: number, ids: readonly string[]): Json {
  if (typeof v === 'number') return v + by;
  if (typeof v !== 'string') return v;
  for (const vocab of [VENDORS, CUSTOMERS, PRIORITIES, ids] as readonly (readonly string[])[]) if (vocab.includes(v)) return shift(vocab, v, by);
  return v;
}

/** The keys of a note whose value the agent has to find out (not fixed by the prompt). */
export const decidedKeys = (fields: JsonObject, ids: readonly string[]): string[] =>
  Object.keys(fields).filter((k) => neighbour(fields[k]!, 1, ids) !== fields[k]);

/** The note with every decided value moved `by` steps. */
export const shifted = (fields: JsonObject, by: number, ids: readonly string[]): JsonObject =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, neighbour(v, by, ids)]));

/** The wrong status a careless agent sets instead of each one. */
export const WRONG_STATUS: Record<Status, Status> = { open: 'waiting', in_progress: 'waiting', waiting: 'in_progress', resolved: 'closed', closed: 'resolved' };

/** A wrong status for a record that is a change from its current one (setting the current status writes nothing). */
export const wrongStatusFor = (s: Setup, id: string, want: Status): Status => {
  const now = s.board.find((r) => r.id === id)!.status;
  return [WRONG_STATUS[want], ...STATUSES].find((x) => x !== want && x !== now)!;
};
