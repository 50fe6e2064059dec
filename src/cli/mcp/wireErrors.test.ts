import { PassThrough } from 'node:stream';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { faultApiWorld } from '../../worlds/fault-api/index';
import { serveEpisode } from './server';
import { LineTransport } from './stdio';

const made = faultApiWorld.makeTask({ profile: 'clean', seed: 2 });
if (!made.ok) throw new Error(made.error);
const task = made.value;

/** One malformed line, the error code it gets, and the id the reply carries (none when no id could be read). */
const CASES: [string, string, number, string | number | undefined][] = [
  ['not JSON', 'this is not json', -32700, undefined],
  ['a cut-off object', '{"jsonrpc":"2.0","id":3,"method":"tools/li', -32700, undefined],
  ['a JSON number', '42', -32600, undefined],
  ['a JSON string', '"tools/list"', -32600, undefined],
  ['JSON null', 'null', -32600, undefined],
  ['an empty batch', '[]', -32600, undefined],
  ['a batch of requests', '[{"jsonrpc":"2.0","id":1,"method":"tools/list"},{"jsonrpc":"2.0","id":2,"method":"prompts/list"}]', -32600, undefined],
  ['an object that is no message, with an id', '{"hello":"world","id":7}', -32600, 7],
  ['a string id', '{"hello":"world","id":"a-7"}', -32600, 'a-7'],
  ['id null', '{"jsonrpc":"2.0","id":null,"method":"tools/list"}', -32600, undefined],
  ['a fractional id', '{"jsonrpc":"2.0","id":1.5,"method":"tools/list"}', -32600, undefined],
  ['an object id', '{"jsonrpc":"2.0","id":{"n":1},"method":"tools/list"}', -32600, undefined],
  ['tools/call params a string', '{"jsonrpc":"2.0","id":8,"method":"tools/call","params":"fetch_page"}', -32602, 8],
  ['tools/call params a string, id null', '{"jsonrpc":"2.0","id":null,"method":"tools/call","params":"fetch_page"}', -32602, undefined],
  [
    'an over-long line',
    `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"fetch_page","arguments":{"cursor":"${'x'.repeat(600)}"}}}`,
    -32600,
    undefined,
  ],
];

async function answer(line: string): Promise<Record<string, unknown>[]> {
  const served = await serveEpisode(faultApiWorld, task);
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const written: string[] = [];
  stdout.on('data', (d: Buffer) => written.push(...d.toString().split('\n').filter(Boolean)));
  // A narrow message limit, so the over-long case costs nothing.
  await served.connect(new LineTransport(stdin, stdout, { maxMessageBytes: 512 }));
  stdin.write(`${line}\n`);
  // The episode is alive afterwards: the next request is answered.
  stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 'after', method: 'tools/list' })}\n`);
  for (let i = 0; i < 100 && !written.some((l) => l.includes('"after"')); i++) await new Promise((r) => setTimeout(r, 5));
  await served.close();
  return written.map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('malformed lines over MCP stdio: answers the SDK and the MCP schema accept', () => {
  it.each(CASES)('%s', async (_name, line, code, id) => {
    const replies = await answer(line);
    // Every line written is a JSON-RPC message by the SDK's own schema (which refuses `"id": null`).
    for (const r of replies) expect(JSONRPCMessageSchema.safeParse(r).success, JSON.stringify(r)).toBe(true);
    expect(replies).toHaveLength(2);
    const [error, after] = replies;
    expect(error).toEqual({ jsonrpc: '2.0', ...(id === undefined ? {} : { id }), error: { code, message: expect.any(String) } });
    expect(after).toMatchObject({ id: 'after', result: { tools: expect.any(Array) } });
  });
});
