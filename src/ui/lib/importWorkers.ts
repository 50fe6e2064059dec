import type { ImportPort } from './libraryImport';
import type { ImportMessage } from '../workers/importProtocol';

/**
 * The page's import workers. Nothing else here (the entry imports this
 * module): a `#/traces?src=` link starts its import's worker while the app
 * is still loading, so the click on "Import from …" posts to a worker that is
 * already running, and its first rows do not wait for a thread, a script
 * download and its compile.
 */
function newImportWorker(): ImportPort {
  const w = new Worker(new URL('../workers/import.worker.ts', import.meta.url), { type: 'module' });
  // A worker started ahead may fail (its script did not load) before anyone listens: the failure waits for them.
  let failed: string | null = null;
  const failures: ((message: string) => void)[] = [];
  w.addEventListener('error', (e) => {
    failed = e.message;
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
  spare = newImportWorker();
}
