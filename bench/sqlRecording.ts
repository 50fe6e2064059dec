import type { Database, SqlJsStatic, Statement } from 'sql.js';
import { showcaseRows } from '../src/ui/worlds/tripwire/home';
import { createInProcessHost, defaultSqlJs } from '../src/worlds/tripwire/host';
import { createTripwireWorld } from '../src/worlds/tripwire/world';

/**
 * One sql.js call, as the bare page replays it: databases, statements and statement iterators by
 * number, exported bytes by number (a database opened from an export is opened from the replay's
 * own export of it). Results are not kept: the replay does the same work and drops them.
 */
export type SqlOp =
  | { op: 'open'; db: number; from: number | null }
  /** `rows`: how many rows an exec() returned, checked by the replay like `stepped`. */
  | { op: 'db'; db: number; method: string; args: unknown[]; stmt?: number; exported?: number; rows?: number }
  /** `stepped`: what step() answered (a row or the end), which the replay checks to be running the same thing. */
  | { op: 'stmt'; stmt: number; method: string; args: unknown[]; stepped?: boolean }
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
          const entry: SqlOp & { op: 'stmt' } = { op: 'stmt', stmt: id, method: prop, args: portable(args) };
          log.push(entry);
          const r = (v as (...a: unknown[]) => unknown).apply(target, args);
          if (prop === 'step') entry.stepped = r === true;
          return r;
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
          if (prop === 'exec') entry.rows = (r as { values: unknown[] }[]).reduce((n, set) => n + set.values.length, 0);
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
export async function recordTripwireRows(): Promise<SqlOp[]> {
  const ops: SqlOp[] = [];
  // One recording instance for the world and every database it opens: ids and exports are shared.
  const sql = defaultSqlJs().then((SQL) => recordingSqlJs(SQL, ops));
  await showcaseRows(createTripwireWorld({ host: createInProcessHost(() => sql) }));
  return ops;
}

/**
 * Runs in a bare page (page.evaluate) with sql.js's glue as `window.initSqlJs`: compiles the wasm,
 * replays `ops`, and returns the time. Self-contained: Playwright sends it to the page as text.
 * Throws if the replay diverges from the recording (a step or an exec answering differently).
 */
export const replaySqlOps = async ({ url, ops }: { url: string; ops: SqlOp[] }): Promise<number> => {
  const module = await WebAssembly.compileStreaming(fetch(url));
  type Any = Record<string, (...args: unknown[]) => unknown>;
  const init = (window as unknown as { initSqlJs: (config: object) => Promise<{ Database: new (bytes?: Uint8Array) => Any }> }).initSqlJs;
  const SQL = await init({
    instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) {
      void WebAssembly.instantiate(module, imports).then(done);
      return {};
    },
  });
  // Stand-ins for the app's callbacks, of the same arity (sql.js declares a SQL function's argument count from it).
  const stubs = [
    () => 0,
    (_a: unknown) => 0,
    (_a: unknown, _b: unknown) => 0,
    (_a: unknown, _b: unknown, _c: unknown) => 0,
    (_a: unknown, _b: unknown, _c: unknown, _d: unknown) => 0,
  ];
  const arg = (a: unknown) => (a !== null && typeof a === 'object' && 'callback' in a ? stubs[(a as { callback: number }).callback] : a);
  const dbs = new Map<number, Any>();
  const stmts = new Map<number, Any>();
  const its = new Map<number, { next(): { done?: boolean; value: Any } }>();
  const exported: Uint8Array[] = [];
  for (const o of ops) {
    if (o.op === 'open') dbs.set(o.db, o.from === null ? new SQL.Database() : new SQL.Database(exported[o.from]));
    else if (o.op === 'db') {
      const r = dbs.get(o.db)![o.method]!(...o.args.map(arg));
      if (o.rows !== undefined && (r as { values: unknown[] }[]).reduce((n, set) => n + set.values.length, 0) !== o.rows)
        throw new Error(`the replay diverged from the recording at database ${o.db}'s ${o.method}`);
      if (o.stmt !== undefined) stmts.set(o.stmt, r as Any);
      if (o.exported !== undefined) exported[o.exported] = r as Uint8Array;
    } else if (o.op === 'stmt') {
      const r = stmts.get(o.stmt)![o.method]!(...o.args.map(arg));
      if (o.stepped !== undefined && r !== o.stepped) throw new Error(`the replay diverged from the recording at statement ${o.stmt}`);
    } else if (o.op === 'iterate') its.set(o.it, dbs.get(o.db)!.iterateStatements!(o.sql) as { next(): { done?: boolean; value: Any } });
    else if (o.op === 'next') {
      const r = its.get(o.it)!.next();
      if (o.stmt !== null) stmts.set(o.stmt, r.value);
    }
  }
  return performance.now();
};
