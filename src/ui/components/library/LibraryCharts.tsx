import { useMemo } from 'react';
import { clampText, hoverText } from '../../lib/clamp';
import type { LibraryEntry } from '../../lib/librarySummary';
import { AGENT_COLORS, COLOR } from '../../lib/palette';
import { Clamp } from '../Clamp';

// Agents have the palette's series colours; the figures that are the full verifier's are drawn in its colour.
const PALETTE = AGENT_COLORS;
const BINS = 10;

// Thousands of SVG points cost main thread for nothing: an even sample reads the same.
const SCATTER_MAX = 400;

// One coordinate system for the three charts: the SVG scales to its column.
const W = 360;
const H = 220;
const PAD = { left: 34, right: 10, top: 8, bottom: 24 };
const plotW = W - PAD.left - PAD.right;
const plotH = H - PAD.top - PAD.bottom;
const TICKS = [0, 0.25, 0.5, 0.75, 1];

const muted = { fill: 'var(--muted)' };
// What fits left of the layer bars at 10px.
const LABEL_CHARS = 20;
const grid = { stroke: 'var(--border)', strokeDasharray: '3 3' };

/**
 * Reward distribution per agent, naive vs full, per-layer means — hand-drawn SVG.
 * (recharts' first chart cost one 340–500 ms main-thread task on a 10,000-trace
 * library; these three draw in a few milliseconds.) Hover a mark for its figures.
 */
export default function LibraryCharts({ rows }: { rows: readonly LibraryEntry[] }) {
  const { agents, hist, scatter, layers } = useMemo(() => chartData(rows), [rows]);
  return (
    <div className="lib-charts" data-testid="library-charts">
      <figure>
        <figcaption>Full reward distribution per agent</figcaption>
        <Histogram agents={agents} hist={hist} />
        <ul className="legend">
          {agents.map((a, i) => (
            <li key={a}>
              <span className="swatch" style={{ background: PALETTE[i] }} />
              <Clamp text={a} max={60} />
            </li>
          ))}
        </ul>
      </figure>
      <figure>
        <figcaption>Naive (x) vs full (y): below the diagonal, the naive verifier was fooled</figcaption>
        <Scatter points={scatter} />
      </figure>
      <figure>
        <figcaption>Per-layer means (the full verifier’s layers)</figcaption>
        <LayerBars layers={layers} />
      </figure>
    </div>
  );
}

function Histogram({ agents, hist }: { agents: string[]; hist: number[][] }) {
  const max = Math.max(1, ...hist.map((bin) => bin.reduce((a, b) => a + b, 0)));
  const yTicks = niceTicks(max);
  const top = yTicks[yTicks.length - 1]!;
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const bw = plotW / BINS;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="svg-chart" role="img" aria-label="full reward histogram" data-testid="chart-histogram">
      {yTicks.map((t) => (
        <g key={t}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} style={grid} />
          <text x={PAD.left - 4} y={y(t) + 3} textAnchor="end" fontSize={9} style={muted}>
            {t}
          </text>
        </g>
      ))}
      {hist.map((bin, b) => {
        let base = 0;
        return (
          <g key={b}>
            {bin.map((n, i) => {
              if (n === 0) return null;
              const rect = (
                <rect key={i} x={PAD.left + b * bw + 2} width={bw - 4} y={y(base + n)} height={y(base) - y(base + n)} fill={PALETTE[i]} data-testid="hist-bar">
                  <title>{`${hoverText(agents[i] ?? '')} · full ${binLabel(b)}: ${n} trace${n === 1 ? '' : 's'}`}</title>
                </rect>
              );
              base += n;
              return rect;
            })}
            {b % 2 === 0 ? (
              <text x={PAD.left + b * bw} y={H - 8} fontSize={9} style={muted}>
                {(b / BINS).toFixed(1)}
              </text>
            ) : null}
          </g>
        );
      })}
      <text x={W - PAD.right} y={H - 8} fontSize={9} textAnchor="end" style={muted}>
        1.0
      </text>
    </svg>
  );
}

