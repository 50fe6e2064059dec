import type { ImportPort } from './libraryImport';
import type { ImportMessage } from '../workers/importProtocol';

/** The worker shell-route.js started on a `#/traces?src=` link, before the body was parsed, with the error it reported meanwhile. */
interface HeadWorker {
  worker: Worker;
  failed: string | null;
}

/** Takes the worker shell-route.js started, once; null where it started none. */
function takeHeadWorker(): HeadWorker | null {
  const w = window as unknown as { __vpImportWorker?: HeadWorker };
  const started = w.__vpImportWorker ?? null;
  delete w.__vpImportWorker;
  return started instanceof Object && started.worker instanceof Worker ? started : null;
}

/**
 * The page's import workers. Nothing else here (the entry imports this
 * module): a `#/traces?src=` link's worker is started before the app loads —
 * by shell-route.js in the page's head, else by the entry — so the
 * click on "Import from …" posts to a worker that is already running, and its
 * first rows do not wait for a thread, a script download and its compile.
 */
function newImportWorker(head: HeadWorker | null = null): ImportPort {
  const w = head?.worker ?? new Worker(new URL('../workers/import.worker.ts', import.meta.url), { type: 'module' });
  // A worker started ahead may fail (its script did not load) before anyone listens: the failure waits for them.
  let failed: string | null = head?.failed ?? null;
  const failures: ((message: string) => void)[] = [];
  w.addEventListener('error', (e) => {
    failed = e.message || 'the import worker failed to start';
    for (const cb of failures) cb(failed);
  });
  return {
    post: (request) => w.postMessage(request),
    onMessage: (cb) => w.addEventListener('message', (e: MessageEvent<ImportMessage>) => cb(e.data)),
    onFailure: (cb) => {
      failures.push(cb);
      if (failed !== null) cb(failed);
    },
    terminate: () => w.terminate(),
  };
}

/** One worker started before it is needed; nothing is fetched until an import is posted to it. */
let spare: ImportPort | null = null;
let warmed = false;

/** The worker for the next import: the one started ahead, or a new one. */
export function spawnImportWorker(): ImportPort {
  const port = spare ?? newImportWorker();
  spare = null;
  return port;
}

/**
 * Start the first import's worker now (once per page): a link asks to import,
 * or the library opens. Only the first: a second started while that import
 * runs would compete with it for the machine.
 */
export function warmImportWorker(): void {
  if (warmed) return;
  warmed = true;
  spare = newImportWorker(takeHeadWorker());
}

/** An import the entry started before the library loaded: a `?src=` link's "Import from …" clicked on the page index.html painted. */
export interface EarlyImport {
  url: string;
  /** The run id its rows are numbered by, which the library takes for the run. */
  run: string;
  /** The worker, already asked for the file: what it said so far is given to the first listener. */
  port: ImportPort;
}

let early: EarlyImport | null = null;
let takeOver: ((e: EarlyImport) => void) | null = null;

/**
 * Starts importing `url` now, in the worker started ahead (lib/earlyLink.ts, on
 * the reader's click): the library, once loaded, takes the import over
 * (`takeEarlyImport`) and lists what the worker has sent meanwhile. The
 * request is the one the library would make (`{ kind: 'url', url, batch }`).
 */
export function startEarlyImport(url: string, run: string): void {
  const port = spawnImportWorker();
  const said: ImportMessage[] = [];
  let listener: ((m: ImportMessage) => void) | null = null;
  port.onMessage((m) => (listener ? listener(m) : said.push(m)));
  port.post({ kind: 'url', url, batch: run });
  const started: EarlyImport = {
    url,
    run,
    port: {
      // Posted above: the library's own post of the same request is not sent twice.
      post: () => undefined,
      onMessage: (cb) => {
        listener = cb;
        said.splice(0).forEach(cb);
      },
      onFailure: (cb) => port.onFailure(cb),
      terminate: () => port.terminate(),
    },
  };
  if (takeOver) takeOver(started);
  else early = started;
}

/**
 * The library takes over an early import: the one started before it loaded,
 * or one started later (its module can load before the reader clicks, while
 * the page still shows the question index.html carries).
 */
export function takeEarlyImports(cb: (e: EarlyImport) => void): void {
  takeOver = cb;
  const waiting = early;
  early = null;
  if (waiting) cb(waiting);
}
