import type { Calibration } from '../../worlds/fault-api/calibrate';

export interface CalibrationRequest {
  seeds: number;
}

export type CalibrationMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; result: Calibration }
  | { type: 'error'; message: string };
