import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import type { VfMessage, VfPairedCall, VfToolCall } from '../import/types';

/**
 * Inspect messages with every field its schema requires (Inspect itself omits
 * nulls; its reader fills them in, other readers may not).
 */
const base = (id: string, source: 'input' | 'generate' | null, metadata: JsonObject | null) => ({ id, source, metadata, internal: null });

function content(text: string, reasoning: string | undefined): Json {
  if (reasoning === undefined) return text;
  return [
    { internal: null, type: 'reasoning', reasoning, signature: null, redacted: false },
    { internal: null, type: 'text', text, refusal: null, citations: null },
  ];
}

export const systemMessage = (id: string, text: string, source: 'input' | null = null): JsonObject => ({
  ...base(id, source, null),
  content: text,
  role: 'system',
});

export const userMessage = (id: string, text: string, source: 'input' | null = 'input', metadata: JsonObject | null = null): JsonObject => ({
  ...base(id, source, metadata),
  content: text,
  role: 'user',
  tool_call_id: null,
});

export interface WrittenCall {
  id: string;
  name: string;
  arguments: Json;
  argumentsError?: string;
}

/** Inspect's ToolCall takes an object of arguments: anything else is kept as the parse error's text, and counted by the caller. */
export function toolCall(c: WrittenCall): JsonObject {
  const isObject = isJsonObject(c.arguments);
  const parseError = c.argumentsError ?? (isObject ? null : `arguments were ${JSON.stringify(c.arguments)}, not an object`);
  return { id: c.id, function: c.name, arguments: isObject ? c.arguments : {}, internal: null, parse_error: parseError, view: null, type: 'function' };
}

export function assistantMessage(
  id: string,
  text: string,
  calls: WrittenCall[],
  model: string | null,
  metadata: JsonObject | null = null,
  reasoning?: string,
): JsonObject {
  return {
    ...base(id, 'generate', metadata),
    content: content(text, reasoning),
    role: 'assistant',
    tool_calls: calls.length ? calls.map(toolCall) : null,
    model,
  };
}

export function toolMessage(
  id: string,
  text: string,
  callId: string | null,
  name: string | null,
  failed: boolean,
  metadata: JsonObject | null = null,
): JsonObject {
  return {
    ...base(id, null, metadata),
    content: text,
    role: 'tool',
    tool_call_id: callId,
    function: name,
    error: failed ? { type: 'unknown', message: text } : null,
  };
}

/** A ModelUsage with its optional counts written out. */
export function modelUsage(input: number, output: number, extra: JsonObject = {}): JsonObject {
  const int = (v: Json | undefined) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : null);
  const i = Math.round(input);
  const o = Math.round(output);
  return {
    input_tokens: i,
    output_tokens: o,
    total_tokens: int(extra.total_tokens) ?? i + o,
    input_tokens_cache_write: int(extra.input_tokens_cache_write),
    input_tokens_cache_read: int(extra.input_tokens_cache_read),
    reasoning_tokens: int(extra.reasoning_tokens),
  };
}

/**
 * A rollout's messages (from vf-eval or an Inspect import) back as Inspect
 * messages. Tool messages get the id of the call they answered — vf-eval
 * v0.1.3–v0.1.10 dropped those ids, pairing recovered them — and calls
 * without an id get a stable one.
 */
export function rolloutMessages(
  prompt: VfMessage[],
  completion: VfMessage[],
  calls: VfPairedCall[],
  idPrefix: string,
  model: string | null,
): { input: JsonObject[]; messages: JsonObject[]; badArguments: number } {
  const callIds = new Map<VfToolCall, string>();
  const answeredBy = new Map<number, VfPairedCall>();
  calls.forEach((p, i) => {
    callIds.set(p.call, p.call.id ?? `${idPrefix}-call-${i}`);
    if (p.result) answeredBy.set(p.result.messageIndex, p);
  });
  let badArguments = 0;
  const one = (m: VfMessage, i: number, part: 'prompt' | 'completion'): JsonObject => {
    const id = `${idPrefix}-${part === 'prompt' ? 'p' : 'c'}${i}`;
    const extraMeta = m.extra && Object.keys(m.extra).length ? m.extra : null;
    const role = m.role === 'text' ? (part === 'prompt' ? 'user' : 'assistant') : m.role;
    if (role === 'system') return systemMessage(id, m.content, part === 'prompt' ? 'input' : null);
    if (role === 'assistant') {
      const written = (m.toolCalls ?? []).map((c) => {
        if (!isJsonObject(c.arguments)) badArguments++;
        const w: WrittenCall = { id: callIds.get(c) ?? `${id}-call`, name: c.name, arguments: c.arguments };
        if (c.argumentsError !== undefined) w.argumentsError = c.argumentsError;
        return w;
      });
      const modelOf = typeof m.extra?.model === 'string' ? m.extra.model : model;
      return assistantMessage(id, m.content, written, modelOf, isJsonObject(m.extra?.metadata) ? m.extra.metadata : null, m.reasoning);
    }
    if (role === 'tool') {
      const pair = part === 'completion' ? answeredBy.get(i) : undefined;
      const callId = m.toolCallId ?? (pair ? callIds.get(pair.call)! : null);
      const failed = isJsonObject(m.extra?.error);
      return toolMessage(id, m.content, callId, pair?.call.name ?? (typeof m.extra?.function === 'string' ? m.extra.function : null), failed);
    }
    // user, and roles Inspect has no type for (developer, …): a user message that says what it was.
    return userMessage(id, m.content, part === 'prompt' ? 'input' : null, role === 'user' ? null : { role, ...(extraMeta ?? {}) });
  };
  const input = prompt.map((m, i) => one(m, i, 'prompt'));
  return { input, messages: [...input, ...completion.map((m, i) => one(m, i, 'completion'))], badArguments };
}
