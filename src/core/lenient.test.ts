import { describe, expect, it } from 'vitest';
import type { JsonObject } from './json';
import { canonicalTool, normaliseCall, snakeCase, toolOf, withReading } from './lenient';
import type { Task, ToolSpec } from './types';

const tool = (name: string, properties: JsonObject): ToolSpec => ({
  type: 'function',
  function: { name, description: '', parameters: { type: 'object', properties, additionalProperties: false } },
});

const TASK: Pick<Task, 'tools' | 'lenient'> = {
  tools: [tool('look_up', { user_id: { type: 'string' }, maxRows: { type: 'integer' } }), tool('hand_in', { answer: { type: 'string' } })],
  lenient: { tools: { find: 'look_up', submit: 'hand_in', ghost: 'not_a_tool' }, args: { hand_in: { result: 'answer' } } },
};

describe('snakeCase', () => {
  it.each([
    ['runSql', 'run_sql'],
    ['RunSQL', 'run_sql'],
    ['runSQLQuery', 'run_sql_query'],
    ['Run-Sql', 'run_sql'],
    ['run sql ', 'run_sql'],
    ['fetch_page2', 'fetch_page2'],
  ])('%s → %s', (name, snake) => expect(snakeCase(name)).toBe(snake));
});

describe('canonicalTool', () => {
  it.each([
    ['look_up', 'look_up'],
    ['mcp__users__look_up', 'look_up'],
    ['mcp__my_server__lookUp', 'look_up'],
    ['functions.look_up', 'look_up'],
    ['default_api.LookUp', 'look_up'],
    ['Look Up', 'look_up'],
    ['find', 'look_up'],
    ['mcp__x__Submit', 'hand_in'],
  ])('%s means %s', (name, canonical) => expect(canonicalTool(TASK, name)).toBe(canonical));

  it.each(['delete', 'ghost', 'constructor', '__proto__', 'toString', '', 'mcp__look_up'])('%j is no tool', (name) =>
    expect(canonicalTool(TASK, name)).toBeNull(),
  );
});

