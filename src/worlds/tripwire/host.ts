import initSqlJs, { type SqlJsStatic } from 'sql.js';
import type { ExecReply, RunReply, ShadowReply, SqlRequest, SqlReply } from './protocol';
import { createSqlServer } from './sqlServer.mjs';

/** The watchdog cut a request or a batch off; the database it ran on is gone. */
export class SqlTimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`the query ran longer than ${ms} ms and was cut off`);
    this.name = 'SqlTimeoutError';
  }
}

/** The worker holding the database died (e.g. out of memory); treated like a timeout. */
export class SqlCrashError extends Error {
  constructor(detail: string) {
    super(`the database worker crashed: ${detail}`);
    this.name = 'SqlCrashError';
  }
}

/** One live database, possibly in another thread. */
export interface RawDb {
  /** Trusted SQL only (set-up, savepoints, checksums): never the agent's text. */
  exec(sql: string): Promise<ExecReply['results']>;
  /** One already-vetted statement, prepared and stepped with a row and size cap. */
  run(sql: string, maxRows: number, maxChars: number): Promise<RunReply>;
  /** One already-vetted read statement on each shadow database opened beside this one (none: an empty list). */
  shadow(sql: string, maxRows: number): Promise<ShadowReply>;
  export(): Promise<Uint8Array>;
  close(): Promise<void>;
  /**
   * Runs one agent batch under a single watchdog for all its requests (hosts without
   * one just run it). Rejects with SqlTimeoutError if the time ran out at any point,
   * even between requests, so a batch never counts as done on a killed database.
   */
  batch<T>(work: () => Promise<T>): Promise<T>;
}

export interface OpenOptions {
  /** Seeds the deterministic random() / randomblob(). */
  seed: number;
  /** Cut a batch (or a request outside one) off after this long; null = no watchdog (in-process hosts cannot interrupt). */
  watchdogMs: number | null;
  /** Read-only databases opened beside this one, for `RawDb.shadow` (`observed.ts`: what a result column depends on). */
  shadows?: Uint8Array[];
}

/**
 * Where databases live. The world gets one injected so src/worlds stays free of
 * DOM and worker_threads: in-process (tests, bench), Node worker, browser Worker.
 */
export interface SqlHost {
  readonly name: string;
  /** sql.js on this thread, for the schema-only scratch connection the access check compiles on. */
  sqlJs(): Promise<SqlJsStatic>;
  open(bytes: Uint8Array | null, options: OpenOptions): Promise<RawDb>;
  /** Whether open() honours watchdogMs. */
  readonly watchdog: boolean;
  dispose(): Promise<void>;
}

/** A RawDb over any request function: the in-process server or a worker channel. */
export function rawDbOver(send: (req: SqlRequest) => Promise<SqlReply>, onClose: () => Promise<void> = async () => {}): RawDb {
  return {
    exec: async (sql) => ((await send({ op: 'exec', sql })) as ExecReply).results,
    run: async (sql, maxRows, maxChars) => (await send({ op: 'run', sql, maxRows, maxChars })) as RunReply,
    shadow: async (sql, maxRows) => (await send({ op: 'shadow', sql, maxRows })) as ShadowReply,
    export: async () => ((await send({ op: 'export' })) as { bytes: Uint8Array }).bytes,
    batch: (work) => work(),
    close: async () => {
      await send({ op: 'close' }).catch(() => undefined);
      await onClose();
    },
  };
}

let sqlPromise: Promise<SqlJsStatic> | null = null;

/** sql.js initialised once per thread with its default loader (works in Node). */
export function defaultSqlJs(): Promise<SqlJsStatic> {
  sqlPromise ??= initSqlJs();
  return sqlPromise;
}

/**
 * Runs sql.js on the calling thread: fast, no worker start-up, and no watchdog —
 * a runaway query hangs the thread. For unit tests, the bench and the offline gotchas.
 */
export function createInProcessHost(loadSql: () => Promise<SqlJsStatic> = defaultSqlJs): SqlHost {
  return {
    name: 'in-process',
    watchdog: false,
    sqlJs: loadSql,
    open: async (bytes, options) => {
      const handle = createSqlServer(await loadSql());
      handle({ op: 'open', bytes, seed: options.seed, ...(options.shadows ? { shadows: options.shadows } : {}) });
      return rawDbOver(async (req) => handle(req));
    },
    dispose: async () => {},
  };
}
