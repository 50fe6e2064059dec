import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { runEpisode } from '../../core/episode';
import type { Json, JsonObject } from '../../core/json';
import type { Task, Trace } from '../../core/types';
import type { World } from '../../core/world';
import { readTrace } from '../../traces/native';
import { verifyTrace } from '../../traces/replay';
import { summarize } from '../../traces/summary';
import { WORLDS } from '../../worlds/registry';
import { playLines } from '../commands/play';
import { PROMPT_NAME, PROMPT_URI, serveEpisode } from './server';

const world = (id: string): World => WORLDS.find((w) => w.id === id)!;

function taskOf(w: World, spec: JsonObject): Task {
  const t = w.makeTask(spec);
  if (!t.ok) throw new Error(t.error);
  return t.value;
}

/** A reference agent's episode, run in-process: the calls an outside harness will send over MCP. */
async function reference(w: World, spec: JsonObject, agent: string): Promise<Trace> {
  const task = taskOf(w, spec);
  return runEpisode(w, task, w.referenceAgents.find((a) => a.id === agent)!.create(task));
}

/** The same calls through `vp play`'s line protocol: what the MCP episode must score like. */
async function viaPlay(w: World, task: Task, calls: readonly { name: string; arguments: Json }[]): Promise<Record<string, unknown>> {
  const out: string[] = [];
  async function* lines() {
    for (const c of calls) yield JSON.stringify(c);
  }
  await playLines(w, task, lines(), (l) => out.push(l));
  return JSON.parse(out[out.length - 1]!) as Record<string, unknown>;
}

const textOf = (r: unknown) => ((r as { content: { text: string }[] }).content ?? []).map((c) => c.text);

const CASES: [string, JsonObject, string][] = [
  ['fault-api', { profile: 'hostile', seed: 6 }, 'careful'],
  ['tripwire', { id: 'top-refund-customer' }, 'oracle'],
  ['ticket-queue', { id: 'vendor-outage-triage', seed: 1 }, 'oracle'],
];

describe('a world served over MCP', () => {
  it.each(CASES)('%s: the SDK client lists the tools and the prompt, plays the episode, and gets the scorecard; the trace replays and scores as vp play', async (id, spec, agent) => {
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
    const play = await viaPlay(w, task, ref.steps.map((s) => ({ name: s.call.name, arguments: s.call.arguments })));
    const mcpCard = JSON.parse(last[1]!.replace(/^The episode has ended\. Scorecard: /, '')) as Record<string, unknown>;
    expect(mcpCard).toEqual(play);
    expect(summarize(trace, 'n/a')).toEqual((play as { scorecard: unknown }).scorecard);

    const after = await client.callTool({ name: task.tools[0]!.function.name, arguments: {} });
    expect(after.isError).toBe(true);
    expect(textOf(after)[0]).toMatch(/episode is over/);
    await client.close();
    await served.close();
  });

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

  it('an unknown tool gets the world\'s error and the episode goes on', async () => {
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
      args: ['--import', 'tsx', join(__dirname, '..', 'main.ts'), 'mcp', '--world', 'tripwire', '--task', JSON.stringify(spec), '--out', out],
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
    const play = await viaPlay(w, taskOf(w, spec), ref.steps.map((s) => ({ name: s.call.name, arguments: s.call.arguments })));
    expect(summarize(trace.value, 'n/a')).toEqual((play as { scorecard: unknown }).scorecard);
    expect(stderr).toMatch(/vp mcp: tripwire .* ended \(submitted\): naive 1 PASS, full 1 PASS; trace written to /);
  });
});
