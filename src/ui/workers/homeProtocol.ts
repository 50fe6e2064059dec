import type { HomeRow } from '../lib/homeRows';

export type HomeWorldId = 'fault-api' | 'ticket-queue' | 'tripwire' | 'web-portal';

export const HOME_WORLDS: readonly HomeWorldId[] = ['fault-api', 'ticket-queue', 'tripwire', 'web-portal'];

/**
 * What the worker computes: the world whose cold start (sql.js's first statements, ≈ 300 ms on a
 * cold page) is the long pole and would otherwise block the page. The SQL-free worlds take tens of
 * milliseconds on the page while React loads; moving them into the worker too measured no faster.
 */
export const WORKER_WORLDS = ['tripwire'] as const satisfies readonly HomeWorldId[];
export type WorkerWorldId = (typeof WORKER_WORLDS)[number];

/** Page → worker: the page's compiled sql.js module (or why there is none). */
export type HomeRequest = { module: WebAssembly.Module } | { failed: string };

/** Worker → page: its script is in and running (the page holds its own downloads until then), then one world's rows as soon as they are computed. */
export type HomeMessage = { type: 'loaded' } | { type: 'rows'; world: HomeWorldId; rows: HomeRow[] } | { type: 'error'; world: HomeWorldId; message: string };
