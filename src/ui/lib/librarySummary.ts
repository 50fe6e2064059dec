import type { Trace } from '../../core/types';
import type { VfRollout } from '../../traces/import/types';

/** One row of the trace library: everything the table, filters and charts read, nothing big. */
export interface LibraryEntry {
  id: string;
  kind: 'native' | 'vf';
  source: string;
  world: string;
  task: string;
  agent: string;
  reward: number | null;
  naive: number | null;
  layers: Record<string, number>;
  verdictNaive: 'PASS' | 'FAIL' | null;
  verdictFull: 'PASS' | 'FAIL' | null;
  /** Naive PASS while the full verifier FAILs: the reward-hacking surface. */
  disagreement: boolean;
  steps: number;
  tokens: number | null;
  durationMs: number | null;
  stop: string | null;
  /** Lower-cased tool calls and answers, for full-text search (capped). */
  text: string;
}

const TEXT_CAP = 4000;

function taskLabel(spec: Record<string, unknown>): string {
  if (typeof spec.id === 'string') return typeof spec.seed === 'number' ? `${spec.id} (seed ${spec.seed})` : spec.id;
  if (typeof spec.profile === 'string') return `${spec.profile} seed ${String(spec.seed)}`;
  return JSON.stringify(spec);
}

export function summarizeNative(trace: Trace, id: string, source: string): LibraryEntry {
  const card = trace.scorecard;
  const tokens = trace.steps.reduce((n, s) => n + (s.usage ? s.usage.promptTokens + s.usage.completionTokens : 0), 0);
  const duration = trace.steps.reduce((n, s) => n + (s.model?.latencyMs ?? s.durationMs ?? 0), 0);
  const text = trace.steps
    .map((s) => `${s.call.name} ${JSON.stringify(s.call.arguments)}`)
    .join('\n')
    .slice(0, TEXT_CAP)
    .toLowerCase();
  return {
    id,
    kind: 'native',
    source,
    world: trace.world,
    task: taskLabel(trace.task),
    agent: trace.agent.model ?? (trace.agent.kind === 'human' ? `human${trace.agent.hints ? ' (hints)' : ''}` : trace.agent.name),
    reward: card?.reward ?? null,
    naive: card?.naive ?? null,
    layers: Object.fromEntries((card?.layers ?? []).map((l) => [l.id, l.value])),
    verdictNaive: card?.verdict.naive ?? null,
    verdictFull: card?.verdict.full ?? null,
    disagreement: card?.verdict.naive === 'PASS' && card.verdict.full === 'FAIL',
    steps: trace.steps.length,
    tokens: tokens > 0 ? tokens : null,
    durationMs: duration > 0 ? duration : null,
    stop: trace.stop?.reason ?? null,
    text,
  };
}

export function summarizeVf(r: VfRollout, id: string, source: string): LibraryEntry {
  const info = r.info ?? {};
  const world = typeof info.world === 'string' ? info.world : (r.metadata?.envId ?? r.task ?? 'vf-eval');
  const task = info.task && typeof info.task === 'object' ? taskLabel(info.task as Record<string, unknown>) : `example ${JSON.stringify(r.exampleId)}`;
  const text = [...r.calls.map((c) => `${c.call.name} ${JSON.stringify(c.call.arguments)}`), r.completion.map((m) => m.content).join('\n')]
    .join('\n')
    .slice(0, TEXT_CAP)
    .toLowerCase();
  const tokens = r.tokenUsage ? r.tokenUsage.inputTokens + r.tokenUsage.outputTokens : null;
  return {
    id,
    kind: 'vf',
    source,
    world,
    task,
    agent: r.metadata?.model ?? (typeof info.agent === 'string' ? info.agent : 'unknown model'),
    reward: r.reward,
    naive: typeof r.metrics.naive_reward === 'number' ? r.metrics.naive_reward : null,
    layers: r.metrics,
    verdictNaive: null,
    verdictFull: r.reward === null ? null : r.reward >= 1 - 1e-9 ? 'PASS' : 'FAIL',
    disagreement: typeof r.metrics.naive_reward === 'number' && r.metrics.naive_reward >= 1 - 1e-9 && (r.reward ?? 0) < 1 - 1e-9,
    steps: r.calls.length,
    tokens,
    durationMs: r.timing?.totalMs ?? null,
    stop: r.stopCondition,
    text,
  };
}
