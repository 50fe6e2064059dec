import initSqlJs, { type SqlJsStatic } from 'sql.js';
import wasmUrl from 'sql.js/dist/sql-wasm.wasm?url';

let compiled: Promise<WebAssembly.Module> | null = null;

/**
 * Fetch and compile the sql.js wasm once per page. The app calls this first
 * thing, so compiling overlaps with loading the rest of the JavaScript; the
 * page's sql.js and every Worker are then instantiated from the same module.
 */
export function compileSqlWasm(): Promise<WebAssembly.Module> {
  compiled ??= WebAssembly.compileStreaming(fetch(wasmUrl)).catch(async () => WebAssembly.compile(await (await fetch(wasmUrl)).arrayBuffer()));
  return compiled;
}

/** sql.js on top of an already compiled module (Emscripten's instantiateWasm hook). */
export function sqlJsFrom(module: WebAssembly.Module): Promise<SqlJsStatic> {
  const config = {
    instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) {
      void WebAssembly.instantiate(module, imports).then(done);
      return {};
    },
  };
  return initSqlJs(config);
}

export { wasmUrl };
