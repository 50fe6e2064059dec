import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { faultApiWorld } from '../../worlds/fault-api/index';
import { LineTransport } from './stdio';
import { serveEpisode } from './server';
import { serveMcp } from '../commands/mcp';

const made = faultApiWorld.makeTask({ profile: 'clean', seed: 2 });
if (!made.ok) throw new Error(made.error);
const task = made.value;

const request = (id: number, method: string, params: unknown = {}) => `${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`;
const INIT = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } };

/** A stdout whose writes complete only when the test says (a client that does not read its replies). */
function stuckStdout() {
  const written: string[] = [];
  const callbacks: (() => void)[] = [];
  const stream = new Writable({
    highWaterMark: 1,
    write(chunk: Buffer, _enc, cb) {
      written.push(chunk.toString());
      callbacks.push(cb);
    },
  });
  return { stream, written, release: () => callbacks.splice(0).forEach((cb) => cb()) };
}

const tick = () => new Promise((r) => setTimeout(r, 20));

describe('MCP over stdio, bounded', () => {
  it('a message over the size limit is answered with the limit and its line, the connection stays open, and the reason is on the trace', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const out: string[] = [];
    stdout.on('data', (d: Buffer) => out.push(...d.toString().split('\n').filter(Boolean)));
    const err: string[] = [];
    const ended = serveMcp(faultApiWorld, task, undefined, { stdin, stdout, err: (l) => err.push(l) });
    // Larger than stdinLineBytes (10 MiB): written in pieces, as a client's pipe delivers it.
    const piece = 'x'.repeat(1024 * 1024);
    stdin.write('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fetch_page","arguments":{"cursor":"');
    for (let i = 0; i < 11; i++) stdin.write(piece);
    stdin.write('"}}}\n');
    stdin.write(request(2, 'initialize', INIT));
    await tick();
    const replies = out.map((l) => JSON.parse(l) as { id: unknown; error?: { code: number; message: string }; result?: unknown });
    expect(replies[0]).toEqual({
      jsonrpc: '2.0',
      error: { code: -32600, message: expect.stringMatching(/^MCP message on stdin line 1: 11,534,\d+ bytes, over the stdinLineBytes limit of 10 MiB/) },
    });
    expect(replies[1]).toMatchObject({ id: 2, result: { serverInfo: { name: expect.any(String) } } });
    expect(err.some((l) => l.startsWith('vp mcp: MCP message on stdin line 1'))).toBe(true);
    stdin.end();
    const trace = await ended;
    expect(trace.stop).toMatchObject({ reason: 'abandoned', detail: expect.stringContaining('the server had refused: MCP message on stdin line 1') });
  });

  it('a client that sends 200 requests without reading replies: stdin pauses at the pending limit, and every request is answered once it reads', async () => {
    const served = await serveEpisode(faultApiWorld, task);
    const stdin = new PassThrough();
    const stdout = stuckStdout();
    const transport = new LineTransport(stdin, stdout.stream, { maxPending: 8 });
    await served.connect(transport);
    stdin.write(request(0, 'initialize', INIT));
    for (let i = 1; i <= 200; i++) stdin.write(request(i, 'tools/list'));
    await tick();
    // Answered (written, not yet taken): never more than the limit; the rest wait in the pipe, not in memory.
    expect(stdout.written.length).toBeLessThanOrEqual(8);
    expect(transport.waiting).toBe(8);
    expect(stdin.isPaused()).toBe(true);
    // The stream takes one write at a time: each release lets the next reply through.
    for (let round = 0; round < 2000 && stdout.written.length < 201; round++) {
      stdout.release();
      await new Promise((r) => setImmediate(r));
      expect(transport.waiting).toBeLessThanOrEqual(8);
    }
    const ids = stdout.written.map((l) => (JSON.parse(l) as { id: number }).id);
    expect(ids).toEqual(Array.from({ length: 201 }, (_, i) => i));
    await served.close();
  });
});

describe('deep arguments over MCP', () => {
  it('a tools/call nested past jsonDepth is an error result, not run; the episode goes on', async () => {
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { InMemoryTransport } = await import('@modelcontextprotocol/sdk/inMemory.js');
    const served = await serveEpisode(faultApiWorld, task);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await served.connect(serverSide);
    const client = new Client({ name: 'deep', version: '1' });
    await client.connect(clientSide);
    let deep: unknown = 1;
    for (let i = 0; i < 20_000; i++) deep = [deep];
    const refused = (await client.callTool({ name: 'fetch_page', arguments: { cursor: deep } })) as { isError: boolean; content: { text: string }[] };
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toBe('arguments nested deeper than 128 levels (the jsonDepth limit): not run');
    const next = (await client.callTool({ name: 'fetch_page', arguments: {} })) as { isError: boolean };
    expect(next.isError).toBe(false);
    await client.close();
    await served.close();
  });
});
