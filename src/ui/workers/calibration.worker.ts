/// <reference lib="webworker" />
import { referenceMatrix } from '../../core/matrix';
import type { World } from '../../core/world';
import { calibrateFaultApi } from '../../worlds/fault-api/calibrate';
import type { CalibrationMessage, CalibrationRequest } from './calibrationProtocol';

const post = (m: CalibrationMessage) => self.postMessage(m);

/** Progress at most every 2%: hundreds of messages would cost more than the work. */
function throttled() {
  let last = 0;
  return (done: number, total: number) => {
    if (done === total || done - last >= total / 50) {
      last = done;
      post({ type: 'progress', done, total });
    }
  };
}

// Reference agents only: their SQL is ours, so sql.js runs in this worker without a watchdog.
async function world(id: 'tripwire' | 'ticket-queue'): Promise<World> {
  if (id === 'ticket-queue') return (await import('../../worlds/ticket-queue/index')).ticketQueueWorld;
  const [{ createTripwireWorld }, { createInProcessHost }, { default: initSqlJs }, { default: wasmUrl }] = await Promise.all([
    import('../../worlds/tripwire/world'),
    import('../../worlds/tripwire/host'),
    import('sql.js'),
    import('sql.js/dist/sql-wasm.wasm?url'),
  ]);
  return createTripwireWorld({ host: createInProcessHost(() => initSqlJs({ locateFile: () => wasmUrl })) });
}

self.onmessage = async (e: MessageEvent<CalibrationRequest>) => {
  try {
    const req = e.data;
    if (req.kind === 'fault-api') post({ type: 'done', result: await calibrateFaultApi(req.seeds, throttled()) });
    else post({ type: 'matrix', cells: await referenceMatrix(await world(req.world), throttled()) });
  } catch (err) {
    post({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
