import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import type { Infer } from '../import/inferred';
import type { VfMessage, VfToolCall } from '../import/types';
import { ShapeError } from '../validate';

const ATTACHMENT = 'attachment://';

/**
 * Inspect moves large strings (long prompts, tool output, images) into the
 * sample's `attachments` and leaves "attachment://<hash>" in their place. Put
 * them back, so the messages read as the model saw them. Iterative: a message
 * list can be long and deep.
 */
export function resolveAttachments(value: Json, attachments: JsonObject | null): Json {
  if (!attachments || Object.keys(attachments).length === 0) return value;
  const swap = (s: string): string => {
    if (!s.startsWith(ATTACHMENT)) return s;
    const hit = attachments[s.slice(ATTACHMENT.length)];
    return typeof hit === 'string' ? hit : s;
  };
  const root: { v: Json } = { v: null };
  const stack: { src: Json; set: (v: Json) => void }[] = [{ src: value, set: (v) => (root.v = v) }];
  while (stack.length > 0) {
    const { src, set } = stack.pop()!;
    if (typeof src === 'string') set(swap(src));
    else if (Array.isArray(src)) {
      const out: Json[] = new Array<Json>(src.length).fill(null);
      set(out);
      src.forEach((x, i) => stack.push({ src: x, set: (v) => (out[i] = v) }));
    } else if (isJsonObject(src)) {
      const out: JsonObject = {};
      set(out);
      for (const [k, x] of Object.entries(src)) stack.push({ src: x, set: (v) => (out[k] = v) });
    } else set(src);
  }
  return root.v;
}

/** Inspect's content parts as text, as its own transcript shows them: text joined, media as placeholders. */
function flattenContent(parts: Json[]): { text: string; reasoning: string | null } {
  const text: string[] = [];
  const reasoning: string[] = [];
  for (const p of parts) {
    if (typeof p === 'string') text.push(p);
    else if (!isJsonObject(p)) continue;
    else if (p.type === 'text' && typeof p.text === 'string') text.push(p.text);
    else if (p.type === 'reasoning') {
      if (typeof p.reasoning === 'string' && p.redacted !== true) reasoning.push(p.reasoning);
      else if (typeof p.summary === 'string') reasoning.push(p.summary);
    } else if (p.type === 'image') text.push('[image]');
    else if (p.type === 'audio') text.push('[audio]');
    else if (p.type === 'video') text.push('[video]');
    else if (p.type === 'data') text.push(JSON.stringify(p.data ?? null));
    else if (typeof p.type === 'string') text.push(`[${p.type}]`);
  }
  return { text: text.join('\n\n'), reasoning: reasoning.length > 0 ? reasoning.join('\n\n') : null };
}

/** Inspect's ToolCall: `function` is the tool's name and `arguments` an object already parsed. */
function toolCall(v: Json, path: string): VfToolCall {
  if (!isJsonObject(v)) throw new ShapeError(path, 'expected a tool call object');
  if (typeof v.function !== 'string') throw new ShapeError(`${path}.function`, 'a tool call without a function name');
  const call: VfToolCall = { name: v.function, arguments: v.arguments ?? {} };
  if (typeof v.id === 'string' && v.id !== '') call.id = v.id;
  if (typeof v.parse_error === 'string') call.argumentsError = v.parse_error;
  return call;
}

/** Keys we map to fields; `id` is a per-message uuid nobody reads. Everything else non-null goes to `extra`. */
const MAPPED = new Set(['id', 'role', 'content', 'tool_calls', 'tool_call_id']);

/**
 * A message's role when it has none, from the fields only one kind of message
 * has: the R writer of Inspect logs (vitals) leaves `role` off tool results,
 * which carry `tool_call_id` and `function`. Inspect View shows such messages;
 * so do we, and the import says how many roles were inferred.
 */
function inferRole(v: JsonObject, path: string, infer: Infer | undefined): string {
  if (v.role !== undefined && v.role !== null) {
    if (typeof v.role !== 'string') throw new ShapeError(`${path}.role`, 'expected a string');
    return v.role;
  }
  if (typeof v.tool_call_id === 'string' || typeof v.function === 'string' || (isJsonObject(v.error) && 'message' in v.error)) {
    infer?.('roleTool');
    return 'tool';
  }
  if ((Array.isArray(v.tool_calls) && v.tool_calls.length > 0) || typeof v.model === 'string' || v.source === 'generate') {
    infer?.('roleAssistant');
    return 'assistant';
  }
  if (v.source === 'input') {
    infer?.('roleUser');
    return 'user';
  }
  infer?.('roleUnknown');
  return 'unknown';
}

export function inspectMessage(v: Json, path: string, infer?: Infer): VfMessage {
  if (!isJsonObject(v)) throw new ShapeError(path, 'expected a message object');
  const msg: VfMessage = { role: inferRole(v, path, infer), content: '' };
  if (typeof v.content === 'string') msg.content = v.content;
  else if (Array.isArray(v.content)) {
    const flat = flattenContent(v.content);
    msg.content = flat.text;
    if (flat.reasoning !== null) msg.reasoning = flat.reasoning;
    msg.contentParts = v.content;
  } else if (v.content !== null && v.content !== undefined) throw new ShapeError(`${path}.content`, 'expected a string or a list of content parts');
  if (Array.isArray(v.tool_calls) && v.tool_calls.length > 0) msg.toolCalls = v.tool_calls.map((tc, i) => toolCall(tc, `${path}.tool_calls[${i}]`));
  if (typeof v.tool_call_id === 'string') msg.toolCallId = v.tool_call_id;
  const extra: JsonObject = {};
  for (const [k, x] of Object.entries(v)) if (!MAPPED.has(k) && x !== null && !(isJsonObject(x) && Object.keys(x).length === 0)) extra[k] = x;
  if (Object.keys(extra).length > 0) msg.extra = extra;
  return msg;
}

/**
 * A sample's conversation split as a vf-eval row is: the prompt is every
 * message before the model's first turn, the completion the rest. A sample
 * with no messages (it failed before the model ran) shows its input.
 */
export function splitConversation(
  messages: Json | undefined,
  input: Json | undefined,
  path: string,
  infer?: Infer,
): { prompt: VfMessage[]; completion: VfMessage[] } {
  const list = Array.isArray(messages) ? messages.map((m, i) => inspectMessage(m, `${path}.messages[${i}]`, infer)) : [];
  if (list.length === 0) {
    if (typeof input === 'string') return { prompt: [{ role: 'user', content: input }], completion: [] };
    if (Array.isArray(input)) return { prompt: input.map((m, i) => inspectMessage(m, `${path}.input[${i}]`, infer)), completion: [] };
    return { prompt: [], completion: [] };
  }
  const first = list.findIndex((m) => m.role === 'assistant');
  const cut = first < 0 ? list.length : first;
  return { prompt: list.slice(0, cut), completion: list.slice(cut) };
}
