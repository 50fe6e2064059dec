import { markBootShell } from './lib/home/bootShell';
import { homeStore, takeBuiltHomeRows } from './lib/home/store';
import { compileWorldsWasm } from './worlds/registry';
import './styles.css';

// The home route as App reads it (lib/route's parseHash, not imported: it would pull React into the entry).
const onHome = !window.location.hash.replace(/^#\/?/, '').split('?')[0]!.split('/').some(Boolean);

/**
 * On the home route index.html already holds the page (prerendered by the
 * build): let it paint before any work starts. Starting a Worker and the
 * app's module preloads before the first frame measurably delayed it.
 */
const start = (work: () => void) => (onHome ? requestAnimationFrame(() => setTimeout(work)) : work());

// The entry is a few kilobytes and runs before React has even downloaded:
// compile the worlds' WebAssembly (index.html preloads its bytes), and on the home page start
// checking the painted tables against this browser's own rows, so both
// overlap with loading and booting the app.
// The home rows' data block leaves the page at once, whatever the route (see takeBuiltHomeRows).
takeBuiltHomeRows();
start(() => {
  compileWorldsWasm();
  if (onHome) markBootShell(homeStore());
  import('./boot').catch((e: unknown) => {
    const root = document.getElementById('root')!;
    root.textContent = `The app failed to load (${e instanceof Error ? e.message : String(e)}). Reload the page to try again.`;
  });
});
