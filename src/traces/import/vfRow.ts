import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import type { Infer } from './inferred';
import { normalizeMessages, pairToolCalls } from './messages';
import type { VfEra, VfError, VfIdSource, VfMetadata, VfMessage, VfRollout, VfTiming, VfTokenUsage, VfWritten } from './types';

/** Keys of every era that map to a VfRollout field; anything else is kept in `extra`. */
const KNOWN = new Set([
  'id',
  'example_id',
  'prompt',
  'completion',
  'task',
  'answer',
  'info',
  'reward',
  'error',
  'error_chain',
  'long_error_chain',
  'timing',
  'generation_ms',
  'scoring_ms',
  'total_ms',
  'is_completed',
  'is_truncated',
  'stop_condition',
  'metrics',
  'oai_tools',
  'tool_defs',
  'token_usage',
]);

export interface RowContext {
  line: number;
  rowIndex: number;
  metadata?: VfMetadata;
  /** First-appearance ordinal of a prompt: the example index of rollout-major pre-v0.1.6 files. */
  promptOrdinal(prompt: Json | undefined): number;
  /** Hears what was read between the lines (a string info). */
  infer?: Infer;
}

/**
 * `info` as verifiers reads it: an object; "" (hosted-run exports) as none;
 * a JSON-encoded object decoded (verifiers does `json.loads` on a string
 * info). Anything else has no reading as info and is kept as written, in extra.
 */
function infoOf(v: Json | undefined, infer: Infer | undefined): { info: JsonObject | null; kept: boolean } {
  if (v === undefined || v === null) return { info: null, kept: false };
  if (isJsonObject(v)) return { info: v, kept: false };
  if (v === '') {
    infer?.('infoEmpty');
    return { info: null, kept: false };
  }
  if (typeof v === 'string') {
    try {
      const decoded = JSON.parse(v) as Json;
      if (isJsonObject(decoded)) {
        infer?.('infoJson');
        return { info: decoded, kept: false };
      }
    } catch {
      // Not JSON: kept below.
    }
  }
  infer?.('infoKept');
  return { info: null, kept: true };
}

