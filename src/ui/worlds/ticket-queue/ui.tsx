import { MatrixCalibration } from '../../components/calibration/MatrixCalibration';
import { TASKS_BY_ID } from '../taskVocabulary';
import { TicketQueueInspector } from './TicketQueueInspector';
import { TicketQueuePlay } from './TicketQueuePlay';
import type { WorldUi } from '../types';

function Calibration() {
  return <MatrixCalibration world="ticket-queue" />;
}

/** ticket-queue in the UI: buttons for its tools, and the board with what changed since the start. */
export const ticketQueueUi: WorldUi = {
  PlayPanel: TicketQueuePlay,
  Inspector: TicketQueueInspector,
  player: { hidden: 'the whole board, every ticket with its status, and the writes made' },
  tasks: TASKS_BY_ID,
  calibration: { title: 'ticket-queue — oracle and sentinels per task', Panel: Calibration },
};
