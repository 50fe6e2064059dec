import { MatrixCalibration } from '../../components/calibration/MatrixCalibration';
import { TASKS_BY_ID } from '../taskVocabulary';
import { SqlPlay } from './SqlPlay';
import { TripwireInspector } from './TripwireInspector';
import type { WorldUi } from '../types';

function Calibration() {
  return <MatrixCalibration world="tripwire" />;
}

/** tripwire in the UI: a SQL editor, and the database at each step with the rows changed since the start. */
export const tripwireUi: WorldUi = {
  PlayPanel: SqlPlay,
  Inspector: TripwireInspector,
  player: { hidden: 'the whole database, every table and row, with the rows changed since the start' },
  tasks: TASKS_BY_ID,
  calibration: { title: 'tripwire — every task × every reference agent', Panel: Calibration },
};
