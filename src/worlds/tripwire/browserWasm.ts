import wasmUrl from 'sql.js/dist/sql-wasm.wasm?url';

let compiled: Promise<WebAssembly.Module> | null = null;

async function fetchAndCompile(): Promise<WebAssembly.Module> {
  const res = await fetch(wasmUrl);
  if (!res.ok) throw new Error(`could not load SQLite (${wasmUrl}: HTTP ${res.status})`);
  try {
    // Streaming needs the server to say application/wasm; otherwise compile the bytes.
    return await WebAssembly.compileStreaming(res.clone());
  } catch {
    try {
      return await WebAssembly.compile(await res.arrayBuffer());
    } catch (e) {
      throw new Error(`could not compile SQLite (${wasmUrl} is not the wasm file: ${e instanceof Error ? e.message : String(e)})`, { cause: e });
    }
  }
}

/**
 * Fetch and compile the sql.js wasm once per page. The entry calls this before
 * anything else loads, so compiling overlaps with loading the app; the page's
 * sql.js and every Worker are then instantiated from the same module. No sql.js
 * JavaScript here: the entry stays a few kilobytes. A failure is reported with
 * what went wrong, and the next call tries again.
 */
export function compileSqlWasm(): Promise<WebAssembly.Module> {
  if (!compiled) {
    const attempt = fetchAndCompile();
    compiled = attempt;
    attempt.catch(() => {
      if (compiled === attempt) compiled = null;
    });
  }
  return compiled;
}

export { wasmUrl };
