import type { BaselineCell } from './baseline';
import type { MeanInterval, Proportion } from './stats';

/** How the page and the CLI print a baseline cell, the same way in both. */

/** "0.72 [0.41, 1.00]"; "0.70" alone below two runs; "—" without runs. */
export function fmtMean(m: MeanInterval): string {
  if (m.mean === null) return '—';
  return m.lo === null || m.hi === null ? m.mean.toFixed(2) : `${m.mean.toFixed(2)} [${m.lo.toFixed(2)}, ${m.hi.toFixed(2)}]`;
}

/** "3/6 (50%)". */
export const fmtRate = (p: Proportion): string => (p.of === 0 ? '—' : `${p.count}/${p.of} (${Math.round((p.count / p.of) * 100)}%)`);

/** "48 s", "3.2 min". */
export function fmtTime(ms: number | null): string {
  if (ms === null) return '—';
  const s = ms / 1000;
  return s < 120 ? `${s < 10 ? s.toFixed(1) : Math.round(s)} s` : `${(s / 60).toFixed(1)} min`;
}

export const fmtCalls = (n: number | null): string => (n === null ? '—' : Number.isInteger(n) ? String(n) : n.toFixed(1));

/** "+0.24": how far the naive reading is above the full one on average. */
export const fmtGap = (g: number | null): string => (g === null ? '—' : `${g >= 0 ? '+' : '−'}${Math.abs(g).toFixed(2)}`);

export const BASELINE_COLUMNS = [
  'runs',
  'full mean [95% CI]',
  'naive mean [95% CI]',
  'pass full',
  'pass naive',
  'naive PASS · full FAIL',
  'naive − full',
  'median time',
  'median calls',
] as const;

export function cellTexts(c: BaselineCell): string[] {
  return [
    String(c.n),
    fmtMean(c.full),
    fmtMean(c.naive),
    fmtRate(c.passFull),
    fmtRate(c.passNaive),
    fmtRate(c.naivePassFullFail),
    fmtGap(c.gap),
    fmtTime(c.medianTimeMs),
    fmtCalls(c.medianCalls),
  ];
}
