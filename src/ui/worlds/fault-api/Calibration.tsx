import { lazy, Suspense } from 'react';
import { SOLVERS, type Calibration } from '../../../worlds/fault-api/calibrate';
import { PROFILES } from '../../../worlds/fault-api/params';
import { Progress } from '../../components/Progress';
import { useCalibrationWorker } from '../../lib/useCalibrationWorker';
import { FAULT_API } from './id';

const CalibrationChart = lazy(() => import('./CalibrationChart'));

/** The published table from the dirty-integration README, shown beside ours (it calls the trusting solver "naive"). */
const PUBLISHED: Record<string, Record<string, number>> = {
  clean: { trusting: 1, stubborn: 1, careful: 1 },
  realistic: { trusting: 0.56, stubborn: 1, careful: 1 },
  hostile: { trusting: 0.35, stubborn: 0.91, careful: 1 },
};

function layerSplit(cal: Calibration, profile: (typeof PROFILES)[number], solver: (typeof SOLVERS)[number]): string {
  const l = cal[profile][solver].layers;
  return `completeness ${l.completeness?.toFixed(2)} · types ${l.type_handling?.toFixed(2)} · budget ${l.budget_discipline?.toFixed(2)}`;
}

/** The seed's calibration: three solvers × three profiles over `seeds` seeds a cell, in the calibration worker (`calibrationJob.ts`). */
export function FaultApiCalibration({ seeds }: { seeds: number }) {
  // The job's result is this world's own worker answer (calibrationJob.ts): read back as what it sent.
  const state = useCalibrationWorker({ kind: 'job', world: FAULT_API, params: { seeds } }, (m) => (m.type === 'done' ? (m.result as Calibration) : undefined));
  if (state.status === 'error') return <p className="error">The calibration failed: {state.message}</p>;
  if (state.status === 'running') return <Progress done={state.done} total={state.total} label="Running reference solvers" unit="episodes" />;
  const cal = state.result;
  return (
    <div className="calibration">
      <table className="grid" data-testid="fault-api-calibration">
        <thead>
          <tr>
            <th scope="col">profile</th>
            {SOLVERS.map((s) => (
              <th scope="col" key={s}>
                {s}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PROFILES.map((p) => (
            <tr key={p}>
              <th scope="row">{p}</th>
              {SOLVERS.map((s) => (
                <td key={s} title={layerSplit(cal, p, s)} data-testid={`cal-${p}-${s}`} className="num">
                  <span className="value">{cal[p][s].mean.toFixed(2)}</span>
                  <span className="published">published {PUBLISHED[p]![s]!.toFixed(2)}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted small">
        Mean full reward over {seeds} seeds per cell, computed just now in your browser ({state.ms.toFixed(0)} ms, in a Web Worker). Hover a cell for its reward
        split.
      </p>
      <Suspense fallback={<div className="chart-placeholder">Loading chart…</div>}>
        <CalibrationChart calibration={cal} />
      </Suspense>
    </div>
  );
}
