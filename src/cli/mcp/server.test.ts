import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../core/json';
import { readTrace } from '../../traces/native';
import { verifyTrace } from '../../traces/replay';
import { printedScorecard } from '../../traces/printedScorecard';
import { WORLDS } from '../../worlds/registry';
import { CLI } from '../spawnTesting';
import { reference, taskOf, viaPlay, world } from './mcpTesting';
import { portableSchema } from './schema';
import { PROMPT_NAME, PROMPT_URI, serveEpisode } from './server';

const textOf = (r: unknown) => ((r as { content: { text: string }[] }).content ?? []).map((c) => c.text);

const CASES: [string, JsonObject, string][] = [
  ['fault-api', { profile: 'hostile', seed: 6 }, 'careful'],
  ['tripwire', { id: 'top-refund-customer' }, 'oracle'],
  ['ticket-queue', { id: 'vendor-outage-triage', seed: 1 }, 'oracle'],
];

describe('a world served over MCP', () => {
  it.each(CASES)(
    '%s: the SDK client lists the tools and the prompt, plays the episode, and gets the scorecard; the trace replays and scores as vp play',
    async (id, spec, agent) => {
      const w = world(id);
      const ref = await reference(w, spec, agent);
      const task = taskOf(w, spec);
      const served = await serveEpisode(w, task);
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await served.connect(serverSide);
      const client = new Client({ name: 'harness', version: '1' });
      await client.connect(clientSide);

      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(task.tools.map((t) => t.function.name));
      expect(tools[0]!.inputSchema).toMatchObject({ type: 'object' });
      const prompt = await client.getPrompt({ name: PROMPT_NAME });
      const promptText = (prompt.messages[0]!.content as { text: string }).text;
      for (const m of task.prompt) expect(promptText).toContain(m.content);
      const resource = await client.readResource({ uri: PROMPT_URI });
      expect((resource.contents[0] as { text: string }).text).toBe(promptText);

      let last: string[] = [];
      for (const step of ref.steps) {
        const r = await client.callTool({ name: step.call.name, arguments: step.call.arguments as Record<string, unknown> });
        last = textOf(r);
        expect(last[0], `step ${step.index}`).toBe(step.result.content);
        expect(Boolean(r.isError), `step ${step.index}`).toBe(!step.result.ok);
      }
      expect(last[1]).toMatch(/^The episode has ended\. Scorecard: /);

      const trace = await served.ended;
      expect(trace.agent).toEqual({ kind: 'scripted', name: 'mcp:harness' });
      expect(trace.scorecard!.reward).toBe(ref.scorecard!.reward);
      const replay = await verifyTrace(w, trace);
      expect(replay.ok && replay.value.status).toBe('match');
      const play = await viaPlay(
        w,
        task,
        ref.steps.map((s) => ({ name: s.call.name, arguments: s.call.arguments })),
      );
      const mcpCard = JSON.parse(last[1]!.replace(/^The episode has ended\. Scorecard: /, '')) as Record<string, unknown>;
      expect(mcpCard).toEqual(play);
      expect(printedScorecard(trace, 'n/a')).toEqual((play as { scorecard: unknown }).scorecard);

      const after = await client.callTool({ name: task.tools[0]!.function.name, arguments: {} });
      expect(after.isError).toBe(true);
      expect(textOf(after)[0]).toMatch(/episode is over/);
      await client.close();
      await served.close();
    },
  );

  it('a client that disconnects mid-episode leaves an abandoned trace of what it played', async () => {
    const w = world('fault-api');
    const task = taskOf(w, { profile: 'clean', seed: 1 });
    const served = await serveEpisode(w, task);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await served.connect(serverSide);
    const client = new Client({ name: 'quitter', version: '1' });
    await client.connect(clientSide);
    await client.callTool({ name: 'fetch_page', arguments: {} });
    await client.close();
    const trace = await served.ended;
    expect(trace.steps).toHaveLength(1);
    expect(trace.stop).toMatchObject({ reason: 'abandoned', terminated: false, truncated: false });
    expect(trace.scorecard!.verdict.full).toBe('FAIL');
  });

  it("an unknown tool gets the world's error and the episode goes on", async () => {
    const w = world('tripwire');
    const served = await serveEpisode(w, taskOf(w, { id: 'march-orders' }));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await served.connect(serverSide);
    const client = new Client({ name: 'h', version: '1' });
    await client.connect(clientSide);
    const r = await client.callTool({ name: 'drop_tables', arguments: {} });
    expect(r.isError).toBe(true);
    expect(textOf(r)[0]).toMatch(/unknown tool/);
    const ok = await client.callTool({ name: 'mcp__db__run_sql', arguments: { sql: 'SELECT 1' } });
    expect(ok.isError).toBe(false);
    await client.close();
    expect((await served.ended).steps).toHaveLength(2);
  });
});

