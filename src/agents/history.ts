import type { ToolSpec } from '../core/types';
import { formatBytes } from './boundedBody';
import { requestBody } from './chat';
import { DEFAULT_MAX_RESPONSE_BYTES, type EndpointConfig } from './endpoint';
import type { CheckedCall } from './toolCalls';
import type { WireMessage, WireToolCall } from './wire';

/**
 * What a model agent keeps of the conversation it re-sends every turn. Both
 * follow the reply cap, so one setting bounds what comes in and what goes out.
 */
export interface HistoryLimits {
  /** One request body (the whole history, the tools, the settings) in UTF-8 bytes: the cap itself. */
  requestBytes: number;
  /** One message kept in the history (an assistant's prose, a tool result, a call's arguments), in characters: an eighth of the cap. */
  messageChars: number;
}

export function historyLimits(config: EndpointConfig): HistoryLimits {
  const cap = config.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  return { requestBytes: cap, messageChars: Math.floor(cap / 8) };
}

/** Text kept whole up to `limit` characters; longer text keeps its start and says how much was cut. */
export function boundText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const note = (n: number) => `… [${n} more characters not kept: the history keeps at most ${limit} per message]`;
  // The note's own length depends on the count it reports; two passes settle it.
  let keep = limit - note(text.length).length;
  keep = limit - note(text.length - keep).length;
  return text.slice(0, keep) + note(text.length - keep);
}

type Assistant = Extract<WireMessage, { role: 'assistant' }>;

/**
 * A reply as the history keeps it: prose bounded, and each call whose
 * arguments are too long replaced by a note (valid JSON, as servers expect).
 * Those calls never run; `tooLong` gives their lengths by call id.
 */
export function keptReply(reply: Assistant, limit: number): { message: Assistant; tooLong: Map<string, number> } {
  const message: Assistant = { ...reply, content: reply.content === null ? null : boundText(reply.content, limit) };
  const tooLong = new Map<string, number>();
  if (reply.tool_calls)
    message.tool_calls = reply.tool_calls.map((c) => {
      const n = c.function.arguments.length;
      if (n <= limit) return c;
      tooLong.set(c.id, n);
      const note = JSON.stringify({ not_kept: `the arguments were ${n} characters, over the history's limit; the call was not run` });
      return { ...c, function: { name: c.function.name, arguments: note } };
    });
  return { message, tooLong };
}

/** The refusal for a call keptReply replaced: answered to the model, never run. */
export function tooLongCall(wire: WireToolCall, chars: number, limit: number): CheckedCall {
  const message = `the arguments of ${wire.function.name} are ${chars} characters, over the ${limit} a message in the history may have`;
  return { ok: false, code: 'arguments-too-large', message, raw: wire.function.arguments };
}

/** Null when the next request fits the limit; otherwise why the episode ends instead of sending it. */
export function historyOverLimit(config: EndpointConfig, log: readonly WireMessage[], tools: readonly ToolSpec[]): string | null {
  const { requestBytes } = historyLimits(config);
  const bytes = new TextEncoder().encode(JSON.stringify(requestBody(config, log, tools))).length;
  if (bytes <= requestBytes) return null;
  return `the conversation would be ${formatBytes(bytes)}, over the ${formatBytes(requestBytes)} history limit (the reply size limit); it was not sent`;
}
