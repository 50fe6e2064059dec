import { useAsync } from '../../lib/useAsync';
import { worldEntry } from '../../worlds/registry';

const uiOf = async (world: string) => {
  const entry = worldEntry(world);
  if (!entry) throw new Error(`unknown world "${world}"`);
  return entry.ui();
};

/** A world's own calibration panel (`WorldUi.calibration`), loaded with its UI module. */
export function WorldCalibration({ world }: { world: string }) {
  const ui = useAsync(() => uiOf(world), [world]);
  if (ui.status === 'loading') return <p className="muted">Loading…</p>;
  if (ui.status === 'error') return <p className="error">The calibration failed to load: {ui.message}</p>;
  const { Panel } = ui.value.calibration;
  return <Panel />;
}
