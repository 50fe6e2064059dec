import { useEffect, useState } from 'react';
import type { CalibrationMessage, CalibrationRequest } from '../workers/calibrationProtocol';

/** `total` is null until the worker has counted the job. */
export type WorkerState<T> =
  { status: 'running'; done: number; total: number | null } | { status: 'done'; result: T; ms: number } | { status: 'error'; message: string };

/** Run one calibration job in a Web Worker, so the page never freezes; `pick` reads the answer. */
export function useCalibrationWorker<T>(request: CalibrationRequest, pick: (m: CalibrationMessage) => T | undefined): WorkerState<T> {
  const [state, setState] = useState<WorkerState<T>>({ status: 'running', done: 0, total: null });
  const key = JSON.stringify(request);
  useEffect(() => {
    const started = performance.now();
    setState({ status: 'running', done: 0, total: null });
    const worker = new Worker(new URL('../workers/calibration.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<CalibrationMessage>) => {
      const m = e.data;
      if (m.type === 'progress') setState({ status: 'running', done: m.done, total: m.total });
      else if (m.type === 'error') setState({ status: 'error', message: m.message });
      else {
        const result = pick(m);
        if (result !== undefined) setState({ status: 'done', result, ms: performance.now() - started });
      }
    };
    worker.onerror = (e) => setState({ status: 'error', message: e.message || 'the calibration worker failed to start' });
    worker.postMessage(JSON.parse(key) as CalibrationRequest);
    return () => worker.terminate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}
