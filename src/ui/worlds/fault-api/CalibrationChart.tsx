import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { SOLVERS, type Calibration } from '../../../worlds/fault-api/calibrate';
import { PROFILES } from '../../../worlds/fault-api/params';
import { AGENT_COLORS } from '../../lib/palette';

/** A solver keeps its colour in every chart; none is a verifier's, or PASS green / FAIL red. */
export const SOLVER_COLORS: Record<(typeof SOLVERS)[number], string> = { trusting: AGENT_COLORS[0], stubborn: AGENT_COLORS[1], careful: AGENT_COLORS[2] };

// Recharts sorts legend items by name unless told: list them in the order the bars stand in each group.
const barOrder = (item: { value?: unknown }) => SOLVERS.findIndex((s) => s === item.value);

export default function CalibrationChart({ calibration }: { calibration: Calibration }) {
  const data = PROFILES.map((p) => ({ profile: p, ...Object.fromEntries(SOLVERS.map((s) => [s, Number(calibration[p][s].mean.toFixed(3))])) }));
  return (
    <div className="chart" data-testid="calibration-chart" role="figure" aria-label="Mean full reward per profile, one bar per solver">
      <ResponsiveContainer width="100%" height={240}>
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
          <XAxis dataKey="profile" stroke="var(--muted)" />
          <YAxis domain={[0, 1]} ticks={[0, 0.25, 0.5, 0.75, 1]} stroke="var(--muted)" />
          <Tooltip contentStyle={{ background: 'var(--panel)', border: '1px solid var(--border)' }} itemStyle={{ color: 'var(--text)' }} />
          <Legend itemSorter={barOrder} />
          {SOLVERS.map((s) => (
            <Bar key={s} dataKey={s} fill={SOLVER_COLORS[s]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
