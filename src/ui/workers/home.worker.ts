/// <reference lib="webworker" />
import { sqlJsFrom } from '../../worlds/tripwire/browserSqlJs';
import { createInProcessHost } from '../../worlds/tripwire/host';
import { createTripwireWorld } from '../../worlds/tripwire/world';
import { tripwireRows, type HomeRow } from '../lib/homeRows';
import { WORKER_WORLDS, type HomeMessage, type HomeRequest, type HomeWorldId, type WorkerWorldId } from './homeProtocol';

/**
 * The home table's tripwire rows, off the page's thread: the page boots React
 * while this computes, on the other core. Reference agents only (our SQL), so
 * sql.js runs here in-process, instantiated from the module the page compiled.
 */
const module = new Promise<WebAssembly.Module>((resolve, reject) => {
  self.onmessage = (e: MessageEvent<HomeRequest>) => ('module' in e.data ? resolve(e.data.module) : reject(new Error(e.data.failed)));
});
module.catch(() => undefined);

const post = (m: HomeMessage) => self.postMessage(m);

// The page waits for this before it asks for the app's code: on HTTP/1.1 its dozen chunk requests would otherwise queue this script behind them.
post({ type: 'loaded' });

async function send(world: HomeWorldId, make: () => Promise<HomeRow[]>): Promise<void> {
  try {
    post({ type: 'rows', world, rows: await make() });
  } catch (e) {
    post({ type: 'error', world, message: e instanceof Error ? e.message : String(e) });
  }
}

// Static imports only: the worker is one file, so it starts after one fetch, not a chain of them.
const ROWS: Record<WorkerWorldId, () => Promise<HomeRow[]>> = {
  tripwire: () => {
    const SQL = module.then(sqlJsFrom);
    return tripwireRows(createTripwireWorld({ host: createInProcessHost(() => SQL) }));
  },
};

for (const world of WORKER_WORLDS) await send(world, ROWS[world]);
