import type { Trace } from '../../core/types';
import type { VfRollout } from '../../traces/import/types';

/** What a library row is, named as its own tools name it. */
export type RowKind = 'native trace' | 'vf rollout' | 'Inspect sample' | 'verifiers v1 trace';

/**
 * How a row ended: `error` (the sample or rollout recorded an error, the world
 * failed), `unfinished` (no end recorded: a run in progress, a rollout not
 * completed), `limit` (stopped by a limit: Inspect's message/token/time limits,
 * a truncated rollout, a spent turn budget), else `ok`.
 */
export type RowStatus = 'ok' | 'error' | 'unfinished' | 'limit';
export const ROW_STATUSES: readonly RowStatus[] = ['error', 'unfinished', 'limit', 'ok'];

export function rolloutKind(r: VfRollout): RowKind {
  return r.inspect ? 'Inspect sample' : r.v1 ? 'verifiers v1 trace' : 'vf rollout';
}

/**
 * Where the row is in its file, counted the same way whatever the container:
 * an Inspect sample by its position among the log's samples (1-based, in a
 * `.json` log or an `.eval` zip alike) with its id and epoch ("2 (id 2, epoch 1)");
 * a JSONL row by its line ("line 12"). Read after the kind: "Inspect sample 2 …".
 */
export function rolloutPlace(r: VfRollout): string {
  if (r.inspect) return `${r.rowIndex + 1} (id ${JSON.stringify(r.inspect.sampleId)}, epoch ${r.inspect.epoch})`;
  return `line ${r.line}`;
}

/** "Inspect sample 3 (id 4, epoch 1)", "vf rollout line 12". */
export const rolloutTitle = (r: VfRollout) => `${rolloutKind(r)} ${rolloutPlace(r)}`;

export function rolloutStatus(r: VfRollout): { status: RowStatus; note: string | null } {
  if (r.error) return { status: 'error', note: r.error.message };
  const running = r.inspect && r.inspect.run.status === 'started' && Object.keys(r.inspect.scores).length === 0;
  if (r.isCompleted === false || running) return { status: 'unfinished', note: r.stopCondition };
  if (r.isTruncated || (r.inspect && r.inspect.limit)) return { status: 'limit', note: r.stopCondition };
  return { status: 'ok', note: null };
}

export function traceStatus(t: Trace): { status: RowStatus; note: string | null } {
  if (!t.stop) return { status: 'unfinished', note: 'no end recorded' };
  if (t.stop.reason === 'world-error' || t.stop.reason === 'agent-error') return { status: 'error', note: t.stop.detail ?? t.stop.reason };
  if (t.stop.reason === 'budget') return { status: 'limit', note: t.stop.detail ?? 'the turn budget' };
  return { status: 'ok', note: null };
}

/** "4 of 8 had errors · 1 unfinished": what a set of rows' statuses add up to, or '' when all ended well. */
export function statusSummary(rows: readonly { status: RowStatus }[]): string {
  const count = (s: RowStatus) => rows.filter((r) => r.status === s).length;
  const parts: string[] = [];
  const errors = count('error');
  if (errors) parts.push(`${errors} of ${rows.length} had errors`);
  const open = count('unfinished');
  if (open) parts.push(`${open} of ${rows.length} unfinished`);
  const limits = count('limit');
  if (limits) parts.push(`${limits} of ${rows.length} stopped by a limit`);
  return parts.join(' · ');
}
