import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import { hashString } from '../../core/hash';
import type { Trace } from '../../core/types';
import type { World } from '../../core/world';
import type { VfRollout } from '../import/types';
import { assistantMessage, modelUsage, rolloutMessages, systemMessage, toolMessage, userMessage, type WrittenCall } from './writeMessages';

export interface WrittenSample {
  sample: JsonObject;
  /** Calls whose arguments were not an object (Inspect's ToolCall needs one): kept as text in parse_error. */
  badArguments: number;
  /** Tool schemas the row carried: Inspect keeps tools in transcript events, which are not written. */
  droppedTools: boolean;
}

const LIMIT_TYPES = new Set(['context', 'time', 'working', 'message', 'token', 'operator', 'custom']);

const score = (value: Json, explanation: string | null = null, metadata: JsonObject | null = null, answer: string | null = null): JsonObject => ({
  value,
  answer,
  explanation,
  metadata,
});

const uuidOf = (...parts: Json[]) => `vp${hashString(JSON.stringify(parts)).toString(36)}${hashString(JSON.stringify(parts.slice().reverse())).toString(36)}`;

/** The EvalSample fields nobody sets here, written out because the schema requires them. */
const EMPTY = { choices: null, sandbox: null, files: null, setup: null, store: {}, events: [], error_retries: null, attachments: {} };

function output(model: string, messages: JsonObject[], usage: JsonObject | null): JsonObject {
  const last = [...messages].reverse().find((m) => m.role === 'assistant') ?? assistantMessage('output', '', [], model);
  const stop = Array.isArray(last.tool_calls) && last.tool_calls.length > 0 ? 'tool_calls' : 'stop';
  return { model, choices: [{ message: last, stop_reason: stop, logprobs: null }], usage, time: null, metadata: null, error: null };
}

/**
 * The answer a trace handed in, as text: the world's answer call (its contract's answer
 * slot), else the call that submitted; a lone string argument as itself, else the
 * arguments as JSON. Null when nothing was handed in.
 */
export function submittedAnswer(trace: Trace, world: World | undefined): string | null {
  const calls = trace.steps.map((s) => s.call);
  let at = world?.contract?.answer ? world.contract.answer.find(calls) : -1;
  if (at < 0 && trace.stop?.reason === 'submitted') at = calls.length - 1;
  const call = calls[at];
  if (!call) return null;
  const args = call.arguments;
  if (isJsonObject(args)) {
    const values = Object.values(args);
    if (values.length === 1 && typeof values[0] === 'string') return values[0];
  }
  return JSON.stringify(args);
}

/**
 * One of our traces as an Inspect sample: the task's prompt, then per step the
 * call (an assistant turn) and its result (a tool message carrying the step's
 * hidden world events). Scores: the full reward first (Inspect's primary
 * score), the naive reward, each layer and reading; the scorecard itself rides
 * in the reward's metadata, and {world, task, agent, stop} in the sample's, so
 * our importer replays it into its world.
 */
export function traceSample(trace: Trace, world: World | undefined, id: string, epoch: number): WrittenSample {
  const model = trace.agent.model ?? null;
  const task = world?.makeTask(trace.task);
  const prompt = task?.ok ? task.value.prompt : [];
  const input = prompt.map((m, i) => (m.role === 'system' ? systemMessage(`${id}-p${i}`, m.content, 'input') : userMessage(`${id}-p${i}`, m.content)));
  const messages = [...input];
  let badArguments = 0;
  trace.steps.forEach((step, i) => {
    const callId = step.call.id ?? `call_vp_${i}`;
    const call: WrittenCall = { id: callId, name: step.call.name, arguments: step.call.arguments };
    if (!isJsonObject(step.call.arguments)) badArguments++;
    const turn: JsonObject = {};
    if (step.usage) turn.usage = { ...step.usage };
    if (step.model) turn.model = { ...step.model };
    messages.push(assistantMessage(`${id}-a${i}`, '', [call], model, Object.keys(turn).length ? turn : null));
    const hidden: JsonObject = {};
    if (step.events.length) hidden.events = step.events as unknown as Json;
    if (step.result.done) hidden.done = true;
    if (step.durationMs !== undefined) hidden.durationMs = step.durationMs;
    messages.push(toolMessage(`${id}-t${i}`, step.result.content, callId, step.call.name, !step.result.ok, Object.keys(hidden).length ? hidden : null));
  });
  const card = trace.scorecard;
  const scores: JsonObject = {};
  if (card) {
    const verdict = `full ${card.verdict.full}${card.verdict.caughtBy ? `, caught by ${card.verdict.caughtBy}` : ''} · naive ${card.verdict.naive}`;
    scores.reward = score(
      card.reward,
      verdict,
      { verdict: { ...card.verdict }, layers: card.layers as unknown as Json, final: card.final, ...(card.readings ? { readings: card.readings } : {}) },
      submittedAnswer(trace, world),
    );
    scores.naive_reward = score(card.naive, `naive ${card.verdict.naive}`);
    for (const l of card.layers)
      scores[l.id] = score(l.value, l.reasons.length ? l.reasons.join('; ') : null, {
        label: l.label,
        weight: l.weight,
        pass: l.pass,
        ...(l.gate ? { gate: true } : {}),
      });
    for (const [k, v] of Object.entries(card.readings ?? {})) scores[k] ??= score(v);
  }
  const used = trace.steps.filter((s) => s.usage);
  const usage = used.length
    ? modelUsage(
        used.reduce((n, s) => n + s.usage!.promptTokens, 0),
        used.reduce((n, s) => n + s.usage!.completionTokens, 0),
      )
    : null;
  const stepMs = trace.steps.reduce((n, s) => n + (s.model?.latencyMs ?? s.durationMs ?? 0), 0);
  // The run's wall-clock span (meta.started_at/ended_at, the page's clock) when it has one: steps' own times leave out the pauses between them.
  const span =
    typeof trace.meta?.started_at === 'string' && typeof trace.meta.ended_at === 'string'
      ? Date.parse(trace.meta.ended_at) - Date.parse(trace.meta.started_at)
      : NaN;
  const ms = Number.isFinite(span) && span >= 0 ? span : stepMs;
  const modelName = model ?? trace.agent.name;
  const metadata: JsonObject = { world: trace.world, task: trace.task, agent: { ...trace.agent }, stop: trace.stop ? { ...trace.stop } : null };
  if (trace.meta) metadata.meta = trace.meta;
  const sample: JsonObject = {
    ...EMPTY,
    id,
    epoch,
    input: input.length ? input : '',
    target: '',
    messages,
    output: output(modelName, messages, usage),
    scores,
    metadata,
    model_usage: usage ? { [modelName]: usage } : {},
    total_time: ms > 0 ? ms / 1000 : null,
    working_time: stepMs > 0 ? stepMs / 1000 : null,
    uuid: uuidOf(trace.world, trace.task, id, epoch, trace.steps.length),
    error: trace.stop?.reason === 'world-error' ? { message: trace.stop.detail ?? 'the world failed', traceback: '', traceback_ansi: '' } : null,
    limit: trace.stop?.reason === 'budget' ? { type: 'message', limit: task?.ok ? task.value.maxTurns : trace.steps.length } : null,
  };
  return { sample, badArguments, droppedTools: false };
}

