/**
 * What public/shell-route.js started in the page's head, before the body was parsed, each on its own
 * route: the import worker on a `#/traces?src=` link; on the home page the home worker and the sql.js
 * wasm's compile. Each is taken once (the first taker owns it); null where the head started none or
 * left something that is not one (a page without the script, an old copy of it).
 */

/** A worker the head started, with what it said before anyone listened: its messages (while `messages` is a list) and its error. */
export interface HeadWorker<M = unknown> {
  worker: Worker;
  /** Messages received so far; the head's listener stops keeping them once the taker sets this to null. */
  messages: M[] | null;
  failed: string | null;
}

interface HeadGlobals {
  __vpImportWorker?: unknown;
  __vpHomeWorker?: unknown;
  __vpSqlWasm?: unknown;
}

function take(key: keyof HeadGlobals): unknown {
  const g = globalThis as HeadGlobals;
  const started = g[key];
  delete g[key];
  return started;
}

function headWorker<M>(started: unknown): HeadWorker<M> | null {
  if (!(started instanceof Object) || typeof Worker !== 'function') return null;
  const s = started as Partial<HeadWorker<M>>;
  if (!(s.worker instanceof Worker)) return null;
  return { worker: s.worker, messages: Array.isArray(s.messages) ? s.messages : null, failed: typeof s.failed === 'string' ? s.failed : null };
}

/** The import worker the head started on a `#/traces?src=` link. */
export const takeHeadImportWorker = (): HeadWorker | null => headWorker(take('__vpImportWorker'));

/**
 * The home worker the head started on the home page. Its `messages` list is the head's own (the head's
 * listener pushes to it while it is a list): read it, then set it to null, in one task.
 */
export function takeHeadHomeWorker<M>(): HeadWorker<M> | null {
  const started = take('__vpHomeWorker');
  const w = headWorker<M>(started);
  if (w && started instanceof Object) {
    const messages = (started as { messages?: unknown }).messages;
    (started as { messages: unknown }).messages = null;
    w.messages = Array.isArray(messages) ? (messages as M[]) : [];
  }
  return w;
}

/** The sql.js wasm the head is compiling on the home page (it may reject: the taker compiles its own then). */
export function takeHeadSqlWasm(): Promise<WebAssembly.Module> | null {
  const started = take('__vpSqlWasm');
  return started instanceof Promise ? (started as Promise<WebAssembly.Module>) : null;
}
