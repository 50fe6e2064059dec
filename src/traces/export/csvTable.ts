import type { Json } from '../../core/json';
import type { ConvertItem } from './convert';
import { toCsv, type CsvColumn } from './csv';

interface Row {
  c: ConvertItem;
  metrics: Record<string, number>;
}

const verdict = (x: number | null) => (x === null ? null : x >= 1 - 1e-9 ? 'PASS' : 'FAIL');

/** One field of a row, whichever kind of item it is. */
function field(c: ConvertItem, key: string): Json | undefined {
  const { item } = c;
  if (item.kind === 'native') {
    const t = item.trace;
    const card = t.scorecard;
    const tokens = t.steps.reduce((n, s) => n + (s.usage ? s.usage.promptTokens + s.usage.completionTokens : 0), 0);
    const ms = t.steps.reduce((n, s) => n + (s.model?.latencyMs ?? s.durationMs ?? 0), 0);
    const f: Record<string, Json | undefined> = {
      kind: 'native',
      task: JSON.stringify(t.task),
      example: null,
      epoch: null,
      reward: card?.reward ?? null,
      naive: card?.naive ?? null,
      verdict_naive: card?.verdict.naive ?? null,
      verdict_full: card?.verdict.full ?? null,
      caught_by: card?.verdict.caughtBy ?? null,
      steps: t.steps.length,
      tokens: tokens || null,
      duration_ms: ms || null,
      stop: t.stop?.reason ?? null,
      error: null,
    };
    return f[key];
  }
  const r = item.rollout;
  const naive = r.metrics.naive_reward ?? null;
  const task = r.info?.task;
  const f: Record<string, Json | undefined> = {
    kind: r.inspect ? 'inspect' : r.v1 ? 'verifiers-v1' : 'vf-eval',
    task: task && typeof task === 'object' ? JSON.stringify(task) : typeof task === 'string' ? task : null,
    example: r.inspect ? r.inspect.sampleId : r.exampleId,
    epoch: r.inspect?.epoch ?? null,
    reward: r.reward,
    naive,
    verdict_naive: verdict(naive),
    verdict_full: verdict(r.reward),
    caught_by: null,
    steps: r.calls.length,
    tokens: r.tokenUsage ? r.tokenUsage.inputTokens + r.tokenUsage.outputTokens : null,
    duration_ms: r.timing?.totalMs ?? null,
    stop: r.stopCondition,
    error: r.error?.message ?? null,
  };
  return f[key];
}

const FIXED = [
  'kind',
  'task',
  'example',
  'epoch',
  'reward',
  'naive',
  'verdict_naive',
  'verdict_full',
  'caught_by',
  'steps',
  'tokens',
  'duration_ms',
  'stop',
  'error',
];

/**
 * One CSV row per item: where it came from (source, run, env, model), the
 * rewards and verdicts, counts, and one column per layer or metric any row
 * has. Conversations and calls have no place in a table.
 */
export function csvTable(items: readonly ConvertItem[], secrets: readonly string[]): { text: string; notes: string[] } {
  const rows: Row[] = items.map((c) => ({
    c,
    metrics: c.item.kind === 'native' ? Object.fromEntries((c.item.trace.scorecard?.layers ?? []).map((l) => [l.id, l.value])) : c.item.rollout.metrics,
  }));
  const metricNames: string[] = [];
  for (const r of rows) for (const k of Object.keys(r.metrics)) if (!metricNames.includes(k) && !FIXED.includes(k) && k !== 'naive_reward') metricNames.push(k);
  const columns: CsvColumn<Row>[] = [
    { header: 'source', value: (r) => r.c.source },
    { header: 'run', value: (r) => r.c.run },
    { header: 'env', value: (r) => r.c.env },
    { header: 'model', value: (r) => r.c.model },
    ...FIXED.map((k) => ({ header: k, value: (r: Row) => field(r.c, k) })),
    ...metricNames.map((k) => ({ header: k, value: (r: Row) => r.metrics[k] })),
  ];
  const notes = items.length
    ? [
        `the messages, tool calls and results of ${items.length === 1 ? '1 row' : `${items.length} rows`}: a CSV has one line per row, so only their scores, counts and identity are written`,
      ]
    : [];
  return { text: toCsv(rows, columns, secrets), notes };
}
