import type { Json, JsonObject } from '../../core/json';
import type { StopReason, Task, Trace } from '../../core/types';
import type { World } from '../../core/world';
import { safeJson } from './native';
import { RESERVED } from './rolloutVf';

/** Our stop reasons as vf-eval stop_condition names (the importer maps them back). */
export const STOP_CONDITION: Record<StopReason, string> = {
  submitted: 'submitted',
  budget: 'max_turns_reached',
  'no-tool-call': 'no_tools_called',
  abandoned: 'abandoned',
  'agent-error': 'has_error',
  'world-error': 'has_error',
};

function taskOf(trace: Trace, worlds: readonly World[]): Task | null {
  const world = worlds.find((w) => w.id === trace.world);
  const task = world?.makeTask(trace.task);
  return task?.ok ? task.value : null;
}

/** Call ids are needed to pair tool messages in this format; steps without one get a stable synthetic id. */
const callId = (trace: Trace, i: number) => trace.steps[i]!.call.id ?? `call_vp_${i}`;

function completionOf(trace: Trace): Json[] {
  const out: Json[] = [];
  trace.steps.forEach((step, i) => {
    const id = callId(trace, i);
    const toolCall = JSON.stringify({ id, name: step.call.name, arguments: JSON.stringify(step.call.arguments) });
    out.push({ role: 'assistant', content: '', tool_calls: [toolCall] });
    out.push({ role: 'tool', tool_call_id: id, content: step.result.content });
  });
  return out;
}

function metricsOf(trace: Trace): Record<string, number> {
  const card = trace.scorecard;
  if (!card) return {};
  const m: Record<string, number> = { naive_reward: card.naive };
  for (const l of card.layers) m[l.id] = l.value;
  for (const [k, v] of Object.entries(card.readings ?? {})) m[k] = v;
  m.num_tool_calls = trace.steps.length;
  return m;
}

/**
 * A native trace as a vf-eval results.jsonl row in the current legacy shape
 * (v0.1.12+: example_id, flat {id,name,arguments} tool-call strings, tool
 * messages keeping tool_call_id, metrics nested and flattened). `info` carries
 * {world, task, agent} so the row can be replayed back into its world.
 */
export function traceToVfRow(trace: Trace, exampleId: number, worlds: readonly World[]): JsonObject {
  const task = taskOf(trace, worlds);
  const metrics = metricsOf(trace);
  const row: JsonObject = {
    example_id: exampleId,
    prompt: task ? task.prompt.map((m) => ({ role: m.role, content: m.content })) : [],
    completion: completionOf(trace),
    task: trace.world,
    info: { world: trace.world, task: trace.task, agent: { ...trace.agent } },
    reward: trace.scorecard?.reward ?? 0,
    error: null,
    is_completed: trace.stop !== null,
    is_truncated: trace.stop?.truncated ?? false,
    stop_condition: trace.stop ? STOP_CONDITION[trace.stop.reason] : null,
    metrics,
  };
  for (const [k, v] of Object.entries(metrics)) if (!RESERVED.has(k)) row[k] = v;
  if (task) row.tool_defs = task.tools.map((t) => ({ name: t.function.name, description: t.function.description, parameters: t.function.parameters }));
  const usage = trace.steps.filter((s) => s.usage);
  if (usage.length > 0)
    row.token_usage = {
      input_tokens: usage.reduce((n, s) => n + s.usage!.promptTokens, 0),
      output_tokens: usage.reduce((n, s) => n + s.usage!.completionTokens, 0),
    };
  return row;
}

/** Traces as results.jsonl text; example ids number distinct (world, task) pairs in first-seen order. `secrets` are masked. */
export function exportVfResultsJsonl(traces: readonly Trace[], worlds: readonly World[], secrets: readonly string[] = []): string {
  const ids = new Map<string, number>();
  return traces
    .map((t) => {
      const key = JSON.stringify([t.world, t.task]);
      if (!ids.has(key)) ids.set(key, ids.size);
      return `${safeJson(traceToVfRow(t, ids.get(key)!, worlds), undefined, secrets)}\n`;
    })
    .join('');
}
