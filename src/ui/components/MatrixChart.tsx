import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { MatrixCell } from '../../core/matrix';

/** Mean naive vs full reward per reference agent over every task it applies to. */
export default function MatrixChart({ cells }: { cells: MatrixCell[] }) {
  const agents = [...new Set(cells.map((c) => c.agent))];
  const data = agents.map((a) => {
    const own = cells.filter((c) => c.agent === a);
    const mean = (f: (c: MatrixCell) => number) => Number((own.reduce((s, c) => s + f(c), 0) / own.length).toFixed(3));
    return { agent: a, naive: mean((c) => c.naive), full: mean((c) => c.reward) };
  });
  // With the red team there are a dozen or more agents: slanted labels, so the names never overlap.
  const slant = agents.length > 6;
  const longest = Math.max(...agents.map((a) => a.length));
  const labelHeight = slant ? Math.min(140, Math.round(longest * 5.2) + 12) : 30;
  return (
    <div className="chart" data-testid="matrix-chart">
      <ResponsiveContainer width="100%" height={210 + labelHeight}>
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
          <XAxis dataKey="agent" stroke="var(--muted)" fontSize={11} interval={0} angle={slant ? -40 : 0} textAnchor={slant ? 'end' : 'middle'} height={labelHeight} />
          <YAxis domain={[0, 1]} stroke="var(--muted)" />
          <Tooltip contentStyle={{ background: 'var(--panel)', border: '1px solid var(--border)' }} />
          <Legend />
          <Bar dataKey="naive" fill="var(--c-warn)" isAnimationActive={false} />
          <Bar dataKey="full" fill="var(--c-good)" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
