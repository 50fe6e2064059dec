import type { JsonObject } from '../../../core/json';
import type { Task } from '../../../core/types';
import { FaultApiCalibration } from './Calibration';
import { FaultApiInspector, FaultApiSeen } from './FaultApiInspector';
import { FaultApiPlay } from './FaultApiPlay';
import { readQuota } from './quota';
import { MAX_TURNS_PARAM } from '../taskVocabulary';
import type { TaskParam, WorldUi } from '../types';

const profileOf = (t: Task) => String(t.spec.profile);

// The bounds are the world's own (worlds/fault-api/params.ts); its spec always carries both numbers.
const specNumber = (key: string) => (t: Task) => Number(t.spec[key]);
const PARAMS: TaskParam[] = [
  { key: 'num_records', label: 'records', min: 1, max: 10000, read: specNumber('num_records') },
  { key: 'page_size', label: 'page size', min: 1, max: 1000, read: specNumber('page_size') },
  MAX_TURNS_PARAM,
];

/** The seed's calibration: three solvers × three profiles, 60 seeds a cell. */
function Calibration() {
  return <FaultApiCalibration seeds={60} />;
}

/**
 * fault-api in the UI. Its tasks differ by profile (the seed is its own
 * field); the timeline draws the requests spent against the hidden quota,
 * both read from the session's state after each step.
 */
export const faultApiUi: WorldUi = {
  PlayPanel: FaultApiPlay,
  Inspector: FaultApiInspector,
  player: { hidden: 'the requests spent against the hidden quota, duplicate rows and mistyped amounts', Seen: FaultApiSeen },
  tasks: {
    noun: 'profile',
    plural: 'profiles',
    key: profileOf,
    label: profileOf,
    pick: (current: JsonObject, chosen: Task) => ({ ...current, profile: chosen.spec.profile ?? 'realistic' }),
    poolSeeds: true,
    params: PARAMS,
  },
  series: {
    label: 'requests',
    value: (state) => readQuota(state).requests,
    limit: (state) => {
      const { quota } = readQuota(state);
      return quota === null ? null : { label: `hidden quota ${quota}`, value: quota };
    },
  },
  markResultCell: (column, value) => (column === 'amount' && typeof value === 'string' ? 'mistyped' : undefined),
  calibration: { title: 'fault-api — 60 seeds per cell', Panel: Calibration },
};
