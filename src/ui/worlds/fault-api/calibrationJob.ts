import { isJsonObject } from '../../../core/json';
import { calibrateFaultApi } from '../../../worlds/fault-api/calibrate';
import type { CalibrationJob } from '../types';

/** The seed's calibration in the calibration worker: `{seeds}` seeds a cell (60 where none is given). */
export const calibrationJob: CalibrationJob = (params, progress) => {
  const seeds = isJsonObject(params) && typeof params.seeds === 'number' ? params.seeds : 60;
  return calibrateFaultApi(seeds, progress);
};
