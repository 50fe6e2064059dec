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

const byRun = new WeakMap<readonly { run: string | null; status: RowStatus }[], ReadonlyMap<string, string>>();

/**
 * `statusSummary` of each import run's rows, keyed by run id (runs whose rows all ended well are
 * absent). Worked out once per list of rows and kept: each run's line in the runs panel asks on
 * every change to the library, and the rows change once per batch of an import while the rest
 * (progress, re-scores) changes far more often — summing 10,000 rows on each was a long task's
 * largest part while a big file listed.
 */
export function runStatuses(rows: readonly { run: string | null; status: RowStatus }[]): ReadonlyMap<string, string> {
  const known = byRun.get(rows);
  if (known) return known;
  const grouped = new Map<string, { status: RowStatus }[]>();
  for (const r of rows) {
    if (r.run === null) continue;
    const list = grouped.get(r.run);
    if (list) list.push(r);
    else grouped.set(r.run, [r]);
  }
  const out = new Map<string, string>();
  for (const [run, list] of grouped) {
    const summary = statusSummary(list);
    if (summary) out.set(run, summary);
  }
  byRun.set(rows, out);
  return out;
}
