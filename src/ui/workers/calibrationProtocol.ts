import type { MatrixCell } from '../../core/matrix';
import type { Calibration } from '../../worlds/fault-api/calibrate';

export type CalibrationRequest = { kind: 'fault-api'; seeds: number } | { kind: 'matrix'; world: 'tripwire' | 'ticket-queue' };

export type CalibrationMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; result: Calibration }
  | { type: 'matrix'; cells: MatrixCell[] }
  | { type: 'error'; message: string };
