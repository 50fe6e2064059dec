import type { Calibration } from '../../worlds/fault-api/calibrate';
import { useCalibrationWorker, type WorkerState } from './useCalibrationWorker';

export type CalibrationState = WorkerState<Calibration>;

/** Runs the fault-API calibration in a Worker so the page never freezes. */
export function useFaultApiCalibration(seeds: number): CalibrationState {
  return useCalibrationWorker({ kind: 'solvers', seeds }, (m) => (m.type === 'done' ? m.result : undefined));
}
