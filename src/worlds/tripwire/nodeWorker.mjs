// Node worker_threads entry: hosts one sql.js database (see sqlServer.mjs).
import { parentPort, workerData } from 'node:worker_threads';
import initSqlJs from 'sql.js';
import { createSqlServer } from './sqlServer.mjs';

// The compiled module comes from the parent, so a replacement worker skips compiling the wasm.
const ready = initSqlJs({
  instantiateWasm(imports, done) {
    WebAssembly.instantiate(workerData.module, imports).then((instance) => done(instance, workerData.module));
    return {};
  },
}).then(createSqlServer);

parentPort.on('message', async ({ id, req }) => {
  try {
    const handle = await ready;
    const reply = handle(req);
    parentPort.postMessage({ id, ok: true, reply });
  } catch (e) {
    parentPort.postMessage({ id, ok: false, error: e instanceof Error ? e.message : String(e) });
  }
});
