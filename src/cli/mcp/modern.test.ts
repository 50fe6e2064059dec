import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../core/json';
import type { Task, Trace } from '../../core/types';
import type { World } from '../../core/world';
import { readTrace } from '../../traces/native';
import { printedScorecard } from '../../traces/printedScorecard';
import { verifyTrace } from '../../traces/replay';
import { CLI } from '../spawnTesting';
import { meta, reference, ScriptedClient, taskOf, viaPlay, world, type Reply } from './mcpTesting';
import { MODERN_VERSION } from './modern';
import { PROMPT_NAME, PROMPT_URI, serveEpisode } from './server';

const texts = (r: Reply) => ((r.result?.content ?? []) as { text: string }[]).map((c) => c.text);
const ENDED = /^The episode has ended\. Scorecard: /;

/** A scripted 2026-07-28 client on the in-memory pair, the server connected as `vp mcp` connects it. */
async function inProcess(w: World, task: Task) {
  const served = await serveEpisode(w, task);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new ScriptedClient((m) => void clientSide.send(m as JSONRPCMessage));
  clientSide.onmessage = (m) => client.receive(m);
  await clientSide.start();
  await served.connect(serverSide);
  return { served, client, close: () => clientSide.close() };
}

/**
 * The 2026-07-28 way through one episode: discover, the tools, the prompt and
 * the resource, then the reference agent's calls. Returns the scorecard block
 * of the last result.
 */
async function play(client: ScriptedClient, task: Task, ref: Trace): Promise<Record<string, unknown>> {
  const discovered = await client.request('server/discover');
  expect(discovered.result).toMatchObject({ supportedVersions: [MODERN_VERSION], capabilities: { tools: {}, prompts: {}, resources: {} } });
  expect(discovered.result!.instructions).toContain(task.title);
  const tools = await client.request('tools/list');
  expect((tools.result!.tools as { name: string }[]).map((t) => t.name)).toEqual(task.tools.map((t) => t.function.name));
  const prompt = await client.request('prompts/get', { name: PROMPT_NAME });
  const promptText = (prompt.result!.messages as { content: { text: string } }[])[0]!.content.text;
  for (const m of task.prompt) expect(promptText).toContain(m.content);
  const resource = await client.request('resources/read', { uri: PROMPT_URI });
  expect((resource.result!.contents as { text: string }[])[0]!.text).toBe(promptText);
  let last: string[] = [];
  for (const step of ref.steps) {
    const r = await client.request('tools/call', { name: step.call.name, arguments: step.call.arguments });
    last = texts(r);
    expect(last[0], `step ${step.index}`).toBe(step.result.content);
    expect(Boolean(r.result!.isError), `step ${step.index}`).toBe(!step.result.ok);
  }
  expect(last[1]).toMatch(ENDED);
  return JSON.parse(last[1]!.replace(ENDED, '')) as Record<string, unknown>;
}

const CASES: [string, JsonObject, string][] = [
  ['fault-api', { profile: 'hostile', seed: 6 }, 'careful'],
  ['ticket-queue', { id: 'vendor-outage-triage', seed: 1 }, 'oracle'],
];

