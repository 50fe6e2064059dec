import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import { ShapeError } from '../validate';
import type { VfMessage, VfPairedCall, VfToolCall } from './types';

const MESSAGE_KEYS = new Set(['role', 'content', 'tool_calls', 'tool_call_id', 'reasoning_content']);

/** vf-eval's own flattening of list content (v0.1.3–v0.1.10 printer): text parts joined, media as placeholders. */
function flattenParts(parts: Json[]): string {
  return parts
    .map((p) => {
      if (typeof p === 'string') return p;
      if (!isJsonObject(p)) return '';
      if (typeof p.text === 'string') return p.text;
      if (p.type === 'image_url' || p.type === 'image') return '[image]';
      if (p.type === 'input_audio' || p.type === 'audio') return '[audio]';
      return '';
    })
    .join('\n\n');
}

function parseArguments(raw: Json | undefined): Pick<VfToolCall, 'arguments' | 'argumentsError'> {
  if (raw === undefined || raw === null) return { arguments: {}, argumentsError: 'no arguments recorded' };
  if (typeof raw !== 'string') return { arguments: raw };
  try {
    return { arguments: JSON.parse(raw) as Json };
  } catch (e) {
    return { arguments: raw, argumentsError: `arguments are not JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/**
 * One tool call in any of the three encodings: A (v0.1.2.post1) an OpenAI object
 * {id, type, function: {name, arguments}}; B (v0.1.3–v0.1.10) the same object as
 * a JSON string; C (v0.1.11+) a JSON string of {id, name, arguments}. As vf-tui
 * does: take `function ?? call` for name and arguments.
 */
export function normalizeToolCall(v: Json, path: string): VfToolCall {
  let o: Json = v;
  if (typeof v === 'string') {
    try {
      o = JSON.parse(v) as Json;
    } catch {
      throw new ShapeError(path, 'a tool call string that is not JSON');
    }
  }
  if (!isJsonObject(o)) throw new ShapeError(path, 'expected a tool call object or JSON string');
  const fn = isJsonObject(o.function) ? o.function : o;
  const name = fn.name ?? (typeof o.function === 'string' ? o.function : null);
  if (typeof name !== 'string') throw new ShapeError(`${path}.name`, 'a tool call without a name');
  const call: VfToolCall = { name, ...parseArguments(fn.arguments ?? o.arguments) };
  if (call.argumentsError === undefined) delete call.argumentsError;
  if (typeof o.id === 'string' && o.id !== '') call.id = o.id;
  call.written = v;
  return call;
}

export function normalizeMessage(v: Json, path: string): VfMessage {
  if (!isJsonObject(v)) throw new ShapeError(path, 'expected a message object');
  if (typeof v.role !== 'string') throw new ShapeError(`${path}.role`, 'expected a string');
  const msg: VfMessage = { role: v.role, content: '' };
  const c = v.content;
  if (typeof c === 'string') msg.content = c;
  else if (Array.isArray(c)) {
    msg.content = flattenParts(c);
    msg.contentParts = c;
  } else if (c === null || c === undefined) msg.contentWritten = c === null ? 'null' : 'absent';
  else msg.content = JSON.stringify(c);
  if (Array.isArray(v.tool_calls) && v.tool_calls.length > 0) msg.toolCalls = v.tool_calls.map((tc, i) => normalizeToolCall(tc, `${path}.tool_calls[${i}]`));
  if (typeof v.tool_call_id === 'string') msg.toolCallId = v.tool_call_id;
  if (typeof v.reasoning_content === 'string') msg.reasoning = v.reasoning_content;
  const extra: JsonObject = {};
  // HF's null-fill gives every message the union of keys: null means absent.
  for (const [k, x] of Object.entries(v)) if (!MESSAGE_KEYS.has(k) && x !== null) extra[k] = x;
  if (Object.keys(extra).length > 0) msg.extra = extra;
  return msg;
}

/** A prompt or completion: a message list, or a plain string in completion-mode environments. */
export function normalizeMessages(v: Json | undefined, path: string): { mode: 'chat' | 'completion'; messages: VfMessage[] } {
  if (v === undefined || v === null) return { mode: 'chat', messages: [] };
  if (typeof v === 'string') return { mode: 'completion', messages: [{ role: 'text', content: v }] };
  if (!Array.isArray(v)) throw new ShapeError(path, 'expected a list of messages or a string');
  return { mode: 'chat', messages: v.map((m, i) => normalizeMessage(m, `${path}[${i}]`)) };
}

/**
 * Pair each tool call with the tool message that answered it: by tool_call_id
 * when the message kept one (v0.1.2.post1, v0.1.11+), else the next unanswered
 * call in order (v0.1.3–v0.1.10 dropped the ids). A new assistant turn closes
 * the previous one: results never answer calls from an earlier turn by order.
 * Calls left unanswered (a rollout cut by max_turns) keep result null.
 */
export function pairToolCalls(completion: readonly VfMessage[]): { calls: VfPairedCall[]; orphans: number } {
  const calls: VfPairedCall[] = [];
  // The open turn's calls by id (first unanswered one per id) and the next unanswered one in order:
  // linear in the calls, where a search per result was quadratic (100,000 calls took 9.6 s).
  let open: VfPairedCall[] = [];
  let byId = new Map<string, { list: VfPairedCall[]; at: number }>();
  let nextInOrder = 0;
  let orphans = 0;
  completion.forEach((m, i) => {
    if (m.role === 'assistant') {
      open = [];
      byId = new Map();
      nextInOrder = 0;
      // A loop, not push(...): a spread of 200,000 arguments overflows the stack.
      for (const call of m.toolCalls ?? []) {
        const p: VfPairedCall = { call, messageIndex: i, result: null };
        open.push(p);
        calls.push(p);
        if (call.id !== undefined) {
          const same = byId.get(call.id);
          if (same) same.list.push(p);
          else byId.set(call.id, { list: [p], at: 0 });
        }
      }
      return;
    }
    if (m.role !== 'tool') return;
    let target: VfPairedCall | undefined;
    if (m.toolCallId !== undefined) {
      const same = byId.get(m.toolCallId);
      if (same) {
        while (same.at < same.list.length && same.list[same.at]!.result !== null) same.at++;
        target = same.list[same.at];
      }
    }
    const pairedBy = target ? 'id' : 'order';
    if (!target) {
      while (nextInOrder < open.length && open[nextInOrder]!.result !== null) nextInOrder++;
      target = open[nextInOrder];
    }
    if (target) target.result = { content: m.content, messageIndex: i, pairedBy };
    else orphans++;
  });
  return { calls, orphans };
}
