import { afterEach, describe, expect, it } from 'vitest';
import { runEpisode } from '../core/episode';
import type { Task } from '../core/types';
import { faultApiWorld, taskFromParams } from '../worlds/fault-api/index';
import { params } from '../worlds/fault-api/testing';
import { makeTripwireTask } from '../worlds/tripwire';
import { ModelAgent } from './modelAgent';
import { mockConfig } from './testing/helpers';
import { startMockServer, type MockServer } from './testing/mockServer';
import { checkToolCall } from './toolCalls';

const made = makeTripwireTask({ id: 'refund-a' });
if (!made.ok) throw new Error(made.error);
const sql: Task = made.value;
const api = taskFromParams(params('clean', 1));
const wire = (name: string, args: string) => ({ id: 'c1', type: 'function' as const, function: { name, arguments: args } });

describe('checkToolCall', () => {
  it.each([
    ['an mcp prefix, an alias and an argument synonym', sql, 'mcp__db__execute_sql', '{"sql": "SELECT 1"}'],
    ['a camelCase argument', sql, 'run_sql', '{"Query": "SELECT 1"}'],
    ['an answer synonym', sql, 'final_answer', '{"result": "12.50"}'],
    ['a cursor synonym', api, 'get_page', '{"next_cursor": null}'],
    ['arguments sent as a JSON string of an object', api, 'fetch_page', JSON.stringify(JSON.stringify({ cursor: null }))],
  ])('%s passes the schema check and goes on exactly as the model sent it', (_what, task, name, args) => {
    expect(checkToolCall(wire(name, args), task)).toEqual({ ok: true, call: { name, arguments: JSON.parse(args), id: 'c1' } });
  });

  it('what the world reads is still checked against the schema', () => {
    expect(checkToolCall(wire('mcp__db__execute_sql', '{"sql": 5}'), sql)).toEqual({
      ok: false,
      code: 'schema-mismatch',
      raw: '{"sql": 5}',
      message: 'the arguments of mcp__db__execute_sql (read as run_sql) do not match its schema: query: expected string, got integer',
    });
    expect(checkToolCall(wire('fetch_page', '{"page": 2}'), api)).toMatchObject({
      ok: false,
      code: 'schema-mismatch',
      message: expect.stringContaining('unexpected property "page"'),
    });
    expect(checkToolCall(wire('submit_answer', '{}'), sql)).toMatchObject({ ok: false, message: expect.stringContaining('missing required "answer"') });
  });

  it('an unknown tool and conflicting arguments go to the world, which answers them', () => {
    for (const [name, args] of [
      ['drop_table', '{}'],
      ['run_sql', '{"sql": "SELECT 1", "query": "SELECT 2"}'],
    ] as const)
      expect(checkToolCall(wire(name, args), sql)).toMatchObject({ ok: true, call: { name, arguments: JSON.parse(args) } });
  });

  it('a task without a lenient table is checked strictly, as before', () => {
    expect(checkToolCall(wire('run_sql', '{"sql": "SELECT 1"}'), { tools: sql.tools })).toMatchObject({ ok: false, code: 'schema-mismatch' });
  });
});

describe('ModelAgent with a model that names things its own way', () => {
  let server: MockServer;
  afterEach(() => server?.close());

  it('runs the call, and the trace keeps it as sent with the world’s reading as an event', async () => {
    server = await startMockServer({
      respond: [
        { kind: 'tool-calls', calls: [{ name: 'mcp__api__getPage', arguments: '{"nextCursor": null}', id: 'a' }] },
        { kind: 'tool-calls', calls: [{ name: 'submit', arguments: '{"items": []}', id: 'b' }] },
      ],
    });
    const agent = new ModelAgent({ config: mockConfig(server) });
    const trace = await runEpisode(faultApiWorld, api, agent);
    expect(agent.events()).toEqual([]);
    expect(trace.stop?.reason).toBe('submitted');
    expect(trace.steps.map((s) => [s.call.name, s.call.arguments, s.result.ok])).toEqual([
      ['mcp__api__getPage', { nextCursor: null }, true],
      ['submit', { items: [] }, true],
    ]);
    expect(trace.steps.map((s) => s.events.at(-1)?.message)).toEqual([
      'mcp__api__getPage → fetch_page; argument nextCursor → cursor',
      'submit → submit_records; argument items → records',
    ]);
  });
});