describe('MCP 2026-07-28: stateless requests, no initialize', () => {
  it.each(CASES)('%s: a scripted 2026-07-28 client plays the episode; tool results and the scorecard are those of vp play', async (id, spec, agent) => {
    const w = world(id);
    const ref = await reference(w, spec, agent);
    const task = taskOf(w, spec);
    const { served, client, close } = await inProcess(w, task);
    const card = await play(client, task, ref);
    const calls = ref.steps.map((s) => ({ name: s.call.name, arguments: s.call.arguments }));
    expect(card).toEqual(await viaPlay(w, task, calls));
    await close();
    const trace = await served.ended;
    expect(trace.agent).toEqual({ kind: 'scripted', name: 'mcp:scripted-2026' });
    const replay = await verifyTrace(w, trace);
    expect(replay.ok && replay.value.status).toBe('match');
    expect(client.problems).toEqual([]);
  });

  it('refusals: an unsupported version gets −32022 with the supported ones, missing _meta −32602, methods 2026-07-28 lacks −32601; the episode goes on', async () => {
    const w = world('fault-api');
    const { served, client, close } = await inProcess(w, taskOf(w, { profile: 'clean', seed: 1 }));
    for (const requested of ['1900-01-01', '2025-11-25', '2027-01-01'])
      expect(await client.request('tools/list', {}, meta(requested))).toMatchObject({
        error: { code: -32022, data: { supported: [MODERN_VERSION], requested } },
      });
    // The spec's −32022 data shape exactly: {supported: string[], requested: string}.
    expect((await client.request('server/discover', {}, meta('1900-01-01'))).error!.data).toEqual({ supported: ['2026-07-28'], requested: '1900-01-01' });
    const invalid = async (params: Record<string, unknown>, m: Record<string, unknown> | null, method = 'tools/list') =>
      (await client.request(method, params, m)).error?.code;
    expect(await invalid({}, null, 'server/discover')).toBe(-32602);
    expect(await invalid({}, { ...meta(), 'io.modelcontextprotocol/protocolVersion': 20260728 })).toBe(-32602);
    expect(await invalid({}, { 'io.modelcontextprotocol/protocolVersion': MODERN_VERSION })).toBe(-32602);
    // Capabilities without a version: a 2026-07-28 request missing its version, not a 2025 one.
    expect(await invalid({}, { 'io.modelcontextprotocol/clientCapabilities': {} })).toBe(-32602);
    expect(await invalid({}, { ...meta(), 'io.modelcontextprotocol/clientCapabilities': 'all' })).toBe(-32602);
    expect(await invalid({ arguments: {} }, meta(), 'tools/call')).toBe(-32602);
    expect(await invalid({}, meta(), 'prompts/get')).toBe(-32602);
    for (const method of ['ping', 'logging/setLevel', 'completion/complete', 'subscriptions/listen', 'tools/frobnicate'])
      expect(await invalid({}, meta(), method), method).toBe(-32601);
    expect(await client.request('prompts/get', { name: 'other' })).toMatchObject({ error: { code: -32602, data: { name: 'other' } } });
    expect(await client.request('resources/read', { uri: 'file:///etc/passwd' })).toMatchObject({
      error: { code: -32602, data: { uri: 'file:///etc/passwd' } },
    });
    expect((await client.request('resources/templates/list')).result).toMatchObject({ resourceTemplates: [] });
    const ok = await client.request('tools/call', { name: 'fetch_page', arguments: {} });
    expect(ok.result).toMatchObject({ isError: false, resultType: 'complete' });
    await close();
    expect((await served.ended).steps).toHaveLength(1);
    expect(client.problems).toEqual([]);
  });

  it('both eras on one connection: initialize gets the 2025 answer and 2025 results, _meta-carrying requests 2026-07-28 ones, one episode behind both', async () => {
    const w = world('fault-api');
    const { served, client, close } = await inProcess(w, taskOf(w, { profile: 'clean', seed: 1 }));
    const init = await client.legacy('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'old', version: '1' } });
    expect(init.result).toMatchObject({ protocolVersion: '2025-06-18', serverInfo: { name: 'verifier-playground-fault-api' } });
    expect(init.result).not.toHaveProperty('resultType');
    client.notify('notifications/initialized');
    const legacyTools = await client.legacy('tools/list');
    expect(legacyTools.result).not.toHaveProperty('resultType');
    // Resources are claimed in both eras, so their templates are listed in both (none).
    expect((await client.legacy('resources/templates/list')).result).toEqual({ resourceTemplates: [] });
    const modernTools = await client.request('tools/list');
    expect(modernTools.result).toMatchObject({ resultType: 'complete', tools: legacyTools.result!.tools });
    // An initialize carrying 2026-07-28 _meta is still the handshake: the SDK answers it.
    const init26 = await client.request('initialize', { protocolVersion: MODERN_VERSION, capabilities: {}, clientInfo: { name: 'old', version: '2' } });
    expect(init26.result).toMatchObject({ protocolVersion: '2025-11-25' });
    await client.legacy('tools/call', { name: 'fetch_page', arguments: {} });
    await client.request('tools/call', { name: 'fetch_page', arguments: {} });
    await close();
    const trace = await served.ended;
    expect(trace.steps).toHaveLength(2);
    // initialize named the client: that name wins over a 2026-07-28 request's clientInfo (scripted-2026).
    expect(trace.agent.name).toBe('mcp:old');
  });
});

describe('vp mcp over real stdio, 2026-07-28', () => {
  it('a scripted 2026-07-28 client plays a fault-api episode to the end; the trace replays and scores as vp play', { timeout: 60000 }, async () => {
    // fault-api: no SQL workers to start, so the process costs little; the legacy stdio test plays tripwire.
    const w = world('fault-api');
    const spec = { profile: 'realistic', seed: 3 };
    const ref = await reference(w, spec, 'careful');
    const task = taskOf(w, spec);
    const out = join(mkdtempSync(join(tmpdir(), 'vp-mcp26-')), 'trace.json');
    const child = spawn(process.execPath, [...CLI, 'mcp', '--world', 'fault-api', '--task', JSON.stringify(spec), '--out', out], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const client = new ScriptedClient((m) => void child.stdin.write(`${JSON.stringify(m)}\n`));
    let pending = '';
    child.stdout.on('data', (d: Buffer) => {
      pending += d.toString();
      for (let cut = pending.indexOf('\n'); cut >= 0; cut = pending.indexOf('\n')) {
        client.receive(JSON.parse(pending.slice(0, cut)));
        pending = pending.slice(cut + 1);
      }
    });
    expect(await client.request('tools/list', {}, meta('2025-11-25'))).toMatchObject({
      error: { code: -32022, data: { supported: [MODERN_VERSION], requested: '2025-11-25' } },
    });
    const card = await play(client, task, ref);
    const calls = ref.steps.map((s) => ({ name: s.call.name, arguments: s.call.arguments }));
    expect(card).toEqual(await viaPlay(w, task, calls));
    child.stdin.end();
    await new Promise((r) => child.once('exit', r));
    expect(client.problems).toEqual([]);
    const trace = readTrace(JSON.parse(readFileSync(out, 'utf8')));
    expect(trace.ok, stderr).toBe(true);
    if (!trace.ok) return;
    expect(trace.value.agent).toEqual({ kind: 'scripted', name: 'mcp:scripted-2026' });
    const replay = await verifyTrace(w, trace.value);
    expect(replay.ok && replay.value.status).toBe('match');
    expect(printedScorecard(trace.value, 'n/a')).toEqual(card.scorecard);
    expect(stderr).toMatch(/vp mcp: fault-api .* ended \(submitted\): naive 1 PASS, full 1 PASS; trace written to /);
  });
});
