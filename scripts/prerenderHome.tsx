// Computes the home page's rows in Node with the app's own code and renders
// the page's markup with its own components; prints {html, json, id} (the
// markup, the rows' data block and its element id) for the build
// (vite.config.ts, prerenderHome) to write into index.html. The rows are
// deterministic, and the Node/Chromium byte-identity test (e2e/determinism)
// holds the two runtimes to the same values; the page still recomputes them
// and says whether they agree.
import { renderToStaticMarkup } from 'react-dom/server';
import { HomePage } from '../src/ui/components/HomePage';
import { BUILT_ROWS_ID, builtRowsJson, initialHomeState, type BuiltHomeRows } from '../src/ui/lib/home/check';
import { faultApiRows, ticketQueueRows, tripwireRows, webPortalRows } from '../src/ui/lib/home/rows';
import { faultApiWorld } from '../src/worlds/fault-api/index';
import { ticketQueueWorld } from '../src/worlds/ticket-queue/index';
import { tripwireWorld } from '../src/worlds/tripwire/index';
import { webPortalWorld } from '../src/worlds/web-portal/index';

const rows: BuiltHomeRows = {
  'fault-api': await faultApiRows(faultApiWorld),
  'ticket-queue': await ticketQueueRows(ticketQueueWorld),
  tripwire: await tripwireRows(tripwireWorld),
  'web-portal': await webPortalRows(webPortalWorld),
};
const html = renderToStaticMarkup(<HomePage state={initialHomeState(rows)} gotchas={null} calibration={null} />);
process.stdout.write(JSON.stringify({ html, json: builtRowsJson(rows), id: BUILT_ROWS_ID }));
