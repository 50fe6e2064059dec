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
    // Newer logs pool the transcript's messages (condensed events): as large as the transcript, and not kept.
    events_data: { messages: [{ role: 'user', content: 'pooled' }], calls: [] },
    turn_count: 2,
    events: [
      {
        event: 'model',
        tools: [{ name: 'weather', description: 'Weather by city', parameters: { type: 'object', properties: { city: { type: 'string' } } } }],
      },
      { event: 'tool' },
    ],
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
    eval: {
      eval_id: 'E1',
      run_id: 'R1',
      created: '2025-05-01T10:00:00+00:00',
      task: 'weather_qa',
      task_id: 'T1',
      model: 'openai/gpt-test',
      dataset: { samples: 2 },
      config: { epochs: 1 },
    },
    plan: { name: 'plan', steps: [] },
    results: {
      total_samples: 2,
      completed_samples: 2,
      scores: [
        { name: 'match', scorer: 'match' },
        { name: 'judge', scorer: 'judge' },
      ],
    },
    stats: { started_at: '2025-05-01T10:00:00+00:00', completed_at: '2025-05-01T10:01:00+00:00' },
    samples: [weather, plain],
    reductions: [
      {
        scorer: 'match',
        samples: [
          { value: 1, sample_id: 'w1' },
          { value: 0, sample_id: 'w2' },
        ],
      },
    ],
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
        messages: [
          { role: 'user', content: 'Collect the records.' },
          call('c1', 'fetch_page', {}),
          tool('c1', '…'),
          call('c2', 'submit_records', { records: [] }),
          tool('c2', 'ok'),
        ],
        scores: { accuracy: { value: 0 } },
      },
    ],
  };
}

/** A zip with the given entries (JSON values are written as text), deflated as Inspect's recorder writes them. */
export function zipOf(entries: Record<string, Json | Uint8Array>, level: 0 | 5 = 5): Uint8Array {
  const files: Zippable = {};
  for (const [name, v] of Object.entries(entries))
    files[name] = [v instanceof Uint8Array ? v : strToU8(JSON.stringify(v)), { level, mtime: new Date(Date.UTC(2025, 0, 1)) }];
  return zipSync(files);
}

/** The offset of the zip header of `kind` (local `3`, central `1`: the byte after "PK") that names entry `name`. */
function headerOf(bytes: Uint8Array, name: string, kind: 1 | 3): number {
  const needle = new TextEncoder().encode(name);
  const at = kind === 3 ? 30 : 46;
  for (let i = 0; i < bytes.length - at; i++)
    if (bytes[i] === 0x50 && bytes[i + 1] === 0x4b && bytes[i + 2] === kind && bytes[i + 3] === kind + 1 && needle.every((b, k) => bytes[i + at + k] === b))
      return i;
  throw new Error(`no ${kind === 3 ? 'local' : 'central'} header for ${name}`);
}

/** The offset of an entry's local header, found by its name. */
export const localHeader = (bytes: Uint8Array, name: string): number => headerOf(bytes, name, 3);

/** `zip` with the size its central directory declares for entry `name` rewritten to `size` (the entry's data untouched). */
export function withDeclaredSize(zip: Uint8Array, name: string, size: number): Uint8Array {
  const bytes = zip.slice();
  new DataView(bytes.buffer).setUint32(headerOf(bytes, name, 1) + 24, size, true);
  return bytes;
}

/** The log as an .eval zip: header without samples, one entry per sample, the reductions; deflated at `level` (0 stores). */
export function evalZipOf(log: JsonObject, extra: Record<string, Json | Uint8Array> = {}, level: 0 | 5 = 5): Uint8Array {
  const { samples, reductions, ...header } = log;
  const entries: Record<string, Json | Uint8Array> = { '_journal/start.json': { version: 2, eval: header.eval ?? null, plan: header.plan ?? null } };
  for (const s of Array.isArray(samples) ? samples : []) {
    const o = s as JsonObject;
    entries[`samples/${String(o.id)}_epoch_${String(o.epoch)}.json`] = o;
  }
  if (reductions !== undefined) entries['reductions.json'] = reductions;
  entries['header.json'] = header;
  return zipOf({ ...entries, ...extra }, level);
}

/** Bytes as one zstd frame of raw blocks: valid zstd without compressing (the decoder's own tests cover the entropy coding). */
export function zstdRawFrame(data: Uint8Array): Uint8Array {
  const blocks: number[] = [];
  const MAX = 128 * 1024;
  for (let at = 0; at < data.length || at === 0; at += MAX) {
    const size = Math.min(MAX, data.length - at);
    const last = at + MAX >= data.length ? 1 : 0;
    const h = (size << 3) | last; // block type 0: raw
    blocks.push(h & 255, (h >> 8) & 255, (h >> 16) & 255, ...data.subarray(at, at + size));
  }
  const size = data.length;
  // Frame header: single segment, a 4-byte content size, no checksum, no dictionary.
  return Uint8Array.from([0x28, 0xb5, 0x2f, 0xfd, 0xa0, size & 255, (size >> 8) & 255, (size >> 16) & 255, (size >>> 24) & 255, ...blocks]);
}

/** A zip whose entries are stored with any method number, as a newer writer (Inspect's zstd, method 93) leaves them. */
export function zipWithMethod(
  entries: Record<string, Json>,
  method: number,
  compress: (raw: Uint8Array) => Uint8Array,
  crc: (raw: Uint8Array) => number,
): Uint8Array {
  const parts: number[] = [];
  const central: number[] = [];
  const u16 = (v: number) => [v & 255, (v >> 8) & 255];
  const u32 = (v: number) => [v & 255, (v >> 8) & 255, (v >> 16) & 255, (v >>> 24) & 255];
  for (const [name, value] of Object.entries(entries)) {
    const raw = strToU8(JSON.stringify(value));
    const data = compress(raw);
    const nameBytes = [...strToU8(name)];
    const offset = parts.length;
    const common = [...u16(method), 0, 0, 0, 0, ...u32(crc(raw)), ...u32(data.length), ...u32(raw.length), ...u16(nameBytes.length), 0, 0];
    parts.push(0x50, 0x4b, 3, 4, 20, 0, 0, 0, ...common, ...nameBytes, ...data);
    central.push(0x50, 0x4b, 1, 2, 20, 0, 20, 0, 0, 0, ...common, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ...u32(offset), ...nameBytes);
  }
  const count = Object.keys(entries).length;
  const end = [0x50, 0x4b, 5, 6, 0, 0, 0, 0, ...u16(count), ...u16(count), ...u32(central.length), ...u32(parts.length), 0, 0];
  return Uint8Array.from([...parts, ...central, ...end]);
}
