import { isJsonObject, type Json } from '../../../core/json';
import type { EventKind, Trace } from '../../../core/types';
import type { AgentEvent } from '../../../agents/modelAgent';
import type { WireMessage, WireToolCall } from '../../../agents/wire';

/**
 * A model run's own record (`trace.meta.model`, written by ModelAgent.record):
 * the messages exchanged and the driver's events — calls that never reached
 * the world (invalid arguments, over budget, rejected) with their errors.
 * Read defensively: an imported file may hold anything there.
 */
export interface ModelRecord {
  events: AgentEvent[];
  messages: WireMessage[];
}

const KINDS = new Set<EventKind>(['fault', 'access', 'trip', 'refused', 'write', 'error', 'info']);
const str = (v: Json | undefined): string | null => (typeof v === 'string' ? v : null);

function toolCall(v: Json): WireToolCall | null {
  if (!isJsonObject(v) || !isJsonObject(v.function)) return null;
  const name = str(v.function.name);
  if (name === null) return null;
  const args = v.function.arguments;
  return { id: str(v.id) ?? '', type: 'function', function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args ?? null) } };
}

function message(v: Json): WireMessage | null {
  if (!isJsonObject(v)) return null;
  const content = str(v.content);
  if (v.role === 'system' || v.role === 'user') return content === null ? null : { role: v.role, content };
  if (v.role === 'tool') return content === null ? null : { role: 'tool', tool_call_id: str(v.tool_call_id) ?? '', content };
  if (v.role !== 'assistant') return null;
  const calls = Array.isArray(v.tool_calls) ? v.tool_calls.map(toolCall).filter((c): c is WireToolCall => c !== null) : [];
  return calls.length ? { role: 'assistant', content, tool_calls: calls } : { role: 'assistant', content };
}

function event(v: Json): AgentEvent | null {
  if (!isJsonObject(v)) return null;
  const code = str(v.code);
  const msg = str(v.message);
  if (code === null || msg === null || typeof v.beforeStep !== 'number') return null;
  const kind = typeof v.kind === 'string' && KINDS.has(v.kind as EventKind) ? (v.kind as EventKind) : 'info';
  return { code, kind, layer: null, message: msg, beforeStep: v.beforeStep };
}

/** The record, or null when the trace has none (not a model run, or a file without it). */
export function modelRecordOf(trace: Trace): ModelRecord | null {
  const m = trace.meta?.model;
  if (!isJsonObject(m)) return null;
  const events = Array.isArray(m.events) ? m.events.map(event).filter((e): e is AgentEvent => e !== null) : [];
  const messages = Array.isArray(m.messages) ? m.messages.map(message).filter((x): x is WireMessage => x !== null) : [];
  return events.length || messages.length ? { events, messages } : null;
}
