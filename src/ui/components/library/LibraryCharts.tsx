import { useEffect, useMemo, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { LibraryEntry } from '../../lib/librarySummary';

const PALETTE = ['#2f6fde', '#1f9d55', '#b4469b', '#d99a00', '#0f8b8d', '#7a5af8', '#d64545', '#6b7280'];
const BINS = 10;

// An SVG scatter of thousands of points costs seconds of main thread: an even sample reads the same.
const SCATTER_MAX = 400;

const CHARTS = 3;

/**
 * Mount the charts one per task: drawn together, three recharts trees cost one
 * ~300 ms main-thread task; one at a time, each stays near 100 ms.
 */
function useStaggered(count: number, key: unknown): number {
  const [shown, setShown] = useState(1);
  useEffect(() => setShown(1), [key]);
  useEffect(() => {
    if (shown >= count) return;
    const t = setTimeout(() => setShown((n) => n + 1), 0);
    return () => clearTimeout(t);
  }, [shown, count]);
  return shown;
}

/** Reward distribution per agent, naive vs full, per-layer means. */
export default function LibraryCharts({ rows }: { rows: LibraryEntry[] }) {
  const { agents, hist, scatter, layers } = useMemo(() => chartData(rows), [rows]);
  const shown = useStaggered(CHARTS, rows);
  const tip = { contentStyle: { background: 'var(--panel)', border: '1px solid var(--border)' } };
  return (
    <div className="lib-charts" data-testid="library-charts">
      <figure>
        <figcaption>Full reward distribution per agent</figcaption>
        <ResponsiveContainer width="100%" height={220}>
          <BarChart data={hist}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
            <XAxis dataKey="bin" stroke="var(--muted)" fontSize={10} />
            <YAxis allowDecimals={false} stroke="var(--muted)" />
            <Tooltip {...tip} />
            <Legend />
            {agents.map((a, i) => (
              <Bar key={a} dataKey={a} stackId="a" fill={PALETTE[i]} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </figure>
      {shown > 1 ? (
        <figure>
          <figcaption>Naive vs full (points above the diagonal's left: the naive verifier was fooled)</figcaption>
          <ResponsiveContainer width="100%" height={220}>
            <ScatterChart>
              <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
              <XAxis type="number" dataKey="naive" name="naive" domain={[0, 1]} stroke="var(--muted)" />
              <YAxis type="number" dataKey="full" name="full" domain={[0, 1]} stroke="var(--muted)" />
              <Tooltip {...tip} />
              <Scatter data={scatter} fill="var(--accent)" fillOpacity={0.5} isAnimationActive={false} />
            </ScatterChart>
          </ResponsiveContainer>
        </figure>
      ) : null}
      {shown > 2 ? (
        <figure>
          <figcaption>Per-layer means</figcaption>
          <ResponsiveContainer width="100%" height={220}>
            <BarChart data={layers} layout="vertical" margin={{ left: 40 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
              <XAxis type="number" domain={[0, 1]} stroke="var(--muted)" />
              <YAxis type="category" dataKey="layer" stroke="var(--muted)" width={110} fontSize={11} />
              <Tooltip {...tip} />
              <Bar dataKey="mean" fill="var(--c-good)" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </figure>
      ) : null}
    </div>
  );
}

function chartData(rows: LibraryEntry[]) {
  const agents = [...new Set(rows.map((r) => r.agent))].slice(0, PALETTE.length);
  const hist = Array.from({ length: BINS }, (_, b) => {
    const bin: Record<string, number | string> = { bin: `${(b / BINS).toFixed(1)}–${((b + 1) / BINS).toFixed(1)}` };
    for (const a of agents) bin[a] = 0;
    return bin;
  });
  for (const r of rows) {
    if (r.reward === null || !agents.includes(r.agent)) continue;
    const b = Math.min(BINS - 1, Math.floor(r.reward * BINS));
    hist[b]![r.agent] = Number(hist[b]![r.agent]) + 1;
  }
  const scored = rows.filter((r) => r.reward !== null && r.naive !== null);
  const stride = Math.max(1, Math.ceil(scored.length / SCATTER_MAX));
  const scatter = scored.filter((_, i) => i % stride === 0).map((r) => ({ naive: r.naive, full: r.reward, agent: r.agent }));
  const layerSums = new Map<string, { sum: number; n: number }>();
  for (const r of rows)
    for (const [k, v] of Object.entries(r.layers)) {
      const s = layerSums.get(k) ?? { sum: 0, n: 0 };
      s.sum += v;
      s.n++;
      layerSums.set(k, s);
    }
  const layers = [...layerSums.entries()].slice(0, 16).map(([k, s]) => ({ layer: k, mean: Number((s.sum / s.n).toFixed(3)) }));
  return { agents, hist, scatter, layers };
}
