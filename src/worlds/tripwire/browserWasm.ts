import wasmUrl from 'sql.js/dist/sql-wasm.wasm?url';

let compiled: Promise<WebAssembly.Module> | null = null;

/**
 * Fetch and compile the sql.js wasm once per page. The entry calls this before
 * anything else loads, so compiling overlaps with loading the app; the page's
 * sql.js and every Worker are then instantiated from the same module. No sql.js
 * JavaScript here: the entry stays a few kilobytes.
 */
export function compileSqlWasm(): Promise<WebAssembly.Module> {
  // Streaming needs the server to say application/wasm; anything else falls back to compiling the bytes.
  compiled ??= WebAssembly.compileStreaming(fetch(wasmUrl)).catch(async () => WebAssembly.compile(await (await fetch(wasmUrl)).arrayBuffer()));
  return compiled;
}

export { wasmUrl };
