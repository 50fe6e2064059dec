import { MatrixCalibration } from '../../../components/calibration/MatrixCalibration';
import { LEDGER_ID } from '../../../../worlds/testing/ledger/task';
import { MAX_TURNS_PARAM } from '../../taskVocabulary';
import type { InspectorProps, PlayPanelProps, WorldUi } from '../../types';

/** Two buttons: read the ledger, hand in a total. */
function LedgerPlay({ onCall, busy }: PlayPanelProps) {
  return (
    <div className="play-panel" data-testid="play-test-ledger">
      <button type="button" disabled={busy} onClick={() => onCall({ name: 'read_entries', arguments: {} })}>
        Read the ledger
      </button>
    </div>
  );
}

function LedgerInspector({ state }: InspectorProps) {
  return <pre data-testid="inspector-test-ledger">{JSON.stringify(state, null, 2)}</pre>;
}

function Calibration() {
  return <MatrixCalibration world={LEDGER_ID} />;
}

/** The ledger in the UI: its tasks differ only by seed, so one choice with seeds pooled. */
export const ledgerUi: WorldUi = {
  PlayPanel: LedgerPlay,
  Inspector: LedgerInspector,
  player: { hidden: 'the ledger’s entries and how often they were read' },
  tasks: {
    noun: 'ledger',
    plural: 'ledgers',
    key: () => 'ledger',
    label: () => 'sum the ledger',
    pick: (current, chosen) => ({ ...chosen.spec, seed: typeof current.seed === 'number' ? current.seed : chosen.seed }),
    poolSeeds: true,
    params: [MAX_TURNS_PARAM],
  },
  calibration: { title: 'test ledger — every task × every reference agent', Panel: Calibration },
};