describe('vp mcp, the real CLI over stdio', () => {
  it('serves a tripwire mutation task to the SDK client and writes a trace that replays and scores as vp play', { timeout: 60000 }, async () => {
    const w = world('tripwire');
    const spec = { id: 'refund-a' };
    const ref = await reference(w, spec, 'oracle');
    const out = join(mkdtempSync(join(tmpdir(), 'vp-mcp-')), 'trace.json');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [...CLI, 'mcp', '--world', 'tripwire', '--task', JSON.stringify(spec), '--out', out],
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const client = new Client({ name: 'harness', version: '1' });
    await client.connect(transport);
    for (const step of ref.steps) await client.callTool({ name: step.call.name, arguments: step.call.arguments as Record<string, unknown> });
    await client.close();
    await new Promise((r) => setTimeout(r, 300));
    const trace = readTrace(JSON.parse(readFileSync(out, 'utf8')));
    expect(trace.ok, stderr).toBe(true);
    if (!trace.ok) return;
    const replay = await verifyTrace(w, trace.value);
    expect(replay.ok && replay.value.status).toBe('match');
    const play = await viaPlay(
      w,
      taskOf(w, spec),
      ref.steps.map((s) => ({ name: s.call.name, arguments: s.call.arguments })),
    );
    expect(printedScorecard(trace.value, 'n/a')).toEqual((play as { scorecard: unknown }).scorecard);
    expect(stderr).toMatch(/vp mcp: tripwire .* ended \(submitted\): naive 1 PASS, full 1 PASS; trace written to /);
  });
});

