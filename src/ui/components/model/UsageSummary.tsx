import type { UsageTotals } from '../../../agents/usage';

const int = (n: number) => Math.round(n).toLocaleString('en-US');

export const formatCost = (usd: number | null) => (usd === null ? '—' : usd < 0.01 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`);
export const formatMs = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

/** What the episode's requests cost so far: the figures a per-model table reports. */
export function UsageSummary({ totals, priced }: { totals: UsageTotals; priced: boolean }) {
  const items: [string, string, string][] = [
    ['requests', int(totals.requests) + (totals.retries ? ` (+${totals.retries} retried)` : ''), 'requests'],
    ['tokens in / out', `${int(totals.promptTokens)} / ${int(totals.completionTokens)}`, 'tokens'],
    ['peak context', `${int(totals.peakPromptTokens)} tokens`, 'peak'],
    ['model latency', formatMs(totals.latencyMs), 'latency'],
    ['cost', totals.costUsd !== null ? formatCost(totals.costUsd) : priced ? '$0.00' : 'set prices to see', 'cost'],
  ];
  return (
    <dl className="usage" data-testid="usage">
      {items.map(([label, value, id]) => (
        <div key={id}>
          <dt>{label}</dt>
          <dd data-testid={`usage-${id}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
