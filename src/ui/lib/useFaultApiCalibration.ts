import { useEffect, useState } from 'react';
import type { Calibration } from '../../worlds/fault-api/calibrate';
import type { CalibrationMessage, CalibrationRequest } from '../workers/calibrationProtocol';

export type CalibrationState =
  | { status: 'running'; done: number; total: number }
  | { status: 'done'; result: Calibration; ms: number }
  | { status: 'error'; message: string };

/** Runs the fault-API calibration in a Worker so the page never freezes. */
export function useFaultApiCalibration(seeds: number): CalibrationState {
  const [state, setState] = useState<CalibrationState>({ status: 'running', done: 0, total: 1 });
  useEffect(() => {
    const started = performance.now();
    const worker = new Worker(new URL('../workers/calibration.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<CalibrationMessage>) => {
      const m = e.data;
      if (m.type === 'progress') setState({ status: 'running', done: m.done, total: m.total });
      else if (m.type === 'done') setState({ status: 'done', result: m.result, ms: performance.now() - started });
      else setState({ status: 'error', message: m.message });
    };
    worker.onerror = (e) => setState({ status: 'error', message: e.message || 'the calibration worker failed to start' });
    const request: CalibrationRequest = { seeds };
    worker.postMessage(request);
    setState({ status: 'running', done: 0, total: 1 });
    return () => worker.terminate();
  }, [seeds]);
  return state;
}
