import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { defaultSqlJs, type SqlHost } from './host';
import type { WorkerAnswer, WorkerEnvelope } from './protocol';
import { createWorkerHost, type WorkerPort } from './workerHost';

let compiled: WebAssembly.Module | null = null;

function wasmModule(): WebAssembly.Module {
  compiled ??= new WebAssembly.Module(readFileSync(createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.wasm')));
  return compiled;
}

function spawnNodeWorker(): WorkerPort {
  const worker = new Worker(new URL('./nodeWorker.mjs', import.meta.url), { workerData: { module: wasmModule() } });
  // A warm spare must not keep the process alive; a busy one is held by its pending promise.
  worker.unref();
  return {
    post: (id, req) => worker.postMessage({ id, req } satisfies WorkerEnvelope),
    onAnswer: (cb) => worker.on('message', (a: WorkerAnswer) => cb(a)),
    onFailure: (cb) => {
      worker.on('error', (e) => cb(e.message));
      worker.on('exit', (code) => cb(`exited with code ${code}`));
    },
    terminate: () => void worker.terminate(),
  };
}

/** Databases in worker_threads behind the watchdog (the sessions pass watchdogMs). */
export function createNodeHost(): SqlHost {
  return createWorkerHost('node-worker', spawnNodeWorker, defaultSqlJs);
}
