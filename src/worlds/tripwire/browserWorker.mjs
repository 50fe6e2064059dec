// Browser Worker entry: hosts one sql.js database (see sqlServer.mjs). The first message
// carries the wasm URL, because the bundler resolves it on the page side.
import initSqlJs from 'sql.js';
import { createSqlServer } from './sqlServer.mjs';

let ready = null;

self.addEventListener('message', async (event) => {
  const { id, req, wasmUrl } = event.data;
  if (wasmUrl) {
    ready = initSqlJs({ locateFile: () => wasmUrl }).then(createSqlServer);
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