function Scatter({ points }: { points: { naive: number; full: number; agent: string }[] }) {
  const x = (v: number) => PAD.left + v * plotW;
  const y = (v: number) => PAD.top + plotH - v * plotH;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="svg-chart" role="img" aria-label="naive against full reward" data-testid="chart-scatter">
      {TICKS.map((t) => (
        <g key={t}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} style={grid} />
          <line x1={x(t)} x2={x(t)} y1={PAD.top} y2={PAD.top + plotH} style={grid} />
          <text x={PAD.left - 4} y={y(t) + 3} textAnchor="end" fontSize={9} style={muted}>
            {t}
          </text>
          <text x={x(t)} y={H - 8} textAnchor="middle" fontSize={9} style={muted}>
            {t}
          </text>
        </g>
      ))}
      <line x1={x(0)} y1={y(0)} x2={x(1)} y2={y(1)} style={{ stroke: 'var(--muted)' }} />
      {points.map((p, i) => (
        <circle key={i} cx={x(p.naive)} cy={y(p.full)} r={3.5} style={{ fill: COLOR.ink, fillOpacity: 0.45 }} data-testid="scatter-point">
          <title>{`${hoverText(p.agent)}: naive ${p.naive.toFixed(2)} · full ${p.full.toFixed(2)}`}</title>
        </circle>
      ))}
    </svg>
  );
}

function LayerBars({ layers }: { layers: { layer: string; mean: number }[] }) {
  const left = 118;
  const rowH = Math.min(22, plotH / Math.max(1, layers.length));
  const x = (v: number) => left + v * (W - left - 40);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="svg-chart" role="img" aria-label="mean reward per layer" data-testid="chart-layers">
      {TICKS.map((t) => (
        <line key={t} x1={x(t)} x2={x(t)} y1={PAD.top} y2={PAD.top + rowH * layers.length} style={grid} />
      ))}
      {layers.map((l, i) => (
        <g key={l.layer}>
          <text x={left - 6} y={PAD.top + i * rowH + rowH / 2 + 3} textAnchor="end" fontSize={10} style={muted}>
            <title>{hoverText(l.layer)}</title>
            {clampText(l.layer, LABEL_CHARS)}
          </text>
          <rect
            x={left}
            y={PAD.top + i * rowH + 3}
            width={Math.max(0.5, x(l.mean) - left)}
            height={rowH - 6}
            style={{ fill: COLOR.full }}
            data-testid="layer-bar"
          >
            <title>{`${hoverText(l.layer)}: mean ${l.mean.toFixed(3)}`}</title>
          </rect>
          <text x={x(l.mean) + 4} y={PAD.top + i * rowH + rowH / 2 + 3} fontSize={9} style={muted}>
            {l.mean.toFixed(2)}
          </text>
        </g>
      ))}
    </svg>
  );
}

const binLabel = (b: number) => `${(b / BINS).toFixed(1)}–${((b + 1) / BINS).toFixed(1)}`;

/** Axis ticks from 0 in round steps (1, 2 or 5 × 10^k, at least 1), the last one ≥ `max`. */
export function niceTicks(max: number): number[] {
  const raw = Math.max(1, max) / 4;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag);
  const ticks: number[] = [];
  for (let t = 0; t < max; t += step) ticks.push(t);
  ticks.push((ticks[ticks.length - 1] ?? -step) + step);
  return ticks;
}

/** The charts' data: counts per reward bin and agent, an even sample of points, layer means. */
export function chartData(rows: readonly LibraryEntry[]) {
  const agents = [...new Set(rows.map((r) => r.agent))].slice(0, PALETTE.length);
  const index = new Map(agents.map((a, i) => [a, i]));
  const hist = Array.from({ length: BINS }, () => agents.map(() => 0));
  for (const r of rows) {
    const i = index.get(r.agent);
    if (r.reward === null || i === undefined) continue;
    const bin = hist[Math.min(BINS - 1, Math.max(0, Math.floor(r.reward * BINS)))]!;
    bin[i] = (bin[i] ?? 0) + 1;
  }
  const scored = rows.filter((r): r is LibraryEntry & { reward: number; naive: number } => r.reward !== null && r.naive !== null);
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
  const layers = [...layerSums.entries()].slice(0, 16).map(([layer, s]) => ({ layer, mean: s.sum / s.n }));
  return { agents, hist, scatter, layers };
}
