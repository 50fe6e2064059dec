import type { JsonObject } from '../../core/json';
import type { LimitEvent } from './state';

/**
 * What one run_sql call may cost. Per statement, a result is cut (and says so); per
 * batch, a limit stops the batch with an error and nothing in it is applied, because a
 * batch's results are one reply: 740 statements of 15.8 K characters each were 11.7 MB
 * for the page, the saved run and the model. The sizes are pure functions of the data,
 * so a hit replays; the time limit is a watchdog (see world.ts, DEFAULT_WATCHDOG_MS).
 */

/** Rows shown per statement; the rest are counted, not shown. */
export const MAX_ROWS = 200;
/** Characters of rows (as JSON) shown per statement. */
export const MAX_CHARS = 16_000;
/** Characters of SQL text per call. */
export const MAX_QUERY = 20_000;
/** Statements per batch, checked before any runs. */
export const MAX_STATEMENTS = 50;
/** Characters of results (the JSON the agent receives) per batch: 16 full statements. */
export const MAX_BATCH_CHARS = 256 * 1024;

/** 262144 → "262,144", the same on every platform (a trace's text must replay byte for byte; no locale data). */
export const thousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The batch's results grew past MAX_BATCH_CHARS at statement `index` (0-based). */
export class ResultLimitError extends Error {
  constructor(
    readonly reached: number,
    readonly index: number,
  ) {
    super(`the batch's results reached ${reached} characters`);
    this.name = 'ResultLimitError';
  }
}

/**
 * A batch stopped at a limit, as the agent sees it (statements counted from 1, as in
 * every message) and as the step's event records it (from 0, as the other events). No
 * layer: a limit is not a policy violation, so the gate never sees it.
 */
export interface LimitHit {
  body: JsonObject;
  event: LimitEvent;
}

type Limit = 'statements' | 'result_chars' | 'time_ms';
export const RESTORED = 'the database was restored to its state after your last accepted write batch';

function hit(
  error: string,
  code: LimitEvent['code'],
  limit: Limit,
  max: number,
  reached: number | null,
  message: string,
  batch: number,
  at: { index: number; of: number } | null,
): LimitHit {
  const facts = { limit, max, ...(reached === null ? {} : { reached }) };
  return {
    body: { error, ...facts, ...(at ? { statement: at.index + 1, statements: at.of } : {}), message },
    event: { code, kind: 'error', layer: null, message, data: { batch, ...facts, ...(at ? { statement: at.index, statements: at.of } : {}) } },
  };
}

export const statementLimit = (batch: number, n: number): LimitHit =>
  hit(
    'batch_limit',
    'batch-limit',
    'statements',
    MAX_STATEMENTS,
    n,
    `the batch has ${n} statements; one run_sql call runs at most ${MAX_STATEMENTS}, so nothing ran. Split it into smaller batches.`,
    batch,
    null,
  );

export const resultLimit = (batch: number, e: ResultLimitError, n: number): LimitHit =>
  hit(
    'batch_limit',
    'batch-limit',
    'result_chars',
    MAX_BATCH_CHARS,
    e.reached,
    `statement ${e.index + 1} of ${n} took the batch's results to ${thousands(e.reached)} characters; one run_sql call returns at most ${thousands(MAX_BATCH_CHARS)}, so nothing was returned and nothing in the batch was applied. Select fewer rows or columns, or split the batch.`,
    batch,
    { index: e.index, of: n },
  );

/** The watchdog's cut: time is not data, so unlike the size limits this one need not replay (see CONTEXT.md). */
export function timeLimit(batch: number, ms: number, index: number, n: number): LimitHit {
  const message = `the batch ran longer than ${ms} ms (the limit for one run_sql call) and was cut off during statement ${index + 1} of ${n}; ${RESTORED}`;
  const h = hit('timeout', 'watchdog-timeout', 'time_ms', ms, null, message, batch, { index, of: n });
  h.event.data = { ...h.event.data, ms, restored: true };
  return h;
}
