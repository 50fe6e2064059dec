/// <reference lib="webworker" />
import { calibrateFaultApi } from '../../worlds/fault-api/calibrate';
import type { CalibrationRequest, CalibrationMessage } from './calibrationProtocol';

const post = (m: CalibrationMessage) => self.postMessage(m);

self.onmessage = async (e: MessageEvent<CalibrationRequest>) => {
  try {
    let last = 0;
    const result = await calibrateFaultApi(e.data.seeds, (done, total) => {
      // Progress at most every 2%: hundreds of messages would cost more than the work.
      if (done === total || done - last >= total / 50) {
        last = done;
        post({ type: 'progress', done, total });
      }
    });
    post({ type: 'done', result });
  } catch (err) {
    post({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
