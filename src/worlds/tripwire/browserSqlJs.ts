import initSqlJs, { type SqlJsStatic } from 'sql.js';

/** sql.js on top of an already compiled module (Emscripten's instantiateWasm hook): no second fetch or compile. */
export function sqlJsFrom(module: WebAssembly.Module): Promise<SqlJsStatic> {
  const config = {
    instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) {
      void WebAssembly.instantiate(module, imports).then(done);
      return {};
    },
  };
  return initSqlJs(config);
}
