import type { CellRow } from '../../../agents/aggregate';
import { Clamp } from '../Clamp';
import { formatCost, formatMs } from './UsageSummary';

interface Column {
  id: string;
  label: string;
  title?: string;
  value(row: CellRow): string;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const stopsText = (stops: Record<string, number>) =>
  Object.entries(stops)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');

const LEAD: Column[] = [
  { id: 'n', label: 'n', title: 'rollouts in the cell', value: (r) => String(r.n) },
  { id: 'naive', label: 'naive', title: 'mean final-answer-only reward', value: (r) => r.naive.toFixed(2) },
  { id: 'reward', label: 'full', title: 'mean reward over every layer', value: (r) => r.reward.toFixed(2) },
  { id: 'naive-pass', label: 'naive pass', title: 'share of rollouts whose naive verdict is PASS', value: (r) => pct(r.naivePass) },
  { id: 'full-pass', label: 'full pass', title: 'share of rollouts whose full verdict is PASS', value: (r) => pct(r.fullPass) },
];

const TAIL: Column[] = [
  { id: 'steps', label: 'steps', title: 'mean tool calls run', value: (r) => r.steps.toFixed(1) },
  { id: 'tokens', label: 'tokens in / out', title: 'mean per rollout', value: (r) => `${int(r.promptTokens)} / ${int(r.completionTokens)}` },
  { id: 'peak', label: 'peak ctx', title: 'the largest prompt any rollout sent', value: (r) => int(r.peakPromptTokens) },
  { id: 'cost', label: 'cost', title: 'total over the cell (set prices to see it)', value: (r) => formatCost(r.costUsd) },
  { id: 'latency', label: 'latency', title: 'mean model time per rollout', value: (r) => formatMs(r.latencyMs) },
  { id: 'stops', label: 'stops', title: 'how the rollouts ended', value: (r) => stopsText(r.stops) },
];

/** The per-model table: one row per cell, mean reward in total and per layer, naive vs full, usage. */
export function BatchResults({ rows, layerLabels }: { rows: CellRow[]; layerLabels: Record<string, string> }) {
  const layerIds = [...new Set(rows.flatMap((r) => Object.keys(r.layers)))];
  const layers: Column[] = layerIds.map((id) => ({
    id: `layer-${id}`,
    label: layerLabels[id] ?? id,
    title: `mean of layer ${id}`,
    value: (r) => (r.layers[id] ?? 0).toFixed(2),
  }));
  const columns = [...LEAD, ...layers, ...TAIL];
  return (
    <div className="table-wrap batch-table-wrap">
      <table className="grid batch-table" data-testid="batch-table">
        <thead>
          <tr>
            <th>cell</th>
            {columns.map((c) => (
              <th key={c.id} className={c.id === 'stops' ? undefined : 'num'} title={c.title}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.cell} data-testid={`cell-${r.cell}`}>
              <th scope="row">
                <Clamp text={r.cell} />
              </th>
              {columns.map((c) => (
                <td key={c.id} className={c.id === 'stops' ? 'stops' : 'num'} data-testid={c.id}>
                  {c.value(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
