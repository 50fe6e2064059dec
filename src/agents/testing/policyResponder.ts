import type { Agent } from '../../core/agent';
import { isJsonObject, tryParseJson } from '../../core/json';
import type { Step, Task } from '../../core/types';
import type { MockReply, RecordedRequest, Responder } from './mockServer';

/**
 * Rebuild the steps a model has seen from the messages it was sent: each
 * assistant tool call paired with its tool message. A result counts as failed
 * when its JSON has an "error" field, as world tool errors do.
 */
export function stepsFromMessages(body: unknown): Step[] {
  const messages = isJsonObject(body) && Array.isArray(body.messages) ? body.messages.filter(isJsonObject) : [];
  const results = new Map<string, string>();
  for (const m of messages) if (m.role === 'tool' && typeof m.tool_call_id === 'string') results.set(m.tool_call_id, String(m.content ?? ''));
  const steps: Step[] = [];
  for (const m of messages) {
    if (m.role !== 'assistant' || !Array.isArray(m.tool_calls)) continue;
    for (const tc of m.tool_calls) {
      if (!isJsonObject(tc) || !isJsonObject(tc.function) || typeof tc.id !== 'string') continue;
      const content = results.get(tc.id);
      if (content === undefined) continue;
      const args = tryParseJson(String(tc.function.arguments ?? '{}'));
      const parsed = tryParseJson(content);
      const ok = !(parsed.ok && isJsonObject(parsed.value) && parsed.value.error !== undefined);
      steps.push({
        index: steps.length,
        call: { name: String(tc.function.name), arguments: args.ok ? args.value : null, id: tc.id },
        result: { ok, content, done: false },
        events: [],
      });
    }
  }
  return steps;
}

/**
 * A mock "model" that plays a scripted policy (e.g. a world's reference
 * solver): each request is answered with the call the policy makes on the
 * steps the messages show, and prose once it stops.
 */
export function policyResponder(task: Task, makePolicy: () => Agent): Responder {
  return async (req: RecordedRequest, index: number): Promise<MockReply> => {
    const steps = stepsFromMessages(req.body);
    const action = await makePolicy().next({ task, steps, turnsLeft: Math.max(0, task.maxTurns - steps.length) });
    if (action.type === 'call') return { kind: 'tool-calls', calls: [{ name: action.call.name, arguments: action.call.arguments, id: `call_${index}` }] };
    return { kind: 'prose', content: `Done: ${action.type === 'stop' ? (action.detail ?? action.reason) : action.detail}` };
  };
}

/** The same, for a batch over several tasks: each request's task is found by its user prompt. */
export function multiTaskResponder(tasks: readonly Task[], makePolicy: () => Agent): Responder {
  const byPrompt = new Map(tasks.map((t) => [JSON.stringify(t.prompt), policyResponder(t, makePolicy)]));
  return (req, index) => {
    const messages = isJsonObject(req.body) && Array.isArray(req.body.messages) ? req.body.messages.slice(0, 2) : [];
    const respond = byPrompt.get(JSON.stringify(messages));
    return respond ? respond(req, index) : { kind: 'status', status: 400, body: '{"error":{"message":"mock: no task has this prompt"}}' };
  };
}