describe('normaliseCall', () => {
  it('an exact call passes through untouched, with no event', () => {
    const call = { name: 'look_up', arguments: { user_id: 'u1', extra: 1 }, id: 'c1' };
    const r = normaliseCall(call, TASK);
    expect(r).toEqual({ ok: true, call, event: null });
  });

  it('reads names, argument names (both directions of camelCase) and a JSON string, and says so in one event', () => {
    const r = normaliseCall({ name: 'mcp__users__lookUp', arguments: '{"userId": "u1", "max_rows": 3, "other": true}', id: 'c2' }, TASK);
    expect(r).toEqual({
      ok: true,
      call: { name: 'look_up', arguments: { user_id: 'u1', maxRows: 3, other: true }, id: 'c2' },
      event: {
        code: 'call-normalised',
        kind: 'info',
        layer: null,
        message: 'mcp__users__lookUp → look_up; arguments read from a JSON string; arguments userId → user_id, max_rows → maxRows',
        data: { tool: 'look_up', called: 'mcp__users__lookUp', parsed_arguments: true, renamed: { userId: 'user_id', max_rows: 'maxRows' } },
      },
    });
  });

  it('a list or object argument sent as its JSON text is read as the type the schema declares, and said so; other strings stay as sent', () => {
    const task: Pick<Task, 'tools' | 'lenient'> = {
      tools: [tool('submit', { records: { type: 'array' }, options: { type: 'object' }, note: { type: 'string' } })],
      lenient: { args: { submit: { rows: 'records' } } },
    };
    const r = normaliseCall({ name: 'submit', arguments: { rows: ' [{"id": "a", "amount": 1}] ', options: '{"dry": false}', note: '[1]' }, id: 'c9' }, task);
    expect(r).toEqual({
      ok: true,
      call: { name: 'submit', arguments: { records: [{ id: 'a', amount: 1 }], options: { dry: false }, note: '[1]' }, id: 'c9' },
      event: {
        code: 'call-normalised',
        kind: 'info',
        layer: null,
        message: 'argument rows → records; arguments records, options read from a JSON string',
        data: { tool: 'submit', renamed: { rows: 'records' }, decoded: ['records', 'options'] },
      },
    });
    // Text that is not JSON, or JSON of another type than declared: left for the tool to refuse.
    for (const records of ['[{"id": "a"', '{"id": "a"}', '"[]"', '42'])
      expect(normaliseCall({ name: 'submit', arguments: { records }, id: 'c10' }, task)).toEqual({
        ok: true,
        call: { name: 'submit', arguments: { records }, id: 'c10' },
        event: null,
      });
  });

  it('per-tool synonyms apply to their tool only', () => {
    expect(normaliseCall({ name: 'submit', arguments: { Result: '42' } }, TASK)).toMatchObject({
      ok: true,
      call: { name: 'hand_in', arguments: { answer: '42' } },
      event: { message: 'submit → hand_in; argument Result → answer' },
    });
    expect(normaliseCall({ name: 'look_up', arguments: { result: 'x' } }, TASK)).toMatchObject({ ok: true, call: { arguments: { result: 'x' } }, event: null });
  });

  it('two arguments meaning one is an error, not a guess, even when they agree', () => {
    for (const args of [
      { answer: '1', result: '2' },
      { result: '1', answer: '1' },
    ])
      expect(normaliseCall({ name: 'hand_in', arguments: args }, TASK)).toEqual({
        ok: false,
        code: 'invalid_arguments',
        message: expect.stringMatching(/^hand_in: the arguments "(answer|result)" and "(answer|result)" both mean "answer"; send it once$/),
      });
    expect(normaliseCall({ name: 'look_up', arguments: { userId: 'a', user_id: 'b' } }, TASK)).toMatchObject({ ok: false, code: 'invalid_arguments' });
  });

  it('an unknown tool is an error naming every tool', () => {
    expect(normaliseCall({ name: 'drop', arguments: {} }, TASK)).toEqual({
      ok: false,
      code: 'unknown_tool',
      message: 'unknown tool "drop"; the tools are look_up and hand_in',
    });
  });

  it('arguments that are not an object, or a JSON string of one, are left for the tool to refuse', () => {
    for (const args of ['not json', '[1, 2]', 7, null, [{ a: 1 }]])
      expect(normaliseCall({ name: 'look_up', arguments: args }, TASK)).toEqual({ ok: true, call: { name: 'look_up', arguments: args }, event: null });
    expect(normaliseCall({ name: 'look_up', arguments: '  ' }, TASK)).toMatchObject({
      ok: true,
      call: { arguments: {} },
      event: { message: 'arguments read from a JSON string' },
    });
  });

  it('a "__proto__" argument stays a plain key and a Object.prototype name is no synonym', () => {
    const args = JSON.parse('{"__proto__": {"polluted": true}, "userId": "u"}') as JsonObject;
    const r = normaliseCall({ name: 'look_up', arguments: args }, TASK);
    expect(r.ok && Object.keys(r.call.arguments as JsonObject)).toEqual(['__proto__', 'user_id']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(normaliseCall({ name: 'hand_in', arguments: { constructor: 'x' } }, TASK)).toMatchObject({
      ok: true,
      call: { arguments: { constructor: 'x' } },
      event: null,
    });
  });

  it('withReading appends the event after the world’s own; toolOf reads it back', () => {
    const read = normaliseCall({ name: 'find', arguments: {} }, TASK);
    if (!read.ok) throw new Error('expected a reading');
    const world = { ok: false, content: '{}', done: false, events: [{ code: 'timeout', kind: 'fault' as const, layer: null, message: 'slow' }] };
    const step = withReading(world, read.event);
    expect(step.events.map((e) => e.code)).toEqual(['timeout', 'call-normalised']);
    expect(withReading(world, null)).toBe(world);
    expect(toolOf({ call: { name: 'find', arguments: {} }, events: step.events })).toBe('look_up');
    expect(toolOf({ call: { name: 'hand_in', arguments: {} }, events: [] })).toBe('hand_in');
  });
});