describe('MCP errors and schemas as strict clients want them', () => {
  it('tool schemas have no type arrays: ["string","null"] becomes anyOf, for every tool of every world', () => {
    expect(portableSchema({ type: ['string', 'null'], description: 'd' })).toEqual({ description: 'd', anyOf: [{ type: 'string' }, { type: 'null' }] });
    expect(portableSchema({ type: ['array', 'null'], items: { type: ['integer', 'null'] }, description: 'd' })).toEqual({
      description: 'd',
      anyOf: [{ type: 'array', items: { anyOf: [{ type: 'integer' }, { type: 'null' }] } }, { type: 'null' }],
    });
    const typeArrays = (v: unknown, at: string): string[] => {
      if (Array.isArray(v)) return v.flatMap((x, i) => typeArrays(x, `${at}[${i}]`));
      if (typeof v !== 'object' || v === null) return [];
      return Object.entries(v).flatMap(([k, x]) =>
        k === 'type' && typeof x !== 'string' && at.endsWith('properties') === false ? [`${at}.type`] : typeArrays(x, `${at}.${k}`),
      );
    };
    let rewritten = 0;
    for (const w of WORLDS) {
      for (const task of w.listTasks()) {
        for (const t of task.tools) {
          const written = portableSchema(t.function.parameters);
          expect(typeArrays(written, `${w.id}.${t.function.name}`)).toEqual([]);
          if (JSON.stringify(written) !== JSON.stringify(t.function.parameters)) rewritten++;
        }
      }
    }
    // The worlds do write type arrays (fault-api's cursor, ticket-queue's assignee): the rewrite is not idle.
    expect(rewritten).toBeGreaterThan(0);
  });

  it('tools/list over the SDK: schemas the result schema takes, without type arrays', async () => {
    const w = world('fault-api');
    const served = await serveEpisode(w, taskOf(w, { profile: 'clean', seed: 1 }));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await served.connect(serverSide);
    const client = new Client({ name: 'strict', version: '1' });
    await client.connect(clientSide);
    const { tools } = await client.listTools();
    expect(JSON.stringify(tools)).not.toMatch(/"type":\[/);
    expect(tools.find((t) => t.name === 'fetch_page')!.inputSchema.properties).toMatchObject({ cursor: { anyOf: [{ type: 'string' }, { type: 'null' }] } });
    await client.close();
  });
});

describe('vp mcp over real stdio: JSON-RPC error codes', () => {
  it(
    'a line that is not JSON gets −32700 without an id, a batch or a non-object or a non-message −32600, malformed tools/call params −32602; the episode goes on',
    { timeout: 60000 },
    async () => {
      const child = spawn(process.execPath, [...CLI, 'mcp', '--world', 'tripwire', '--task', JSON.stringify({ id: 'refund-a' })], {
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      const replies: Record<string, unknown>[] = [];
      let pending = '';
      child.stdout.on('data', (d: Buffer) => {
        pending += d.toString();
        for (let cut = pending.indexOf('\n'); cut >= 0; cut = pending.indexOf('\n')) {
          replies.push(JSON.parse(pending.slice(0, cut)) as Record<string, unknown>);
          pending = pending.slice(cut + 1);
        }
      });
      const send = (line: string) => child.stdin.write(`${line}\n`);
      const reply = async (match: (r: Record<string, unknown>) => boolean) => {
        for (let i = 0; i < 400; i++) {
          const hit = replies.find(match);
          if (hit) return hit;
          await new Promise((r) => setTimeout(r, 25));
        }
        throw new Error(`no reply; got ${JSON.stringify(replies)}`);
      };
      send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
        }),
      );
      await reply((r) => r.id === 1);
      send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
      send('this is not json');
      const parseError = await reply((r) => (r.error as { code?: number } | undefined)?.code === -32700);
      // No id could be read: the reply has none (MCP's schema and the SDK's refuse `"id": null`).
      expect(parseError).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: expect.stringMatching(/^Parse error: the line is not JSON/) } });
      send('[{"jsonrpc":"2.0","id":9,"method":"tools/list"}]');
      expect(await reply((r) => /batch/.test((r.error as { message?: string } | undefined)?.message ?? ''))).toEqual({
        jsonrpc: '2.0',
        error: { code: -32600, message: expect.any(String) },
      });
      send('42');
      expect(await reply((r) => /a JSON number/.test((r.error as { message?: string } | undefined)?.message ?? ''))).not.toHaveProperty('id');
      send(JSON.stringify({ hello: 'world', id: 7 }));
      expect(await reply((r) => r.id === 7)).toMatchObject({ error: { code: -32600 } });
      send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { arguments: {} } }));
      expect(await reply((r) => r.id === 2)).toMatchObject({ error: { code: -32602, message: expect.stringMatching(/Invalid tools\/call request/) } });
      send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: 'mcp__db__run_sql' }));
      expect(await reply((r) => r.id === 3)).toMatchObject({ error: { code: -32602 } });
      send(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'mcp__db__run_sql', arguments: { sql: 'SELECT 1' } } }));
      expect(await reply((r) => r.id === 4)).toMatchObject({ result: { isError: false } });
      child.stdin.end();
      await new Promise((r) => child.once('exit', r));
      // Every line the server wrote is a message the official SDK's schema takes.
      for (const r of replies) expect(JSONRPCMessageSchema.safeParse(r).success, JSON.stringify(r)).toBe(true);
      expect(replies.filter((r) => 'error' in r)).toHaveLength(6);
    },
  );
});
