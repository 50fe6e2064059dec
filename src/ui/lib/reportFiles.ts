import { FILE_COLORS } from './palette';
import type { ReportGroup, ReportRow } from './report';

const f = (v: number | null, digits = 3) => (v === null ? '' : v.toFixed(digits));

/** The report as CSV: one line per group and agent, published rows marked by their source. */
export function reportCsv(groups: readonly ReportGroup[]): string {
  const layerIds = [...new Set(groups.flatMap((g) => g.layerIds))];
  const head = [
    'group',
    'agent',
    'source',
    'traces',
    'mean_full',
    'pass_rate',
    'naive_full_disagreement_rate',
    ...layerIds.map((l) => `layer_${l}`),
    'mean_steps',
    'peak_context_tokens',
    'cost_usd',
    'latency_ms',
  ];
  const line = (g: ReportGroup, r: ReportRow) => [
    g.key,
    r.agent,
    r.source === 'yours' ? 'yours' : `published: ${r.source}`,
    r.n === null ? '' : String(r.n),
    f(r.reward),
    f(r.passRate),
    f(r.disagreementRate),
    ...layerIds.map((l) => f(r.layers[l] ?? null)),
    f(r.steps, 1),
    f(r.peakContext, 0),
    f(r.costUsd, 4),
    f(r.latencyMs, 0),
  ];
  const cell = (c: string) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
  const rows = groups.flatMap((g) => [...g.rows, ...g.published].map((r) => line(g, r)));
  return [head, ...rows].map((r) => r.map(cell).join(',')).join('\n') + '\n';
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The report's mean full reward as a bar chart, one band per group, one bar
 * per agent; published rows hatched and labelled so, never mistaken for the
 * person's own. A standalone SVG (no script, no external font).
 */
export function reportSvg(groups: readonly ReportGroup[]): string {
  const BAR = 16;
  const LABEL = 260;
  const WIDTH = 640;
  const scale = WIDTH - LABEL - 60;
  let y = 30;
  const parts: string[] = [];
  for (const g of groups) {
    parts.push(`<text x="8" y="${y}" font-weight="bold">${esc(g.key)}</text>`);
    y += 8;
    for (const r of [...g.rows, ...g.published]) {
      const mine = r.source === 'yours';
      const w = r.reward === null ? 0 : Math.max(1, r.reward * scale);
      const label = `${r.agent}${mine ? '' : ' (published)'}`;
      parts.push(`<text x="${LABEL - 6}" y="${y + BAR - 4}" text-anchor="end">${esc(label.length > 40 ? `${label.slice(0, 39)}…` : label)}</text>`);
      parts.push(
        `<rect x="${LABEL}" y="${y}" width="${w.toFixed(1)}" height="${BAR - 3}" fill="${mine ? FILE_COLORS.full : 'url(#published)'}" stroke="${mine ? 'none' : FILE_COLORS.neutral}"><title>${esc(label)}: ${f(r.reward)}</title></rect>`,
      );
      parts.push(`<text x="${(LABEL + w + 4).toFixed(1)}" y="${y + BAR - 4}">${r.reward === null ? 'not run' : r.reward.toFixed(2)}</text>`);
      y += BAR;
    }
    y += 22;
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${y}" viewBox="0 0 ${WIDTH} ${y}" font-family="sans-serif" font-size="12">`,
    `<defs><pattern id="published" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="${FILE_COLORS.border}"/><line x1="0" y1="0" x2="0" y2="6" stroke="${FILE_COLORS.neutral}" stroke-width="2"/></pattern></defs>`,
    `<text x="8" y="14" fill="${FILE_COLORS.neutral}">Mean full reward per model (hatched: published reference figures)</text>`,
    ...parts,
    '</svg>',
  ].join('\n');
}
