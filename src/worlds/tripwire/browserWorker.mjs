// Browser Worker entry: hosts one sql.js database (see sqlServer.mjs). The first message
// carries the page's compiled wasm module (or, failing that, its URL): compiling once per
// page makes a replacement Worker ready in milliseconds after the watchdog kills one.
import initSqlJs from 'sql.js';
import { createSqlServer } from './sqlServer.mjs';

let settle;
const ready = new Promise((resolve) => (settle = resolve));

function fromModule(module) {
  return initSqlJs({
    instantiateWasm(imports, done) {
      WebAssembly.instantiate(module, imports).then(done);
      return {};
    },
  });
}

self.addEventListener('message', async (event) => {
  const { id, req, module, wasmUrl } = event.data;
  if (module || wasmUrl) {
    settle((module ? fromModule(module) : initSqlJs({ locateFile: () => wasmUrl })).then(createSqlServer));
    return;
  }
  try {
    const handle = await ready;
    const reply = handle(req);
    const transfer = reply && reply.bytes instanceof Uint8Array ? [reply.bytes.buffer] : [];
    self.postMessage({ id, ok: true, reply }, transfer);
  } catch (e) {
    self.postMessage({ id, ok: false, error: e instanceof Error ? e.message : String(e) });
  }
});
