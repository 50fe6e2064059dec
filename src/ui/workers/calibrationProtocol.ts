import type { Json } from '../../core/json';
import type { MatrixCell } from '../../core/matrix';

/** `matrix`: any world's tasks × reference agents; `job`: a world's own calibration job (`WorldEntry.calibrationJob`) with its params. */
export type CalibrationRequest = { kind: 'matrix'; world: string } | { kind: 'job'; world: string; params: Json };

export type CalibrationMessage =
  | { type: 'progress'; done: number; total: number }
  /** A job's result, as the world's job returned it (its own panel reads it). */
  | { type: 'done'; result: unknown }
  | { type: 'matrix'; cells: MatrixCell[] }
  | { type: 'error'; message: string };