const firstUsage = (usage: JsonObject): JsonObject | null => {
  const u = Object.values(usage)[0];
  return isJsonObject(u) ? u : null;
};

/** Score values Inspect accepts (no null, no nested objects in lists). */
function scoreValue(v: Json): Json | undefined {
  if (v === null) return undefined;
  if (Array.isArray(v)) return v.every((x) => x !== null && typeof x !== 'object') ? v : JSON.stringify(v);
  if (isJsonObject(v)) return Object.values(v).every((x) => x === null || typeof x !== 'object') ? v : JSON.stringify(v);
  return v;
}

/**
 * A rollout (a vf-eval row, or an Inspect sample read back) as an Inspect
 * sample. Inspect's own samples keep their scores as written (letter grades,
 * explanations); a vf-eval row's reward is the primary score and each metric
 * a scorer. vf-eval fields Inspect has no place for ride in metadata.vf.
 */
export function rolloutSample(r: VfRollout, id: string | number, epoch: number, model: string): WrittenSample {
  const o = r.inspect;
  const prefix = `${String(id)}-${epoch}`;
  const { input, messages, badArguments } = rolloutMessages(r.prompt, r.completion, r.calls, prefix, o ? null : model);
  const scores: JsonObject = {};
  if (o) {
    for (const [name, s] of Object.entries(o.scores)) {
      const value = scoreValue(s.value);
      if (value !== undefined) scores[name] = score(value, s.explanation, s.metadata, s.answer);
    }
  } else {
    if (r.reward !== null) scores.reward = score(r.reward);
    for (const [k, v] of Object.entries(r.metrics)) scores[k] ??= score(v);
  }
  const metadata: JsonObject = { ...(r.info ?? {}) };
  if (!o) {
    const vf: JsonObject = { era: r.era, example_id: r.exampleId };
    if (r.stopCondition !== null) vf.stop_condition = r.stopCondition;
    if (r.isCompleted !== null) vf.is_completed = r.isCompleted;
    if (r.isTruncated !== null) vf.is_truncated = r.isTruncated;
    if (Object.keys(r.extra).length) vf.columns = r.extra;
    metadata.vf = vf;
  }
  let usage: JsonObject = {};
  // An Inspect sample's usage as its writer wrote it (the R writer's cache_creation_input_tokens too).
  if (o?.modelUsage) usage = o.modelUsage;
  if (!o && r.tokenUsage) usage = { [model]: modelUsage(r.tokenUsage.inputTokens, r.tokenUsage.outputTokens) };
  const extra = r.extra;
  const limit = o?.limit && typeof o.limit.type === 'string' && LIMIT_TYPES.has(o.limit.type) && typeof o.limit.limit === 'number' ? o.limit : null;
  const target = o ? o.target : (r.answer ?? '');
  const sample: JsonObject = {
    ...EMPTY,
    id,
    epoch,
    input: input.length ? input : '',
    target: typeof target === 'string' || (Array.isArray(target) && target.every((t) => typeof t === 'string')) ? target : JSON.stringify(target),
    messages,
    output: o?.output ?? output(model, messages, firstUsage(usage)),
    scores,
    metadata,
    store: o && isJsonObject(extra.store) ? extra.store : {},
    model_usage: usage,
    total_time: r.timing?.totalMs !== undefined ? r.timing.totalMs / 1000 : null,
    working_time: o && o.workingTimeMs !== null ? o.workingTimeMs / 1000 : null,
    uuid: o?.uuid ?? uuidOf(String(id), epoch, r.rowIndex, r.line),
    error: o && isJsonObject(r.error?.raw) ? r.error.raw : r.error ? { message: r.error.message, traceback: r.error.chain ?? '', traceback_ansi: '' } : null,
    limit,
  };
  // Newer Inspect's per-sample times, as written: the schema the export targets predates them, so the export drops
  // and names them (conformLog.ts), as it does any field a writer adds.
  if (o?.startedAt) sample.started_at = o.startedAt;
  if (o?.completedAt) sample.completed_at = o.completedAt;
  return { sample, badArguments, droppedTools: !o && r.tools !== null };
}
