/// <reference lib="webworker" />
import type { HomeRow } from '../lib/home/rows';
import type { HomeInWorker } from '../worlds/types';
import type { HomeMessage, HomeRequest } from './homeProtocol';

/**
 * The home tables whose world's cold start would hold up the page (its
 * showcase says `inHomeWorker`), computed off the page's thread: the page
 * boots React while this computes, on the other core. Each world's part is
 * its `homeInWorker.ts`, found here by its folder; a world that runs on
 * WebAssembly gets the module the page compiled (no second fetch or compile).
 */
// Eager: the worker is one file, so it starts after one fetch, not a chain of them.
const PARTS = Object.values(import.meta.glob<HomeInWorker>('../worlds/*/homeInWorker.ts', { eager: true, import: 'homeInWorker' }));

const modules = new Map<string, { promise: Promise<WebAssembly.Module>; settle: (r: HomeRequest) => void }>();
function moduleOf(world: string) {
  let m = modules.get(world);
  if (!m) {
    let settle!: (r: HomeRequest) => void;
    const promise = new Promise<WebAssembly.Module>((resolve, reject) => (settle = (r) => ('module' in r ? resolve(r.module) : reject(new Error(r.failed)))));
    promise.catch(() => undefined);
    m = { promise, settle };
    modules.set(world, m);
  }
  return m;
}
const onRequest = (e: MessageEvent<HomeRequest>) => moduleOf(e.data.world).settle(e.data);
self.onmessage = onRequest;

const post = (m: HomeMessage, transfer: Transferable[] = []) => self.postMessage(m, transfer);

// The page waits for this before it asks for the on-page worlds' code: on HTTP/1.1 their chunk requests would otherwise queue this script behind them.
// It sends its requests on the port (homeProtocol.ts: a port reaches this thread at once).
const requests = new MessageChannel();
requests.port1.onmessage = onRequest;
post({ type: 'loaded', port: requests.port2 }, [requests.port2]);

async function send(world: string, make: () => Promise<HomeRow[]>): Promise<void> {
  try {
    post({ type: 'rows', world, rows: await make() });
  } catch (e) {
    post({ type: 'error', world, message: e instanceof Error ? e.message : String(e) });
  }
}

for (const part of PARTS) await send(part.world, () => part.rows(() => moduleOf(part.world).promise));
