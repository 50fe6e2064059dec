import type { Json, JsonObject } from '../../core/json';
import type { VfMessage, VfRollout } from '../import/types';

/** Top-level keys of the vf row shape; a metric or an extra column must not shadow one (both vf writers). */
export const RESERVED = new Set([
  'example_id',
  'prompt',
  'completion',
  'task',
  'answer',
  'info',
  'reward',
  'error',
  'timing',
  'is_completed',
  'is_truncated',
  'stop_condition',
  'metrics',
  'tool_defs',
  'token_usage',
]);

/**
 * A message in the current legacy encoding (v0.1.12+): tool calls as JSON
 * strings of {id, name, arguments}, tool messages keeping tool_call_id. vf-eval
 * content parts are kept; Inspect's (reasoning, images as Inspect objects) are
 * not vf-eval's, so those messages are written as their text.
 */
function message(m: VfMessage, inspect: boolean, callId: (i: number) => string, firstCall: number): JsonObject {
  const out: JsonObject = { role: m.role, content: !inspect && m.contentParts ? m.contentParts : m.content };
  if (m.toolCalls?.length)
    out.tool_calls = m.toolCalls.map((c, i) =>
      JSON.stringify({
        id: c.id ?? callId(firstCall + i),
        name: c.name,
        arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments),
      }),
    );
  if (m.toolCallId !== undefined) out.tool_call_id = m.toolCallId;
  if (m.reasoning !== undefined) out.reasoning_content = m.reasoning;
  return out;
}

function messages(r: VfRollout, list: VfMessage[], part: 'prompt' | 'completion'): Json {
  if (r.mode === 'completion' && list.length === 1 && list[0]!.role === 'text') return list[0]!.content;
  const inspect = r.inspect !== undefined;
  const ids = r.calls.map((c, i) => c.call.id ?? `call_vp_${i}`);
  let callIndex = 0;
  return list.map((m, i) => {
    const out = message(m, inspect, (k) => ids[k] ?? `call_vp_${k}`, callIndex);
    if (part === 'completion') {
      callIndex += m.toolCalls?.length ?? 0;
      // vf-eval v0.1.3–v0.1.10 dropped tool_call_id: the pairing found by order is written back as an id.
      const answered = r.calls.find((c) => c.result?.messageIndex === i);
      if (m.role === 'tool' && out.tool_call_id === undefined && answered) out.tool_call_id = ids[r.calls.indexOf(answered)]!;
    }
    return out;
  });
}

function errorOf(r: VfRollout): Json {
  if (!r.error) return null;
  if (!r.inspect) return r.error.raw;
  return {
    error: r.error.type ?? 'Error',
    message: r.error.message,
    error_chain_repr: r.error.chain ?? r.error.message,
    error_chain_str: r.error.chain ?? r.error.message,
  };
}

/**
 * A rollout (read from any vf-eval era, or an Inspect sample) as a row in the
 * current legacy shape. `env` and `model` go into info.world and info.agent
 * when the row has neither: a results.jsonl has no other place for them
 * without its metadata.json. An Inspect sample's scores as written (letter
 * grades, explanations) and its ids go to info.inspect.
 */
export function rolloutToVfRow(r: VfRollout, env: string | null, model: string | null): JsonObject {
  const info: JsonObject = { ...(r.info ?? {}) };
  if (env !== null && info.world === undefined) info.world = env;
  if (model !== null && info.agent === undefined) info.agent = { kind: 'model', name: model, model };
  if (r.inspect) {
    const o = r.inspect;
    const scores: JsonObject = {};
    for (const [k, s] of Object.entries(o.scores)) scores[k] = { value: s.value, answer: s.answer, explanation: s.explanation };
    info.inspect = { eval_id: o.run.evalId, run_id: o.run.runId, task: o.run.task, sample_id: o.sampleId, epoch: o.epoch, target: o.target, scores };
    if (Object.keys(r.extra).length) (info.inspect as JsonObject).extra = r.extra;
  }
  const metrics: JsonObject = { ...r.metrics };
  const row: JsonObject = {
    example_id: r.inspect ? r.inspect.sampleId : r.exampleId,
    prompt: messages(r, r.prompt, 'prompt'),
    completion: messages(r, r.completion, 'completion'),
  };
  if (r.task !== null) row.task = r.task;
  if (r.answer !== null && r.answer !== '') row.answer = r.answer;
  if (Object.keys(info).length) row.info = info;
  row.reward = r.reward;
  row.error = errorOf(r);
  if (r.timing) row.timing = r.inspect ? { total_ms: r.timing.totalMs ?? null } : r.timing.raw;
  row.is_completed = r.isCompleted ?? r.error === null;
  row.is_truncated = r.isTruncated ?? false;
  row.stop_condition = r.stopCondition;
  row.metrics = metrics;
  for (const [k, v] of Object.entries(metrics)) if (!RESERVED.has(k)) row[k] = v;
  if (r.tools) row.tool_defs = r.tools;
  if (r.tokenUsage) row.token_usage = { input_tokens: r.tokenUsage.inputTokens, output_tokens: r.tokenUsage.outputTokens };
  if (!r.inspect) for (const [k, v] of Object.entries(r.extra)) if (!(k in row) && !RESERVED.has(k)) row[k] = v;
  return row;
}

/** Messages whose content parts were written as text (only an Inspect sample's). */
export function flattenedParts(r: VfRollout): number {
  if (!r.inspect) return 0;
  return [...r.prompt, ...r.completion].filter((m) => m.contentParts !== undefined).length;
}
