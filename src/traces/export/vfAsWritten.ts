import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import type { VfMessage, VfRollout } from '../import/types';

/** A message as its row wrote it: content null, parts or text; each tool call as written; the keys it carried. */
function messageAsWritten(m: VfMessage): JsonObject {
  const out: JsonObject = { role: m.role };
  if (m.contentWritten !== 'absent') out.content = m.contentWritten === 'null' ? null : (m.contentParts ?? m.content);
  if (m.toolCalls?.length)
    out.tool_calls = m.toolCalls.map(
      (c) =>
        c.written ?? JSON.stringify({ id: c.id ?? null, name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments) }),
    );
  if (m.toolCallId !== undefined) out.tool_call_id = m.toolCallId;
  if (m.reasoning !== undefined) out.reasoning_content = m.reasoning;
  return m.extra ? { ...out, ...m.extra } : out;
}

function messagesAsWritten(r: VfRollout, list: VfMessage[]): Json {
  if (r.mode === 'completion' && list.length === 1 && list[0]!.role === 'text') return list[0]!.content;
  return list.map(messageAsWritten);
}

/**
 * A vf-eval row as its era wrote it: its keys in their order, `id` still `id`, timing columns
 * where they were, `oai_tools` as `oai_tools`, tool calls in their encoding, `info` as read
 * (nothing added to it). Null for a rollout that is not a vf-eval row (an Inspect sample, a v1
 * trace): those have no era's shape to keep.
 */
export function rolloutAsWritten(r: VfRollout): JsonObject | null {
  const w = r.written;
  if (!w) return null;
  const row: JsonObject = {};
  for (const k of w.keys) {
    if (k in w.values) row[k] = w.values[k]!;
    else if (k === 'prompt') row[k] = messagesAsWritten(r, r.prompt);
    else if (k === 'completion') row[k] = messagesAsWritten(r, r.completion);
    else if (k === 'info') row[k] = r.info;
    else if (k === 'tool_defs' || k === 'oai_tools') row[k] = r.tools;
    else if (k in r.extra) row[k] = r.extra[k]!;
    else if (k in r.metrics) row[k] = r.metrics[k]!;
  }
  return row;
}

/** What writing a row in today's shape changes of one written in an older era's, as the notes name it. */
export type Renamed = 'id' | 'timing' | 'oai_tools' | 'info.oai_tools' | 'tool_calls' | 'info' | 'error_chain';

export const RENAMED_TEXT: Record<Renamed, string> = {
  id: '`id` → `example_id`',
  timing: '`generation_ms`/`scoring_ms`/`total_ms` → `timing`',
  oai_tools: '`oai_tools` → `tool_defs`',
  'info.oai_tools': '`info.oai_tools` copied to `tool_defs`',
  tool_calls: 'OpenAI-shaped `tool_calls` → {id, name, arguments} strings',
  info: '`info` gained `world` and `agent` keys (a reward function reading info sees them)',
  error_chain: '`error_chain`/`long_error_chain` not written (the error is)',
};

/** A call written as an OpenAI object, or a JSON string of one (encodings A and B), not {id, name, arguments}. */
function openAiShaped(c: Json | undefined): boolean {
  if (isJsonObject(c)) return true;
  if (typeof c !== 'string') return false;
  try {
    const o = JSON.parse(c) as Json;
    return isJsonObject(o) && isJsonObject(o.function);
  } catch {
    return false;
  }
}

/** The changes `rolloutToVfRow` makes to this row, given whether it adds env and model to info. */
export function renamedInCurrentShape(r: VfRollout, addsIdentity: boolean): Renamed[] {
  const keys = new Set(r.written?.keys ?? []);
  const out: Renamed[] = [];
  if (keys.has('id') && !keys.has('example_id')) out.push('id');
  if (['generation_ms', 'scoring_ms', 'total_ms'].some((k) => keys.has(k))) out.push('timing');
  if (keys.has('oai_tools') && !keys.has('tool_defs')) out.push('oai_tools');
  else if (!keys.has('tool_defs') && r.tools && isJsonObject(r.info) && r.info.oai_tools === r.tools) out.push('info.oai_tools');
  if (r.calls.some((c) => openAiShaped(c.call.written))) out.push('tool_calls');
  if (addsIdentity) out.push('info');
  if (keys.has('error_chain') || keys.has('long_error_chain')) out.push('error_chain');
  return out;
}
