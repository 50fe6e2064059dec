import { MatrixCalibration } from '../../components/calibration/MatrixCalibration';
import { TASKS_BY_ID } from '../taskVocabulary';
import { PortalInspector } from './PortalInspector';
import { PortalPlay } from './PortalPlay';
import type { WorldUi } from '../types';

function Calibration() {
  return <MatrixCalibration world="web-portal" />;
}

/** web-portal in the UI: the portal drawn as a page to click, and at each step the page, the records and the honeypots. */
export const webPortalUi: WorldUi = {
  PlayPanel: PortalPlay,
  playDrawsResult: true,
  Inspector: PortalInspector,
  player: { hidden: "the portal's backend records (orders, customers, refunds, audit) and the page's hidden parts" },
  tasks: TASKS_BY_ID,
  calibration: { title: 'web-portal — every task × every reference agent', Panel: Calibration },
};
