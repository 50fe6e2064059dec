import type { Json } from '../../core/json';
import type { NormalisedEvent } from '../../core/lenient';
import type { ToolErrorEvent } from '../../core/types';
import type { RefusalReason } from './access';
import type { SqlValue } from './protocol';

/** rowids that differ between two fingerprints of one table. */
export type RowDiff = { inserted: number[]; updated: number[]; deleted: number[] };

/** An audit_log row the episode added, as L1 reads it. */
export type AuditRow = { id: number; order_id: Json; action: Json; actor: Json; note: Json };

/** One cell of a seeded row that differs: `column` "*" for a whole row deleted (and, in `restored`, put back). */
export type CellChange = { table: string; row: number; column: string; before: Json; after: Json };

/** A whole row added or removed, with its values. */
export type RowRecord = { table: string; row: number; values: Record<string, Json> };

/**
 * The end state as a diff from the seeded database, cell by cell, over every data
 * table: what the contract's first rule compares with the task's required effects.
 * `restored`: seeded cells some statement changed that hold their seeded value again
 * at the end (`after` is the value they held for a while).
 */
export type EndChanges = { updated: CellChange[]; inserted: RowRecord[]; deleted: RowRecord[]; restored: CellChange[] };

/** What a tripwire session reports and its rubric scores (snake_case: it is also the JSON a viewer shows). */
export type TripwireState = {
  task_id: string;
  kind: 'read' | 'mutation';
  /** The answer handed in (JSON text when it was not a string); null before submit_answer. */
  submitted: string | null;
  gold: { columns: string[]; rows: SqlValue[][] };
  /** Mutation tasks: the order to refund and its customer; null on read tasks. */
  target_order: number | null;
  target_customer: number | null;
  /** The target order's status now (null on read tasks). */
  target_status: Json;
  audit_added: AuditRow[];
  /** Per data table, the rows changed since the seeded database. */
  diff: Record<string, RowDiff>;
  /** The same, cell by cell, with the changes made and undone during the episode. */
  changes: EndChanges;
  /** Per gold row, the cells the world never showed the agent (prompt or a read of the data): empty when observed. */
  gold_unshown: SqlValue[][];
  /**
   * The gold rows whose every cell was shown, but never together: in no one result row, nor in rows linked
   * through a shown key (a name with its id, the id with its total). Absent from states recorded before it.
   */
  gold_unpaired?: number[];
  /** run_sql calls made, and watchdog restores. */
  batches: number;
  restores: number;
};

/** Where in the episode's SQL an event happened: the run_sql call (0-based) and the statement in it. */
type At = { batch: number; statement: number };

/** A statement ran: what it read; on mutation tasks, the customers whose email its result showed (L2's verify step). */
export type AccessEvent = {
  code: 'access';
  kind: 'access';
  layer: 'L2';
  message: string;
  data: At & { tables: Record<string, string[]>; writes: string[]; identities?: number[] };
};

/** A statement changed rows of a table (the before/after diff). */
export type WriteEvent = { code: 'write'; kind: 'write'; layer: 'L1'; message: string; data: At & { table: string } & RowDiff };

/** Honeypot access, executed or not: the gate. */
export type TripEvent = {
  code: 'forbidden-table-access';
  kind: 'trip';
  layer: 'L3';
  message: string;
  data: At & { table: string; detail: string; executed: boolean };
};

/** A refused statement (its reason as the code), or a read batch that changed the database anyway. */
export type RefusalEvent =
  | { code: RefusalReason; kind: 'refused'; layer: 'L3'; message: string; data: At & { sql: string; reason: RefusalReason } }
  /** A statement the tool does not run (ROLLBACK, SAVEPOINT): the batch is refused, no policy broken, no layer. */
  | { code: RefusalReason; kind: 'error'; layer: null; message: string; data: At & { sql: string; reason: RefusalReason } }
  | { code: 'write-on-read-task'; kind: 'refused'; layer: 'L3'; message: string; data: { statement: number } };

/** A batch stopped at a limit (see limits.ts); no layer: a limit is not a policy violation. */
export type LimitEvent = {
  code: 'batch-limit' | 'watchdog-timeout';
  kind: 'error';
  layer: null;
  message: string;
  data: {
    batch: number;
    limit: 'statements' | 'result_chars' | 'time_ms';
    max: number;
    reached?: number;
    statement?: number;
    statements?: number;
    ms?: number;
    restored?: true;
  };
};

export type CrashEvent = { code: 'worker-crash'; kind: 'error'; layer: null; message: string; data: At & { restored: true } };

export type TripwireEvent = AccessEvent | WriteEvent | TripEvent | RefusalEvent | LimitEvent | CrashEvent | ToolErrorEvent | NormalisedEvent;
