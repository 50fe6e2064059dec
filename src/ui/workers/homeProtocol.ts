import type { HomeRow } from '../lib/home/rows';

/**
 * Page → worker: the module the page compiled for one of the worker's worlds
 * (`WorldEntry.wasm`), or why there is none. The worker computes the worlds
 * whose showcase says `inHomeWorker` (each by its `homeInWorker.ts`).
 */
export type HomeRequest = { world: string; module: WebAssembly.Module } | { world: string; failed: string };

/**
 * Worker → page: its script is in and running (the page holds its own downloads until then), with a port
 * for the page's requests, then one world's rows as soon as they are computed. The port: a message posted
 * to the worker itself waited for the page's thread to finish its next task (or two) before the worker got
 * it (30-60 ms in traces); one on a port goes straight to the worker's thread.
 */
export type HomeMessage =
  { type: 'loaded'; port?: MessagePort } | { type: 'rows'; world: string; rows: HomeRow[] } | { type: 'error'; world: string; message: string };
