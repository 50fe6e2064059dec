import type { MatrixCell } from '../../core/matrix';
import type { Calibration } from '../../worlds/fault-api/calibrate';

/** `solvers`: fault-api's solvers × profiles over seeds (the seed's calibration); `matrix`: any world's tasks × reference agents. */
export type CalibrationRequest = { kind: 'solvers'; seeds: number } | { kind: 'matrix'; world: string };

export type CalibrationMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; result: Calibration }
  | { type: 'matrix'; cells: MatrixCell[] }
  | { type: 'error'; message: string };
