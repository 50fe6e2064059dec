import { describe, expect, it } from 'vitest';
import { TRACE_FORMAT, TRACE_VERSION, type Trace } from '../../../core/types';
import { modelRecordOf } from './record';

const trace = (model: unknown): Trace =>
  ({
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    world: 'w',
    task: {},
    agent: { kind: 'model', name: 'm' },
    steps: [],
    stop: null,
    scorecard: null,
    events: [],
    meta: { model },
  }) as Trace;

describe('a model run’s record, as the trace view shows it', () => {
  it('keeps the words, the calls and the events; drops what is not a message or an event', () => {
    const r = modelRecordOf(
      trace({
        messages: [
          { role: 'user', content: 'do it' },
          { role: 'assistant', content: 'Trying.', tool_calls: [{ id: 'a', type: 'function', function: { name: 'f', arguments: '{bad' } }] },
          { role: 'tool', tool_call_id: 'a', content: 'error: invalid JSON' },
          { role: 'nobody' },
          7,
        ],
        events: [{ code: 'invalid-arguments', kind: 'error', layer: null, message: 'not JSON', beforeStep: 0 }, { code: 'x' }],
      }),
    );
    expect(r?.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
    expect(r?.events).toEqual([{ code: 'invalid-arguments', kind: 'error', layer: null, message: 'not JSON', beforeStep: 0 }]);
  });

  it('is null for a trace without one', () => {
    expect(modelRecordOf(trace(undefined))).toBeNull();
    expect(modelRecordOf(trace({ messages: 'no' }))).toBeNull();
  });
});
