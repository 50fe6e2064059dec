import type { Database, SqlJsStatic, Statement } from 'sql.js';
import type { HomeRow } from '../src/ui/lib/homeRows';
import { tripwireRows } from '../src/ui/lib/homeRows';
import { createInProcessHost, defaultSqlJs } from '../src/worlds/tripwire/host';
import { createTripwireWorld } from '../src/worlds/tripwire/world';

/**
 * One sql.js call, as the bare page replays it: databases, statements and statement iterators by
 * number, exported bytes by number (a database opened from an export is opened from the replay's
 * own export of it). Results are not kept: the replay does the same work and drops them.
 */
export type SqlOp =
  | { op: 'open'; db: number; from: number | null }
  | { op: 'db'; db: number; method: string; args: unknown[]; stmt?: number; exported?: number }
  | { op: 'stmt'; stmt: number; method: string; args: unknown[] }
  | { op: 'iterate'; db: number; it: number; sql: string }
  | { op: 'next'; it: number; stmt: number | null };

/** Callbacks (create_function, updateHook) cannot cross into the page: the replay registers stand-ins. */
const portable = (args: unknown[]) => args.map((a) => (typeof a === 'function' ? { callback: a.length } : a));

/**
 * sql.js with every call on its databases and statements written to `log`, for the SQL floor that
 * runs exactly the statements the app ran (bench/firstload.bench.ts). Calls go through unchanged.
 */
export function recordingSqlJs(SQL: SqlJsStatic, log: SqlOp[]): SqlJsStatic {
  let ids = 0;
  const exports: Uint8Array[] = [];
  const wrapStmt = (stmt: Statement, id: number): Statement =>
    new Proxy(stmt, {
      get(target, prop, receiver) {
        const v: unknown = Reflect.get(target, prop, receiver);
        if (typeof v !== 'function' || typeof prop !== 'string') return v;
        return (...args: unknown[]) => {
          log.push({ op: 'stmt', stmt: id, method: prop, args: portable(args) });
          return (v as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  const wrapDb = (db: Database, id: number): Database =>
    new Proxy(db, {
      get(target, prop, receiver) {
        const v: unknown = Reflect.get(target, prop, receiver);
        if (typeof v !== 'function' || typeof prop !== 'string') return v;
        const call = (...args: unknown[]) => (v as (...a: unknown[]) => unknown).apply(target, args);
        if (prop === 'iterateStatements')
          return (sql: string) => {
            const it = ids++;
            log.push({ op: 'iterate', db: id, it, sql });
            const inner = call(sql) as IterableIterator<Statement>;
            return {
              [Symbol.iterator]() {
                return this;
              },
              next() {
                const r = inner.next();
                const stmt = r.done ? null : ids++;
                log.push({ op: 'next', it, stmt });
                return r.done ? r : { done: false, value: wrapStmt(r.value, stmt!) };
              },
            };
          };
        return (...args: unknown[]) => {
          const entry: SqlOp & { op: 'db' } = { op: 'db', db: id, method: prop, args: portable(args) };
          log.push(entry);
          const r = call(...args);
          if (prop === 'prepare') return wrapStmt(r as Statement, (entry.stmt = ids++));
          if (prop === 'export') {
            entry.exported = exports.length;
            exports.push(r as Uint8Array);
          }
          return r === target ? receiver : r;
        };
      },
    });
  const exportOf = (bytes: Uint8Array): number => {
    const i = exports.findIndex((e) => e === bytes || (e.length === bytes.length && e.every((b, k) => b === bytes[k])));
    if (i < 0) throw new Error('a database was opened from bytes no recorded export produced');
    return i;
  };
  function RecordingDatabase(bytes?: Uint8Array | null) {
    const id = ids++;
    log.push({ op: 'open', db: id, from: bytes ? exportOf(bytes) : null });
    return wrapDb(bytes ? new SQL.Database(bytes) : new SQL.Database(), id);
  }
  return { ...SQL, Database: RecordingDatabase as unknown as SqlJsStatic['Database'] };
}

/**
 * The tripwire home rows computed in Node on a recording sql.js: every SQL call the page's worker
 * makes for them, in order (the rows are deterministic, so the browser makes the same calls).
 */
export async function recordTripwireRows(): Promise<{ ops: SqlOp[]; rows: HomeRow[] }> {
  const ops: SqlOp[] = [];
  // One recording instance for the world and every database it opens: ids and exports are shared.
  const sql = defaultSqlJs().then((SQL) => recordingSqlJs(SQL, ops));
  const rows = await tripwireRows(createTripwireWorld({ host: createInProcessHost(() => sql) }));
  return { ops, rows };
}
