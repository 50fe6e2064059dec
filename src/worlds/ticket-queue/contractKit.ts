import type { OracleRun } from '../../core/contract';
import { isJsonObject, type JsonObject } from '../../core/json';
import type { ToolCall } from '../../core/types';
import { bystanders, targetsOf } from './calls';
import { STATUSES, type Status } from './data';
import { setupOf, type Setup } from './spec';

/** What ticket-queue's contract operators (contract.ts, contractBreaking.ts, contractPath.ts) are written with: call surgery on an oracle run, and the layers a breaking variant names. */

export const setupOfRun = (run: OracleRun): Setup => setupOf(run.task.spec);
export const isWrite = (c: ToolCall) => c.name === 'write_note' || c.name === 'update_status';
const isRead = (c: ToolCall) => c.name === 'list_records' || c.name === 'read_record';
const isFinish = (c: ToolCall) => c.name === 'finish';
const argsOf = (c: ToolCall): JsonObject => (isJsonObject(c.arguments) ? c.arguments : {});
export const idOf = (c: ToolCall) => String(argsOf(c).id ?? '');

/** The oracle's calls split: reads, writes, the finish. */
export function parts(calls: readonly ToolCall[]) {
  return { reads: calls.filter(isRead), writes: calls.filter(isWrite), end: calls.filter(isFinish) };
}

/** The oracle's calls with `extra` inserted before the first write, or before the finish. */
export function insert(calls: readonly ToolCall[], extra: readonly ToolCall[], where: 'before-writes' | 'before-finish'): ToolCall[] {
  const at = where === 'before-writes' ? calls.findIndex(isWrite) : calls.findIndex(isFinish);
  const i = at < 0 ? calls.length : at;
  return [...calls.slice(0, i), ...extra, ...calls.slice(i)];
}

export const mapArgs = (calls: readonly ToolCall[], f: (c: ToolCall, a: JsonObject) => JsonObject | null): ToolCall[] =>
  calls.map((c) => {
    const next = f(c, argsOf(c));
    return next ? { ...c, arguments: next } : c;
  });

export const isSummary = (s: Setup) => s.gold.notes.some((n) => Object.values(n.fields).some((v) => typeof v === 'number'));
export const withEveryNote = (calls: readonly ToolCall[], more: (id: string) => JsonObject): ToolCall[] =>
  mapArgs(calls, (call, a) => (call.name === 'write_note' && isJsonObject(a.note) ? { ...a, note: { ...a.note, ...more(String(a.id)) } } : null));

export const allowedOf = (s: Setup) => [...targetsOf(s), ...bystanders(s)];

export const END = 'end state';
export const RECALL = 'required-write recall';
export const CREDIT = 'credited writes';
export const POLICY = 'policy';

/** The task's note as a template for another record; a comment where the task writes no notes. */
export const templateNote = (s: Setup): JsonObject => s.gold.notes[0]?.fields ?? { type: 'comment', text: 'checked' };
/** A status that is a change for `id` and not the one the task wants elsewhere. */
export const otherStatus = (s: Setup, id: string): Status => {
  const now = s.board.find((r) => r.id === id)!.status;
  return STATUSES.find((x) => x !== now && x !== 'open') ?? 'closed';
};

/** The oracle's calls with one write replaced (or dropped, with null). */
export const replaceWrite = (calls: readonly ToolCall[], pick: (c: ToolCall) => boolean, by: ToolCall | null): ToolCall[] => {
  const at = calls.findIndex(pick);
  return at < 0 ? [...calls] : [...calls.slice(0, at), ...(by ? [by] : []), ...calls.slice(at + 1)];
};
