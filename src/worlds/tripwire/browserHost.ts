import initSqlJs, { type SqlJsStatic } from 'sql.js';
import wasmUrl from 'sql.js/dist/sql-wasm.wasm?url';
import type { SqlHost } from './host';
import type { WorkerAnswer } from './protocol';
import { createWorkerHost, type WorkerPort } from './workerHost';

let sqlPromise: Promise<SqlJsStatic> | null = null;
const pageSqlJs = () => (sqlPromise ??= initSqlJs({ locateFile: () => wasmUrl }));

function spawnBrowserWorker(): WorkerPort {
  const worker = new Worker(new URL('./browserWorker.mjs', import.meta.url), { type: 'module' });
  worker.postMessage({ wasmUrl: new URL(wasmUrl, self.location.href).href });
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
