import type { SqlJsStatic } from 'sql.js';
import { sqlJsFrom } from './browserSqlJs';
import { compileSqlWasm } from './browserWasm';
import type { SqlHost } from './host';
import type { WorkerAnswer } from './protocol';
import { createWorkerHost, type WorkerPort } from './workerHost';

let sqlPromise: Promise<SqlJsStatic> | null = null;
/** sql.js on the page, loaded once: the scratch connection, and in-process databases for trusted SQL. */
export const pageSqlJs = () => (sqlPromise ??= compileSqlWasm().then(sqlJsFrom));

function spawnBrowserWorker(): WorkerPort {
  const worker = new Worker(new URL('./browserWorker.mjs', import.meta.url), { type: 'module' });
  // Requests posted before the module arrives wait in the worker for it.
  void compileSqlWasm().then((module) => worker.postMessage({ module }));
  return {
    post: (id, req) => worker.postMessage({ id, req }),
    onAnswer: (cb) => worker.addEventListener('message', (e: MessageEvent<WorkerAnswer>) => cb(e.data)),
    onFailure: (cb) => worker.addEventListener('error', (e) => cb(e.message || 'worker error')),
    terminate: () => worker.terminate(),
  };
}

/** Databases in Web Workers behind the watchdog: the page never freezes on a runaway query. */
export function createBrowserHost(): SqlHost {
  return createWorkerHost('browser-worker', spawnBrowserWorker, pageSqlJs);
}
