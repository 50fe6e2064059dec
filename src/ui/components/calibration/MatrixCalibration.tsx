import { lazy, Suspense } from 'react';
import type { MatrixCell } from '../../../core/matrix';
import { useCalibrationWorker } from '../../lib/useCalibrationWorker';
import { Progress } from '../Progress';
import { ReferenceMatrix } from '../ReferenceMatrix';

const MatrixChart = lazy(() => import('../MatrixChart'));

/** Every task × every reference agent of one world, computed in a Web Worker; each cell opens its episode. */
export function MatrixCalibration({ world }: { world: string }) {
  const state = useCalibrationWorker<MatrixCell[]>({ kind: 'matrix', world }, (m) => (m.type === 'matrix' ? m.cells : undefined));
  if (state.status === 'error') return <p className="error">The calibration failed: {state.message}</p>;
  if (state.status === 'running') return <Progress done={state.done} total={state.total} label={`Running ${world} reference agents`} unit="episodes" />;
  const oracleMin = Math.min(...state.result.filter((c) => c.role === 'oracle').map((c) => c.reward));
  const sentinelMax = Math.max(...state.result.filter((c) => c.role === 'sentinel').map((c) => c.reward));
  return (
    <>
      <p className="muted small">
        oracle min <strong>{oracleMin.toFixed(2)}</strong> · sentinel max <strong>{sentinelMax.toFixed(2)}</strong> · {state.result.length} episodes in{' '}
        {state.ms.toFixed(0)} ms in a Web Worker. Green cells pass the full verifier; click one to step through it.
      </p>
      <ReferenceMatrix cells={state.result} world={world} testId={`matrix-${world}`} />
      <Suspense fallback={<div className="chart-placeholder">Loading chart…</div>}>
        <MatrixChart cells={state.result} />
      </Suspense>
    </>
  );
}
