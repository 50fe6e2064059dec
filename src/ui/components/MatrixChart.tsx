import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { MatrixCell } from '../../core/matrix';
import { COLOR } from '../lib/palette';

const ROW = 30;
// Recharts sorts legend items by name unless told: naive first, then full, as the bars stand.
const VERIFIERS = ['naive', 'full'];
const barOrder = (item: { value?: unknown }) => VERIFIERS.indexOf(String(item.value));

/**
 * Mean naive and full reward per reference agent over every task it applies to.
 * Bars run across, one row per agent, so the names sit on their own lines and
 * never overlap however many agents a world has.
 */
export default function MatrixChart({ cells }: { cells: MatrixCell[] }) {
  const agents = [...new Set(cells.map((c) => c.agent))];
  const data = agents.map((a) => {
    const own = cells.filter((c) => c.agent === a);
    const mean = (f: (c: MatrixCell) => number) => Number((own.reduce((s, c) => s + f(c), 0) / own.length).toFixed(3));
    return { agent: a, naive: mean((c) => c.naive), full: mean((c) => c.reward) };
  });
  const width = Math.min(200, Math.max(...agents.map((a) => a.length)) * 7 + 12);
  const height = agents.length * ROW + 70;
  return (
    <div className="chart" style={{ height }} data-testid="matrix-chart" role="img" aria-label="Mean naive and full reward per reference agent">
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={data} layout="vertical" margin={{ top: 8, right: 16, bottom: 0, left: 0 }} barGap={1}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
          <XAxis type="number" domain={[0, 1]} ticks={[0, 0.25, 0.5, 0.75, 1]} stroke="var(--muted)" />
          <YAxis type="category" dataKey="agent" stroke="var(--muted)" fontSize={11} interval={0} width={width} />
          <Tooltip contentStyle={{ background: 'var(--panel)', border: '1px solid var(--border)' }} itemStyle={{ color: 'var(--text)' }} />
          <Legend itemSorter={barOrder} verticalAlign="top" />
          <Bar dataKey="naive" fill={COLOR.naive} isAnimationActive={false} />
          <Bar dataKey="full" fill={COLOR.full} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
