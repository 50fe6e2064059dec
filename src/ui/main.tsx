import { markBootShell } from './lib/home/bootShell';
import { whenAppWanted } from './lib/home/appGate';
import { homeRows } from './lib/home/liveRows';
import { homeStore, removeBuiltHomeRows } from './lib/home/store';
import { earlySrc, showEarlyLink } from './lib/earlyLink';
import { afterFirstPaint } from './lib/firstPaint';
import { warmImportWorker } from './lib/importWorkers';
import { isRouteHead, ROUTE_MODULES, routeHead } from './views/routeModules';
import { compileWorldsWasm } from './worlds/registry';
import './styles.css';

const head = routeHead(window.location.hash);
const onHome = head === '';

/** How long the home page holds the app's code for its tables' checks at most (see lib/home/appGate.ts). */
const APP_WAIT_MS = 3000;
/** How long the empty library holds the app's code for its first paint at most (a hidden tab paints nothing). */
const FIRST_PAINT_WAIT_MS = 1000;

// The entry is a few kilobytes and runs before React has even downloaded. It
// starts the route's view with the app, so both download at once. Only the
// home page needs the worlds' WebAssembly at once (its tables are checked
// here, the slow ones in a Worker): there it compiles it (shell-route.js
// preloads its bytes on that route only) and starts checking the painted
// tables; the app follows them. Other routes load a world's WebAssembly when a
// trace or an episode needs it.
const loadApp = () => {
  // The app's own chunk first, then the route's view: on an HTTP/1.1 host six requests go at a time, and the boot
  // chunk (React and the app shell) queued behind the view's two dozen modules was the last to arrive.
  import('./boot').catch((e: unknown) => {
    const root = document.getElementById('root')!;
    root.textContent = `The app failed to load (${e instanceof Error ? e.message : String(e)}). Reload the page to try again.`;
  });
  if (isRouteHead(head)) void ROUTE_MODULES[head]().catch(() => undefined);
};

// A link that asks to import (`#/traces?src=…`): its worker is the one shell-route.js started (else one starts now), and the
// question is shown on the painted page, to be answered before the app has loaded (lib/earlyLink.ts). Nothing is fetched before
// the reader's click.
const src = head === 'traces' ? earlySrc(window.location.hash) : null;

/**
 * The boot shell's nav as the app will have it: index.html marks Home as the current page; the library marks Traces
 * (which styles.css shows from the first paint), another route nothing until the app has rendered it.
 */
function markShellNav(): void {
  if (onHome) return;
  const nav = document.querySelector('[data-testid="boot-shell"] nav');
  nav?.querySelector('a[aria-current="page"]')?.removeAttribute('aria-current');
  if (head === 'traces') nav?.querySelector('a[href="#/traces"]')?.setAttribute('aria-current', 'page');
}

// The home rows' data block leaves the page at once, whatever the route (see removeBuiltHomeRows).
removeBuiltHomeRows();
markShellNav();
if (onHome) {
  // index.html already holds the page (prerendered by the build): it paints before any work starts (a Worker or a
  // compile started before the first frame measurably delayed it). Then the checks start, and the app's code waits
  // for them, or for the reader to do something (lib/home/appGate.ts). A task queued from a frame callback runs
  // after that frame's paint.
  requestAnimationFrame(() =>
    setTimeout(() => {
      const checks = homeRows();
      compileWorldsWasm();
      markBootShell(homeStore());
      // Once the checks have settled, the frame that shows their verdicts goes first: asking for the app's modules took
      // ~40 ms of the task that wrote the last one. The reader's input, or the wait's end, asks at once.
      void whenAppWanted({ checks: Object.values(checks), input: window, waitMs: APP_WAIT_MS, setTimeout, clearTimeout }).then((why) =>
        why === 'checked' ? requestAnimationFrame(() => setTimeout(loadApp)) : loadApp(),
      );
    }),
  );
} else if (head === 'traces') {
  // The empty library (and a link's question) is prerendered too: it reaches the screen first, then the app's code
  // starts (its download, compile and first evaluation beside the frame delayed the shell's presentation by a third on
  // two cores). A link's question is live at once: the reader cannot click before it is painted, and the import it
  // starts runs in its worker while the app loads.
  if (src !== null) {
    warmImportWorker();
    showEarlyLink(src);
  }
  afterFirstPaint(loadApp, FIRST_PAINT_WAIT_MS);
} else loadApp();
