import { compileSqlWasm } from '../worlds/tripwire/browserWasm';
import { homeRows } from './lib/homeWorker';
import './styles.css';

// The entry is a few kilobytes and runs before React has even downloaded:
// compile sql.js (index.html preloads its bytes), and on the home page start
// the table's rows, so both overlap with loading and booting the app.
void compileSqlWasm();
if (window.location.hash.replace(/^#\/?/, '') === '') homeRows();

import('./boot').catch((e: unknown) => {
  const root = document.getElementById('root')!;
  root.textContent = `The app failed to load (${e instanceof Error ? e.message : String(e)}). Reload the page to try again.`;
});
