// Runs before the body is parsed: the build writes it inline in <head>, and the
// CSP allows it by its hash (vite.config.ts, SHELL_ROUTE). index.html carries the home page and the empty library
// prerendered; this marks which one the route shows (styles.css), and on any
// other route the shell shows "Loading…" until the app renders that route.
// The route is the hash's first path segment (views/routeModules.ts reads it
// the same way): none is the home page. SQLite's wasm is not asked for here: the
// home page fetches it with its checks, after the first frame (a preload from the
// head delayed that frame by 8-30 ms and did not check the tables sooner), and
// other routes when a trace or an episode needs it.
{
  const head = location.hash.replace(/^#\/?/, '').split('?')[0].split('/').find(Boolean);
  const home = head === undefined;
  // A link that asks to import (`#/traces?src=…`) shows the library with its question (src/ui/lib/earlyLink.ts fills it in).
  const link = head === 'traces' && new URLSearchParams(location.hash.split('?', 2)[1] || '').has('src');
  document.documentElement.setAttribute('data-boot', home ? 'home' : head === 'traces' ? (link ? 'traces-link' : 'traces') : 'other');
  // On such a link the import worker starts now, named by a meta the build writes (vite.config.ts, nameImportWorker): its
  // script loads ahead of the app's modules, so it is running when the reader clicks "Import from …". It fetches nothing
  // until then; the entry adopts it (src/ui/lib/importWorkers.ts), with the error it may have reported meanwhile.
  const worker = link && typeof Worker === 'function' && document.querySelector('meta[name="vp-import-worker"]');
  if (worker) {
    try {
      const started = { worker: new Worker(worker.content, { type: 'module' }), failed: null };
      started.worker.addEventListener('error', (e) => (started.failed = e.message || 'the import worker failed to start'));
      window.__vpImportWorker = started;
    } catch {
      // The entry starts its own.
    }
  }
}
