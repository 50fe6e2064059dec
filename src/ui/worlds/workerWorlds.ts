import type { World } from '../../core/world';

/**
 * A world as a Web Worker loads it to run reference agents: their SQL is
 * ours, so tripwire runs in-process on the worker's own sql.js, without a
 * watchdog. The registry's loaders are for the page.
 */
export async function referenceWorldInWorker(id: string): Promise<World> {
  if (id === 'ticket-queue') return (await import('../../worlds/ticket-queue/index')).ticketQueueWorld;
  if (id === 'fault-api') return (await import('../../worlds/fault-api/index')).faultApiWorld;
  if (id !== 'tripwire') throw new Error(`unknown world "${id}"`);
  const [{ createTripwireWorld }, { createInProcessHost }, { default: initSqlJs }, { default: wasmUrl }] = await Promise.all([
    import('../../worlds/tripwire/world'),
    import('../../worlds/tripwire/host'),
    import('sql.js'),
    import('sql.js/dist/sql-wasm.wasm?url'),
  ]);
  return createTripwireWorld({ host: createInProcessHost(() => initSqlJs({ locateFile: () => wasmUrl })) });
}
