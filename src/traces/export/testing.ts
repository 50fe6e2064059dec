import type { JsonObject } from '../../core/json';
import type { Trace } from '../../core/types';
import { nativeTraces } from '../import/testing';

/**
 * A real fault-api trace with every secret planted in each kind of field a
 * model, a world or an import can fill: the task spec, the agent, call
 * arguments (as a value and as a key), result content, step events' messages
 * and data, the scorecard, the stop detail, and meta (the model's message log,
 * its driver events, the endpoint). Boundary tests assert none survives.
 */
export async function traceCarrying(secrets: readonly string[]): Promise<Trace> {
  const [base] = await nativeTraces();
  const trace = structuredClone(base!);
  const said = `the model said ${secrets.join(' and ')} here`;
  const first = secrets[0]!;
  trace.task = { ...trace.task, note: said };
  trace.agent = { ...trace.agent, name: `agent ${said}`, model: said };
  const step = trace.steps[0]!;
  const args: JsonObject =
    typeof step.call.arguments === 'object' && step.call.arguments !== null && !Array.isArray(step.call.arguments) ? step.call.arguments : {};
  step.call = { ...step.call, arguments: { ...args, query: `SELECT '${first}'`, [first]: 'as a key', list: [said] } };
  step.result = { ...step.result, content: `${step.result.content} ${said}` };
  step.events.push({ code: 'echo', kind: 'info', layer: null, message: said, data: { echo: said, nested: { deeper: [said] } } });
  trace.scorecard!.layers[0]!.reasons.push(said);
  trace.stop = { ...trace.stop!, detail: said };
  const toolCall = { id: 'call_1', type: 'function', function: { name: 'run_sql', arguments: JSON.stringify({ query: `SELECT '${first}'` }) } };
  trace.meta = {
    source: said,
    model: {
      endpoint: { base_url: `http://127.0.0.1:9/v1?note=${encodeURIComponent(said)}`, model: 'm' },
      messages: [
        { role: 'user', content: said },
        { role: 'assistant', content: said, tool_calls: [toolCall] },
        { role: 'tool', tool_call_id: 'call_1', content: JSON.stringify({ rows: [[first]] }) },
      ],
      events: [{ code: 'invalid-json', kind: 'error', layer: null, message: said, beforeStep: 0, data: { arguments: said } }],
    },
  };
  return trace;
}

/** Every form a secret can take once written out: as is, inside JSON text, in a URL. */
export function spellingsOf(secret: string): string[] {
  return [secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)];
}
