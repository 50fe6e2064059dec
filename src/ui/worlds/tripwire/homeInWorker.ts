import { sqlJsFrom } from '../../../worlds/tripwire/browserSqlJs';
import { createInProcessHost } from '../../../worlds/tripwire/host';
import { createTripwireWorld } from '../../../worlds/tripwire/world';
import type { HomeInWorker } from '../types';
import { showcaseRows } from './home';
import { TRIPWIRE_ID } from './id';

/**
 * The home table's rows in the home worker: reference agents only (our SQL),
 * so sql.js runs in-process there, instantiated from the module the page compiled.
 */
export const homeInWorker: HomeInWorker = {
  world: TRIPWIRE_ID,
  rows: (wasm) => {
    const SQL = wasm().then(sqlJsFrom);
    return showcaseRows(createTripwireWorld({ host: createInProcessHost(() => SQL) }));
  },
};
