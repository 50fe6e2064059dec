import type { SqlJsStatic } from 'sql.js';
import { SqlCrashError, SqlTimeoutError, rawDbOver, type RawDb, type SqlHost } from './host';
import type { SqlReply, SqlRequest, WorkerAnswer } from './protocol';

/** The few things a host needs from a worker, in Node or in a browser. */
export interface WorkerPort {
  post(id: number, req: SqlRequest): void;
  onAnswer(cb: (answer: WorkerAnswer) => void): void;
  onFailure(cb: (detail: string) => void): void;
  terminate(): void;
}

interface Pending {
  resolve(reply: SqlReply): void;
  reject(e: Error): void;
  timer: ReturnType<typeof setTimeout> | null;
}

/**
 * One database in one worker. The watchdog is the only way to stop sql.js mid-query
 * (it exports no interrupt), so on expiry the worker is killed and every later request
 * fails: the session reopens a fresh database from its last snapshot. An agent's batch
 * runs under one timer for all its statements; trusted requests outside a batch (open
 * pragmas, snapshots, the inspector) each get their own.
 */
function channel(port: WorkerPort, watchdogMs: number | null): RawDb {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let dead: Error | null = null;

  const fail = (e: Error) => {
    if (dead) return;
    dead = e;
    port.terminate();
    for (const p of pending.values()) {
      if (p.timer) clearTimeout(p.timer);
      p.reject(e);
    }
    pending.clear();
  };

  port.onAnswer((a) => {
    const p = pending.get(a.id);
    if (!p) return;
    pending.delete(a.id);
    if (p.timer) clearTimeout(p.timer);
    if (a.ok) p.resolve(a.reply);
    else p.reject(new Error(a.error));
  });
  port.onFailure((detail) => fail(new SqlCrashError(detail)));

  // Inside a batch its one timer stands in for the per-request ones.
  let inBatch = false;
  const send = (req: SqlRequest) =>
    new Promise<SqlReply>((resolve, reject) => {
      if (dead) {
        reject(dead);
        return;
      }
      const id = nextId++;
      const timer = watchdogMs === null || inBatch ? null : setTimeout(() => fail(new SqlTimeoutError(watchdogMs)), watchdogMs);
      pending.set(id, { resolve, reject, timer });
      port.post(id, req);
    });

  const batch = async <T>(work: () => Promise<T>): Promise<T> => {
    if (watchdogMs === null || inBatch) return work();
    inBatch = true;
    const timer = setTimeout(() => fail(new SqlTimeoutError(watchdogMs)), watchdogMs);
    let out: T;
    try {
      out = await work();
    } catch (e) {
      // A statement's own error is moot once the database is gone: the session must restore it.
      throw dead ?? e;
    } finally {
      clearTimeout(timer);
      inBatch = false;
    }
    // The timer may have fired while the session worked between requests.
    if (dead) throw dead;
    return out;
  };

  const db = rawDbOver(send, async () => {
    if (!dead) {
      dead = new SqlCrashError('the database was closed');
      port.terminate();
    }
  });
  return { ...db, batch };
}

/**
 * A host whose databases each live in their own worker. One spare worker is kept
 * warm, so replacing a killed worker costs an open, not a start-up.
 */
export function createWorkerHost(name: string, spawn: () => WorkerPort, loadSql: () => Promise<SqlJsStatic>): SqlHost {
  let spare: WorkerPort | null = null;
  return {
    name,
    watchdog: true,
    sqlJs: loadSql,
    open: async (bytes, options) => {
      const port = spare ?? spawn();
      spare = spawn();
      const db = channel(port, options.watchdogMs);
      // Opening waits out the worker's own start-up, so it runs without the watchdog.
      await sendOpen(port, bytes, options.seed, options.shadows);
      return db;
    },
    dispose: async () => {
      spare?.terminate();
      spare = null;
    },
  };
}

/** Listeners stack (Node `on`, DOM `addEventListener`), so this one sits beside the channel's. */
function sendOpen(port: WorkerPort, bytes: Uint8Array | null, seed: number, shadows?: Uint8Array[]): Promise<void> {
  return new Promise((resolve, reject) => {
    port.onAnswer((a) => {
      if (a.id !== 0) return;
      if (a.ok) resolve();
      else reject(new Error(a.error));
    });
    port.onFailure((detail) => reject(new SqlCrashError(detail)));
    port.post(0, { op: 'open', bytes, seed, ...(shadows ? { shadows } : {}) });
  });
}
