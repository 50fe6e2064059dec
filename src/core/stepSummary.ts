import { isJsonObject, tryParseJson, type JsonObject } from './json';
import type { ToolCall } from './types';

/** What a scratchpad summary reads of a step: the call and what the agent was told. */
export interface StepSummaryInput {
  call: ToolCall;
  result: { ok: boolean; content: string };
}

/** One line in a scratchpad, at most this long. */
export const STEP_SUMMARY_CHARS = 160;

export function clip(text: string, limit = STEP_SUMMARY_CHARS): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length <= limit ? one : `${one.slice(0, limit - 1)}…`;
}

/** A tool result's JSON body, or null when it is not a JSON object. */
export function bodyOf(content: string): JsonObject | null {
  const parsed = tryParseJson(content);
  return parsed.ok && isJsonObject(parsed.value) ? parsed.value : null;
}

/** The line any world's refusal gets: its error code and message. */
export function errorLine(body: JsonObject | null, content: string): string {
  if (body && typeof body.error === 'string') return clip(`error ${body.error}${typeof body.message === 'string' ? `: ${body.message}` : ''}`);
  return clip(`error: ${content}`);
}

/** A world without a summary of its own: the first characters of the result. */
export function genericSummary({ result }: StepSummaryInput): string {
  return result.ok ? clip(result.content) : errorLine(bodyOf(result.content), result.content);
}
