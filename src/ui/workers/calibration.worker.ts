/// <reference lib="webworker" />
import { referenceMatrix } from '../../core/matrix';
import { calibrationJobInWorker, referenceWorldInWorker } from '../worlds/workerWorlds';
import type { CalibrationMessage, CalibrationRequest } from './calibrationProtocol';

const post = (m: CalibrationMessage) => self.postMessage(m);

/** Progress at most every 2%: hundreds of messages would cost more than the work. */
function throttled() {
  let last = 0;
  return (done: number, total: number) => {
    if (done === 0 || done === total || done - last >= total / 50) {
      last = done;
      post({ type: 'progress', done, total });
    }
  };
}

self.onmessage = async (e: MessageEvent<CalibrationRequest>) => {
  try {
    const req = e.data;
    if (req.kind === 'job') post({ type: 'done', result: await (await calibrationJobInWorker(req.world))(req.params, throttled()) });
    else post({ type: 'matrix', cells: await referenceMatrix(await referenceWorldInWorker(req.world), throttled()) });
  } catch (err) {
    post({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