const num = (v: Json | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const bool = (v: Json | undefined): boolean | null => (typeof v === 'boolean' ? v : null);

/** HF's Arrow writer null-fills nested dicts with the union of keys (≤ v0.1.9): null there means absent. */
function dropNulls(v: Json): Json {
  if (Array.isArray(v)) return v.map(dropNulls);
  if (!isJsonObject(v)) return v;
  const out: JsonObject = {};
  for (const [k, x] of Object.entries(v)) if (x !== null) out[k] = dropNulls(x);
  return out;
}

function eraOf(o: JsonObject, messages: VfMessage[], raw: Json | undefined): VfEra {
  if ('example_id' in o) {
    // Rows written without timing (by other tools) still show the v0.1.10+ columns.
    if (!isJsonObject(o.timing)) return 'is_completed' in o || isJsonObject(o.metrics) ? 'v0.1.10-v0.1.13' : 'v0.1.6-v0.1.9';
    return isJsonObject(o.timing.generation) || typeof o.timing.total === 'number' ? 'v0.1.14+' : 'v0.1.10-v0.1.13';
  }
  if ('generation_ms' in o) return 'v0.1.3-v0.1.5';
  // Encoding A (raw objects) and null-filled tool_call_id on assistant messages are v0.1.2.post1 only.
  const rawCompletion = Array.isArray(raw) ? raw : [];
  const hasRawCalls = rawCompletion.some((m) => isJsonObject(m) && Array.isArray(m.tool_calls) && m.tool_calls.some(isJsonObject));
  const nullFilledIds = rawCompletion.some((m) => isJsonObject(m) && m.role === 'assistant' && 'tool_call_id' in m);
  return hasRawCalls || (nullFilledIds && messages.length > 0) ? 'v0.1.2.post1' : 'v0.1.3-v0.1.5';
}

function exampleIdOf(o: JsonObject, ctx: RowContext): { exampleId: Json; exampleIdSource: VfIdSource; rawId?: Json } {
  if ('example_id' in o) return { exampleId: o.example_id ?? null, exampleIdSource: 'example_id' };
  if (!('id' in o)) return { exampleId: null, exampleIdSource: 'example_id' };
  const id = o.id ?? null;
  // Before v0.1.6 `id` was row_index // r over rollout-major rows: right only when r = 1.
  const r = ctx.metadata?.rolloutsPerExample ?? null;
  const n = ctx.metadata?.numExamples ?? null;
  if (r === 1) return { exampleId: id, exampleIdSource: 'id' };
  if (n !== null && n > 0 && r !== null) return { exampleId: ctx.rowIndex % n, exampleIdSource: 'id-corrected-by-metadata', rawId: id };
  return { exampleId: ctx.promptOrdinal(o.prompt), exampleIdSource: 'id-corrected-by-prompt', rawId: id };
}

function errorOf(o: JsonObject): VfError | null {
  const e = o.error;
  if (e === null || e === undefined) return null;
  if (typeof e === 'string') return { message: e, raw: e };
  if (!isJsonObject(e)) return { message: JSON.stringify(e), raw: e };
  const pick = (...vs: (Json | undefined)[]) => vs.find((v): v is string => typeof v === 'string');
  const out: VfError = { message: pick(e.message, e.error_chain_str, e.error) ?? JSON.stringify(e), raw: e };
  const type = pick(e.error);
  if (type !== undefined) out.type = type;
  const chain = pick(e.error_chain_str, e.error_chain_repr, o.error_chain);
  if (chain !== undefined) out.chain = chain;
  return out;
}

function timingOf(o: JsonObject): VfTiming | null {
  const t = isJsonObject(o.timing) ? o.timing : null;
  const flat = ['generation_ms', 'scoring_ms', 'total_ms'].some((k) => k in o);
  if (!t && !flat) return null;
  const src: JsonObject = t ?? { generation_ms: o.generation_ms ?? null, scoring_ms: o.scoring_ms ?? null, total_ms: o.total_ms ?? null };
  const timing: VfTiming = { raw: src };
  const set = (key: 'startTime' | 'generationMs' | 'scoringMs' | 'totalMs', v: number | null) => {
    if (v !== null) timing[key] = v;
  };
  set('startTime', num(src.start_time));
  // v0.1.14+ writes seconds in nested spans; earlier eras write milliseconds.
  const seconds = (v: Json | undefined) => (num(v) === null ? null : num(v)! * 1000);
  const span = (v: Json | undefined) => (isJsonObject(v) ? seconds(v.duration) : null);
  set('generationMs', num(src.generation_ms) ?? span(src.generation));
  set('scoringMs', num(src.scoring_ms) ?? span(src.scoring));
  set('totalMs', num(src.total_ms) ?? seconds(src.total));
  return timing;
}

function tokenUsageOf(v: Json | undefined): VfTokenUsage | null {
  if (!isJsonObject(v)) return null;
  const input = num(v.input_tokens);
  const output = num(v.output_tokens);
  if (input === null || output === null) return null;
  const usage: VfTokenUsage = { inputTokens: input, outputTokens: output };
  const fi = num(v.final_input_tokens);
  const fo = num(v.final_output_tokens);
  if (fi !== null) usage.finalInputTokens = fi;
  if (fo !== null) usage.finalOutputTokens = fo;
  return usage;
}

/**
 * Metrics: the nested `metrics` map when present (v0.1.10+; its top-level copies
 * are not "extra"); before that, numeric top-level columns — the metadata's
 * metric names when it lists any (some real v0.1.6 files list none), never its
 * state columns.
 */
function metricsOf(o: JsonObject, metadata: VfMetadata | undefined): { metrics: Record<string, number>; flattened: Set<string> } {
  const metrics: Record<string, number> = {};
  if (isJsonObject(o.metrics)) {
    for (const [k, v] of Object.entries(o.metrics)) if (typeof v === 'number') metrics[k] = v;
    return { metrics, flattened: new Set(Object.keys(metrics).filter((k) => o[k] === metrics[k])) };
  }
  const named = metadata ? Object.keys(metadata.avgMetrics) : [];
  const state = new Set(metadata?.stateColumns ?? []);
  for (const [k, v] of Object.entries(o)) {
    if (KNOWN.has(k) || state.has(k) || typeof v !== 'number') continue;
    if (named.length === 0 || named.includes(k)) metrics[k] = v;
  }
  return { metrics, flattened: new Set(Object.keys(metrics)) };
}

/**
 * The row's layout for a re-export as written: its keys in order, and the values of the known keys the
 * rollout holds only as read. Messages, an object info and the tools are the rollout's (not held twice).
 */
function writtenOf(o: JsonObject, tools: Json[] | null): VfWritten {
  const values: JsonObject = {};
  for (const [k, v] of Object.entries(o)) {
    if (!KNOWN.has(k)) continue;
    if ((k === 'prompt' || k === 'completion') && (typeof v === 'string' || Array.isArray(v))) continue;
    if (k === 'info' && isJsonObject(v)) continue;
    if ((k === 'tool_defs' || k === 'oai_tools') && v === tools) continue;
    values[k] = v;
  }
  return { keys: Object.keys(o), values };
}

/** One results.jsonl row of any vf-eval era. Throws ShapeError with a path for a row we cannot read. */
export function readVfRow(o: JsonObject, ctx: RowContext): VfRollout {
  const prompt = normalizeMessages(o.prompt, 'prompt');
  const completion = normalizeMessages(o.completion, 'completion');
  const era = eraOf(o, completion.messages, o.completion);
  const hfWritten = era !== 'v0.1.10-v0.1.13' && era !== 'v0.1.14+';
  const read = infoOf(o.info, ctx.infer);
  const info = read.info && hfWritten ? (dropNulls(read.info) as JsonObject) : read.info;
  const { metrics, flattened } = metricsOf(o, ctx.metadata);
  const { calls } = pairToolCalls(completion.messages);
  const tools = [o.tool_defs, o.oai_tools, info?.oai_tools].find((t): t is Json[] => Array.isArray(t)) ?? null;
  const extra: JsonObject = {};
  for (const [k, v] of Object.entries(o)) if (!KNOWN.has(k) && !flattened.has(k)) extra[k] = v;
  if (read.kept) extra.info = o.info ?? null;
  const rollout: VfRollout = {
    line: ctx.line,
    rowIndex: ctx.rowIndex,
    ...exampleIdOf(o, ctx),
    mode: prompt.mode === 'completion' || completion.mode === 'completion' ? 'completion' : 'chat',
    prompt: prompt.messages,
    completion: completion.messages,
    calls,
    reward: num(o.reward),
    metrics,
    answer: typeof o.answer === 'string' ? o.answer : null,
    info,
    task: typeof o.task === 'string' ? o.task : null,
    error: errorOf(o),
    timing: timingOf(o),
    tokenUsage: tokenUsageOf(o.token_usage),
    isCompleted: bool(o.is_completed),
    isTruncated: bool(o.is_truncated),
    stopCondition: typeof o.stop_condition === 'string' ? o.stop_condition : null,
    tools,
    era,
    extra,
  };
  if (ctx.metadata) rollout.metadata = ctx.metadata;
  rollout.written = writtenOf(o, tools);
  return rollout;
}
