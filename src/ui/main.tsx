import { markBootShell } from './lib/home/bootShell';
import { homeWorkerLoaded } from './lib/home/liveRows';
import { homeStore, takeBuiltHomeRows } from './lib/home/store';
import { earlySrc, showEarlyLink } from './lib/earlyLink';
import { warmImportWorker } from './lib/importWorkers';
import { isRouteHead, ROUTE_MODULES, routeHead } from './views/routeModules';
import { compileWorldsWasm } from './worlds/registry';
import './styles.css';

const head = routeHead(window.location.hash);
const onHome = head === '';

/**
 * On the home route index.html already holds the page (prerendered by the
 * build): let it paint before any work starts. Starting a Worker and the
 * app's module preloads before the first frame measurably delayed it.
 */
const start = (work: () => void) => (onHome ? requestAnimationFrame(() => setTimeout(work)) : work());

// The entry is a few kilobytes and runs before React has even downloaded. It
// starts the route's view with the app, so both download at once. Only the
// home page needs the worlds' WebAssembly at once (its tables are checked
// here, the slow ones in a Worker): there it compiles it (public/shell-route.js
// preloads its bytes on that route only) and starts checking the painted
// tables, overlapping with loading and booting the app. Other routes load a
// world's WebAssembly when a trace or an episode needs it.
const loadApp = () => {
  // A link that asks to import (`#/traces?src=…`): its worker is the one public/shell-route.js started (else one starts now), and the
  // question is shown on the painted page, to be answered before the app has loaded (lib/earlyLink.ts). Nothing is fetched before
  // the reader's click.
  const src = head === 'traces' ? earlySrc(window.location.hash) : null;
  if (src !== null) {
    warmImportWorker();
    showEarlyLink(src);
  }
  // The app's own chunk first, then the route's view: on an HTTP/1.1 host six requests go at a time, and the boot
  // chunk (React and the app shell) queued behind the view's two dozen modules was the last to arrive.
  import('./boot').catch((e: unknown) => {
    const root = document.getElementById('root')!;
    root.textContent = `The app failed to load (${e instanceof Error ? e.message : String(e)}). Reload the page to try again.`;
  });
  if (isRouteHead(head)) void ROUTE_MODULES[head]().catch(() => undefined);
};

// The home rows' data block leaves the page at once, whatever the route (see takeBuiltHomeRows).
takeBuiltHomeRows();
start(() => {
  if (!onHome) return loadApp();
  compileWorldsWasm();
  markBootShell(homeStore());
  // The painted page works without the app (its links are links), so the app's code waits for the home worker's
  // script, which its dozen requests would otherwise queue behind (HTTP/1.1 hosts serve six at a time): the worker's
  // checks are the long pole.
  void homeWorkerLoaded().then(loadApp);
});
