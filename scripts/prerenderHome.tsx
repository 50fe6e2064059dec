// Computes the home page's rows in Node with the app's own code and renders
// the page's markup with its own components; prints {html, json, id} (the
// markup, the rows' data block and its element id) for the build
// (vite.config.ts, prerenderHome) to write into index.html. The rows are
// deterministic, and the Node/Chromium byte-identity test (e2e/determinism)
// holds the two runtimes to the same values; the page still recomputes them
// and says whether they agree. Every home table is the registry's: each
// world's showcase on the world as Node runs it (src/worlds/registry).
import { renderToStaticMarkup } from 'react-dom/server';
import { HomePage } from '../src/ui/components/HomePage';
import { BUILT_ROWS_ID, builtRowsJson, initialHomeState, type BuiltHomeRows } from '../src/ui/lib/home/check';
import { homeTables } from '../src/ui/worlds/registry';
import { WORLDS } from '../src/worlds/registry';

const rows: BuiltHomeRows = {};
for (const table of homeTables()) {
  const world = WORLDS.find((w) => w.id === table.id);
  if (!world) throw new Error(`prerender: no world "${table.id}" in the Node registry for its home table`);
  rows[table.id] = await table.home.rows(world);
}
const html = renderToStaticMarkup(<HomePage state={initialHomeState(rows, Object.keys(rows))} gotchas={null} calibration={null} />);
process.stdout.write(JSON.stringify({ html, json: builtRowsJson(rows), id: BUILT_ROWS_ID }));
