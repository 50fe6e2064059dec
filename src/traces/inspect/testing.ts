import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Json, JsonObject } from '../../core/json';

/**
 * A small Inspect log written by hand in the shapes real logs have (Inspect
 * omits nulls; attachments hold long strings; scores are letter grades or
 * dicts): a foreign task with a tool-using sample and a plain one.
 */
export function handLog(): JsonObject {
  const weather: JsonObject = {
    id: 'w1',
    epoch: 1,
    input: 'attachment://q1',
    target: ['12', 'twelve'],
    messages: [
      { id: 'm0', role: 'system', content: 'You have a weather tool.' },
      { id: 'm1', role: 'user', content: 'attachment://q1', source: 'input' },
      {
        id: 'm2',
        role: 'assistant',
        content: [
          { type: 'reasoning', reasoning: 'I should look it up.' },
          { type: 'text', text: 'Checking.' },
        ],
        source: 'generate',
        model: 'gpt-test',
        tool_calls: [
          { id: 'call_a', function: 'weather', arguments: { city: 'Oslo' } },
          { id: 'call_b', function: 'weather', arguments: { city: 'Bergen' } },
        ],
      },
      // Answered out of order: pairing is by id, not position.
      { id: 'm3', role: 'tool', tool_call_id: 'call_b', function: 'weather', content: '9C' },
      { id: 'm4', role: 'tool', tool_call_id: 'call_a', function: 'weather', content: '', error: { type: 'timeout', message: 'timed out' } },
      { id: 'm5', role: 'assistant', content: 'It is 12 degrees.', source: 'generate', model: 'gpt-test' },
    ],
    output: { model: 'gpt-test', choices: [] },
    scores: {
      match: { value: 'C', answer: '12', explanation: 'matches the target' },
      judge: { value: { accuracy: 0.5, tone: 'I' }, explanation: 'half right' },
    },
    metadata: { city_count: 2 },
    store: { visited: ['Oslo'] },
    events: [{ event: 'model', tools: [{ name: 'weather', description: 'Weather by city', parameters: { type: 'object', properties: { city: { type: 'string' } } } }] }, { event: 'tool' }],
    model_usage: { 'openai/gpt-test': { input_tokens: 120, output_tokens: 30, total_tokens: 150 } },
    total_time: 2.5,
    working_time: 2,
    uuid: 'uuid-w1',
    attachments: { q1: 'What is the temperature in Oslo? Give a number.' },
  };
  const plain: JsonObject = {
    id: 'w2',
    epoch: 1,
    input: 'Say hi.',
    target: 'hi',
    messages: [
      { role: 'user', content: 'Say hi.', source: 'input' },
      { role: 'assistant', content: 'hello', source: 'generate' },
    ],
    scores: { match: { value: 'I', answer: 'hello' }, judge: { value: { accuracy: 0, tone: 'C' } } },
    limit: { type: 'message', limit: 2 },
  };
  return {
    version: 2,
    status: 'success',
    eval: { eval_id: 'E1', run_id: 'R1', created: '2025-05-01T10:00:00+00:00', task: 'weather_qa', task_id: 'T1', model: 'openai/gpt-test', dataset: { samples: 2 }, config: { epochs: 1 } },
    plan: { name: 'plan', steps: [] },
    results: { total_samples: 2, completed_samples: 2, scores: [{ name: 'match', scorer: 'match' }, { name: 'judge', scorer: 'judge' }] },
    stats: { started_at: '2025-05-01T10:00:00+00:00', completed_at: '2025-05-01T10:01:00+00:00' },
    samples: [weather, plain],
    reductions: [{ scorer: 'match', samples: [{ value: 1, sample_id: 'w1' }, { value: 0, sample_id: 'w2' }] }],
  };
}

/**
 * A fault-api episode as another harness would log it: the task is not named
 * after our world, the sample metadata is the task spec, and only the calls
 * (fetch_page, submit_records) say which world it is.
 */
export function foreignFaultApiLog(): JsonObject {
  const call = (id: string, fn: string, args: Json) => ({ id: `m-${id}`, role: 'assistant', content: '', tool_calls: [{ id, function: fn, arguments: args }] });
  const tool = (id: string, content: string) => ({ role: 'tool', tool_call_id: id, function: 'x', content });
  return {
    version: 2,
    status: 'success',
    eval: { task: 'vendor_pages', model: 'anthropic/claude-test', created: '2025-05-02T00:00:00+00:00' },
    samples: [
      {
        id: 1,
        epoch: 1,
        input: 'Collect the records.',
        target: '',
        metadata: { profile: 'clean', seed: 1 },
        messages: [{ role: 'user', content: 'Collect the records.' }, call('c1', 'fetch_page', {}), tool('c1', '…'), call('c2', 'submit_records', { records: [] }), tool('c2', 'ok')],
        scores: { accuracy: { value: 0 } },
      },
    ],
  };
}

/** A zip with the given entries (JSON values are written as text), deflated as Inspect's recorder writes them. */
export function zipOf(entries: Record<string, Json | Uint8Array>, level: 0 | 5 = 5): Uint8Array {
  const files: Zippable = {};
  for (const [name, v] of Object.entries(entries)) files[name] = [v instanceof Uint8Array ? v : strToU8(JSON.stringify(v)), { level, mtime: new Date(Date.UTC(2025, 0, 1)) }];
  return zipSync(files);
}

/** The log as an .eval zip: header without samples, one entry per sample, the reductions. */
export function evalZipOf(log: JsonObject, extra: Record<string, Json | Uint8Array> = {}): Uint8Array {
  const { samples, reductions, ...header } = log;
  const entries: Record<string, Json | Uint8Array> = { '_journal/start.json': { version: 2, eval: header.eval ?? null, plan: header.plan ?? null } };
  for (const s of Array.isArray(samples) ? samples : []) {
    const o = s as JsonObject;
    entries[`samples/${String(o.id)}_epoch_${String(o.epoch)}.json`] = o;
  }
  if (reductions !== undefined) entries['reductions.json'] = reductions;
  entries['header.json'] = header;
  return zipOf({ ...entries, ...extra });
}
