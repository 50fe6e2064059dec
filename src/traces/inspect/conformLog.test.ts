import { describe, expect, it } from 'vitest';
import type { Json, JsonObject } from '../../core/json';
import { conformNotes, conformTo } from './conformLog';
import { LOG_SHAPES } from './logShape';
import { validateAgainst } from './validateLog';

/** An assistant turn as newer Inspect (and the R writer) leave it: no id, source, metadata, internal or model. */
const turn = (text: string): JsonObject => ({ role: 'assistant', content: text, tool_calls: [] });

describe('conformTo: a log made to fit the schema the export targets', () => {
  it("a newer writer's ModelOutput: `completion` dropped, error and metadata filled with null, each choice's logprobs with its default", () => {
    const output: JsonObject = { model: 'm', choices: [{ message: turn('hi'), stop_reason: 'stop' }], completion: 'hi', usage: null, time: 1.5 };
    const before = structuredClone(output);
    const c = conformTo(LOG_SHAPES, 'ModelOutput', output);
    expect(output).toEqual(before);
    expect(c.value).toEqual({
      model: 'm',
      choices: [{ message: { ...turn('hi'), id: null, source: null, metadata: null, internal: null, model: null }, stop_reason: 'stop', logprobs: null }],
      usage: null,
      time: 1.5,
      metadata: null,
      error: null,
    });
    expect(c.problems).toEqual([]);
    expect([...c.dropped]).toEqual([['ModelOutput.completion', 1]]);
    expect([...c.filled.keys()].sort()).toEqual(
      [
        'ChatCompletionChoice.logprobs',
        'ChatMessageAssistant.id',
        'ChatMessageAssistant.internal',
        'ChatMessageAssistant.metadata',
        'ChatMessageAssistant.model',
        'ChatMessageAssistant.source',
        'ModelOutput.error',
        'ModelOutput.metadata',
      ].sort(),
    );
  });

  it("a required field with no default and no null is the schema's default where it has one, else an empty object or list", () => {
    const c = conformTo(LOG_SHAPES, 'EvalPlan', {});
    expect(c.value).toMatchObject({ name: 'plan', steps: [], finish: null });
    expect(validateAgainst(LOG_SHAPES, 'EvalPlan', c.value)).toEqual([]);
    expect(
      conformTo(LOG_SHAPES, 'EvalSample', { id: 1, epoch: 1, input: '', target: '', messages: [], output: { model: 'm', choices: [] } }).value,
    ).toMatchObject({ store: {}, metadata: {}, events: [], scores: null });
  });

  it('a message is fitted to the definition its role names, not to the first that can be made to fit', () => {
    const c = conformTo(LOG_SHAPES, 'EvalSample', {
      id: 's',
      epoch: 1,
      input: [{ role: 'user', content: 'q' }],
      target: '',
      messages: [{ role: 'user', content: 'q' }, turn('a'), { role: 'tool', content: 'r', tool_call_id: 'c1', function: 'f' }],
      output: { model: 'm', choices: [] },
    });
    const messages = (c.value as JsonObject).messages as JsonObject[];
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
    expect(messages[2]).toMatchObject({ tool_call_id: 'c1', function: 'f', error: null });
    expect(c.problems).toEqual([]);
    expect(c.dropped.size).toBe(0);
  });

  it("names other writers give a field are moved to the schema's name when that one is not set", () => {
    const c = conformTo(LOG_SHAPES, 'ModelUsage', { input_tokens: 3, output_tokens: 4, total_tokens: 7, cache_read_input_tokens: 2 });
    expect(c.value).toEqual({
      input_tokens: 3,
      output_tokens: 4,
      total_tokens: 7,
      input_tokens_cache_read: 2,
      input_tokens_cache_write: null,
      reasoning_tokens: null,
    });
    expect([...c.renamed]).toEqual([['ModelUsage.cache_read_input_tokens → input_tokens_cache_read', 1]]);
    const both = conformTo(LOG_SHAPES, 'ModelUsage', {
      input_tokens: 3,
      output_tokens: 4,
      total_tokens: 7,
      input_tokens_cache_read: 1,
      cache_read_input_tokens: 2,
    });
    expect((both.value as JsonObject).input_tokens_cache_read).toBe(1);
    expect([...both.dropped]).toEqual([['ModelUsage.cache_read_input_tokens', 1]]);
  });

  it('what no rule can fit is left as written and reported', () => {
    const c = conformTo(LOG_SHAPES, 'ModelUsage', { input_tokens: 'many', output_tokens: 4, total_tokens: 7 } as Json);
    expect((c.value as JsonObject).input_tokens).toBe('many');
    expect(c.problems).toEqual(['ModelUsage.input_tokens: expected integer, got string']);
    expect(conformNotes(c, 'Inspect dbad73cf').at(-1)).toBe(
      'what still does not fit the Inspect dbad73cf log schema (written as it was): ModelUsage.input_tokens: expected integer, got string',
    );
  });

  it('a value that already fits comes back as it is: the same object, no notes', () => {
    const usage = { input_tokens: 1, output_tokens: 1, total_tokens: 2, input_tokens_cache_write: null, input_tokens_cache_read: null, reasoning_tokens: null };
    const c = conformTo(LOG_SHAPES, 'EvalStats', { started_at: 'a', completed_at: 'b', model_usage: { m: usage } });
    expect(((c.value as JsonObject).model_usage as JsonObject).m).toBe(usage);
    expect(conformNotes(c, 'x')).toEqual([]);
  });
});
