import { tryParseJson } from '../core/json';
import { normaliseCall } from '../core/lenient';
import type { Task, ToolCall } from '../core/types';
import { validateArgs } from './schema';
import type { WireToolCall } from './wire';

export type CheckedCall =
  { ok: true; call: ToolCall } | { ok: false; code: 'invalid-arguments' | 'schema-mismatch' | 'arguments-too-large'; message: string; raw: string };

const snippet = (s: string) => (s.length > 200 ? `${s.slice(0, 200)}…` : s);

/**
 * Turn a model's tool call into a world call, or say why it cannot run. The
 * arguments are checked as the world will read them (`mcp__db__execute_sql`
 * with {"sql": …} is run_sql with {"query": …}), but the call goes on as the
 * model sent it: the world records its own reading on the step. Unknown tool
 * names and conflicting arguments pass through too: the world answers them
 * with its own recoverable error, so every world teaches its tools the same way.
 */
export function checkToolCall(wire: WireToolCall, task: Pick<Task, 'tools' | 'lenient'>): CheckedCall {
  const { name, arguments: text } = wire.function;
  // Models often send "" for a tool without parameters; that means {}.
  const parsed = text.trim() === '' ? { ok: true as const, value: {} } : tryParseJson(text);
  if (!parsed.ok)
    return { ok: false, code: 'invalid-arguments', raw: text, message: `the arguments of ${name} are not valid JSON (${parsed.error}): ${snippet(text)}` };
  const call: ToolCall = { name, arguments: parsed.value, id: wire.id };
  const read = normaliseCall(call, task);
  const spec = read.ok ? task.tools.find((t) => t.function.name === read.call.name) : undefined;
  if (read.ok && spec) {
    const problems = validateArgs(spec.function.parameters, read.call.arguments);
    const as = read.call.name === name ? '' : ` (read as ${read.call.name})`;
    if (problems.length > 0)
      return { ok: false, code: 'schema-mismatch', raw: text, message: `the arguments of ${name}${as} do not match its schema: ${problems.join('; ')}` };
  }
  return { ok: true, call };
}

/** The tool message a model sees for a call that did not run, shaped like a world's tool error. */
export function toolErrorContent(code: string, message: string): string {
  return JSON.stringify({ error: code.replace(/-/g, '_'), message });
}

/** Fill missing or repeated ids, so every tool message names exactly one call. */
export function uniqueIds(calls: WireToolCall[], fresh: () => string): WireToolCall[] {
  const seen = new Set<string>();
  return calls.map((c) => {
    const id = c.id === '' || seen.has(c.id) ? fresh() : c.id;
    seen.add(id);
    return id === c.id ? c : { ...c, id };
  });
}
