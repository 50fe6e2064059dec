/** Messages between a session and the sql.js server (sqlServer.mjs), in or out of a worker. */
export type SqlValue = number | string | null;

export type SqlRequest =
  | { op: 'open'; bytes: Uint8Array | null; seed: number; shadows?: Uint8Array[] }
  | { op: 'shadow'; sql: string; maxRows: number }
  | { op: 'exec'; sql: string }
  | { op: 'run'; sql: string; maxRows: number; maxChars: number }
  | { op: 'changes' }
  | { op: 'export' }
  | { op: 'close' };

export interface HookRow {
  op: 'insert' | 'update' | 'delete';
  table: string;
  rowid: number;
}

export interface RunReply {
  columns: string[];
  rows: SqlValue[][];
  /** Rows the statement produced, including those past the cap. */
  rowCount: number;
  truncated: boolean;
  totalChanges: number;
  /** Rows the update hook saw; it misses some (see sqljs-access-control.md), so writes are also diffed. */
  hooks: HookRow[];
}

/** One statement on each shadow database (read-only): its rows up to the cap, or why it failed there. */
export interface ShadowReply {
  shadows: ({ rows: SqlValue[][] } | { error: string })[];
}

export interface ExecReply {
  results: { columns: string[]; values: SqlValue[][] }[];
}

export type SqlReply = RunReply | ExecReply | ShadowReply | { totalChanges: number } | { bytes: Uint8Array } | Record<string, never>;

/** Envelope on the worker boundary: replies carry the request id, errors their message. */
export interface WorkerEnvelope {
  id: number;
  req: SqlRequest;
}
export type WorkerAnswer = { id: number; ok: true; reply: SqlReply } | { id: number; ok: false; error: string };
