import type { Json } from '../../core/json';
import { describeAmount, LIMITS, overLimit, type LimitName } from '../../core/limits';
import type { Trace } from '../../core/types';
import type { VfMessage, VfRollout } from './types';

/** The budgets of one row (core/limits.ts unless a test narrows them). */
export interface RowLimits {
  chars: number;
  messages: number;
  toolCallsPerMessage: number;
}

export const ROW_LIMITS: RowLimits = {
  chars: LIMITS.rowChars.value,
  messages: LIMITS.rowMessages.value,
  toolCallsPerMessage: LIMITS.toolCallsPerMessage.value,
};

/**
 * Characters of a JSON value, counted without building its text (keys and
 * strings; 8 for anything else), and no further than `stop`: one walk costs at
 * most the budget, never the value's whole size. Iterative: rows can be deep.
 */
export function jsonChars(root: Json | undefined, stop: number): number {
  let n = 0;
  const stack: (Json | undefined)[] = [root];
  while (stack.length > 0 && n <= stop) {
    const v = stack.pop();
    if (typeof v === 'string') n += v.length;
    else if (Array.isArray(v)) for (const x of v) stack.push(x);
    else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        n += k.length;
        stack.push(x);
      }
    } else n += 8;
  }
  return n;
}

function messageChars(m: VfMessage, stop: number): number {
  let n = m.role.length + (m.reasoning?.length ?? 0) + (m.contentParts ? jsonChars(m.contentParts, stop) : m.content.length);
  for (const c of m.toolCalls ?? []) {
    if (n > stop) break;
    n += c.name.length + jsonChars(c.arguments, stop - n);
  }
  if (m.extra && n <= stop) n += jsonChars(m.extra, stop - n);
  return n;
}

/** Which budget a row is over and by how much, in words; null when it fits. */
export function rowOverLimit(rollout: VfRollout, where: string, limits: RowLimits = ROW_LIMITS): string | null {
  const messages = rollout.prompt.length + rollout.completion.length;
  if (messages > limits.messages) return say('rowMessages', where, `${messages.toLocaleString('en-US')} messages`, limits.messages);
  let chars = 0;
  for (const list of [rollout.prompt, rollout.completion])
    for (const [i, m] of list.entries()) {
      const calls = m.toolCalls?.length ?? 0;
      if (calls > limits.toolCallsPerMessage)
        return say(
          'toolCallsPerMessage',
          `${where}, ${list === rollout.prompt ? 'prompt' : 'completion'} message ${i + 1}`,
          `${calls.toLocaleString('en-US')} tool calls`,
          limits.toolCallsPerMessage,
        );
      chars += messageChars(m, limits.chars - chars);
      if (chars > limits.chars)
        return say(
          'rowChars',
          where,
          `${describeAmount(chars, 'characters')} of text by message ${i + 1}${list === rollout.prompt ? ' of the prompt' : ''}`,
          limits.chars,
        );
    }
  chars += jsonChars(rollout.extra, limits.chars - chars) + jsonChars(rollout.info, limits.chars - chars);
  if (chars > limits.chars) return say('rowChars', where, `${describeAmount(chars, 'characters')} of text`, limits.chars);
  return null;
}

/** What `traceOverLimit` counts is at most this many times the characters of the JSON text the trace was read from. */
export const TEXT_CHARS_BOUND = 8;

/**
 * A native trace's budgets: its steps count as messages, its calls and results as text. `textChars`: the length of
 * the JSON text the trace was read from, when it was: every string counted is in that text (keys, names, results:
 * no longer than their quoted text) and anything else counts 8 for at least one character, so a text of at most
 * `limits.chars / TEXT_CHARS_BOUND` characters cannot reach the text budget, and its walk is skipped (~9 ms a
 * thousand traces, measured in Node).
 */
export function traceOverLimit(trace: Trace, where: string, limits: RowLimits = ROW_LIMITS, textChars?: number): string | null {
  if (trace.steps.length > limits.messages) return say('rowMessages', where, `${trace.steps.length.toLocaleString('en-US')} steps`, limits.messages);
  if (textChars !== undefined && textChars * TEXT_CHARS_BOUND <= limits.chars) return null;
  let chars = 0;
  for (const s of trace.steps) {
    chars += s.result.content.length + s.call.name.length + jsonChars(s.call.arguments as Json, limits.chars - chars);
    if (chars > limits.chars) return say('rowChars', where, `${describeAmount(chars, 'characters')} of text by step ${s.index + 1}`, limits.chars);
  }
  return null;
}

const say = (name: LimitName, where: string, reached: string, value: number) => `${overLimit(name, where, reached, value)}: the row is skipped`;
