import { afterEach, describe, expect, it } from 'vitest';
import { runEpisode } from '../core/episode';
import { tripwireWorld } from '../worlds/tripwire/index';
import { boundText, historyLimits } from './history';
import { ModelAgent, modelMeta } from './modelAgent';
import { mockConfig } from './testing/helpers';
import { startMockServer, type MockReply, type MockServer } from './testing/mockServer';
import type { WireMessage } from './wire';

let server: MockServer;
afterEach(() => server?.close());

const CAP = 64 * 1024;
const task = (() => {
  const t = tripwireWorld.makeTask({ id: 'refund-a', max_turns: 200 });
  if (!t.ok) throw new Error(t.error);
  return t.value;
})();
const bytes = (s: string) => new TextEncoder().encode(s).length;
const sql = (query: string, content: string | null = null): MockReply => ({ kind: 'tool-calls', content, calls: [{ name: 'run_sql', arguments: { query } }] });
const sentMessages = (i: number) => (server.completions()[i]!.body as { messages: WireMessage[] }).messages;

describe('the history a model agent keeps and re-sends', () => {
  it('limits follow the reply cap: the request at most the cap, each message at most an eighth of it', () => {
    expect(historyLimits({ baseUrl: 'x', model: 'm' })).toEqual({ requestBytes: 4 * 1024 * 1024, messageChars: 512 * 1024 });
    expect(historyLimits({ baseUrl: 'x', model: 'm', maxResponseBytes: CAP })).toEqual({ requestBytes: CAP, messageChars: 8192 });
  });

  it('boundText keeps short text and cuts long text to the limit, saying how much went', () => {
    expect(boundText('short', 100)).toBe('short');
    const cut = boundText('y'.repeat(10_000), 1000);
    expect(cut).toHaveLength(1000);
    expect(cut).toMatch(/^y+… \[\d+ more characters not kept: the history keeps at most 1000 per message\]$/);
  });

  it('a long tool result and long prose are kept bounded in the history; the trace keeps the world’s result whole', async () => {
    server = await startMockServer({ respond: [sql('SELECT hex(zeroblob(6000)) AS h', 'p'.repeat(20_000)), { kind: 'prose', content: 'done' }] });
    const agent = new ModelAgent({ config: mockConfig(server, { maxResponseBytes: CAP }) });
    const trace = await runEpisode(tripwireWorld, task, agent);
    expect(trace.steps[0]!.result.content.length).toBeGreaterThan(12_000);
    const second = sentMessages(1);
    const assistant = second.find((m) => m.role === 'assistant')!;
    const tool = second.find((m) => m.role === 'tool')!;
    expect(assistant.content).toHaveLength(8192);
    expect(tool.content).toHaveLength(8192);
    expect(tool.content).toContain('more characters not kept');
    const meta = modelMeta(agent, trace.steps, trace.stop);
    expect(JSON.stringify(meta.messages).length).toBeLessThan(3 * 8192);
  });

  it('a call whose arguments exceed the message limit is not run: the model is told, and the history keeps a note', async () => {
    const huge = `SELECT '${'q'.repeat(9000)}'`;
    server = await startMockServer({ respond: [sql(huge), { kind: 'prose', content: 'ok' }] });
    const agent = new ModelAgent({ config: mockConfig(server, { maxResponseBytes: CAP }) });
    const trace = await runEpisode(tripwireWorld, task, agent);
    expect(trace.steps).toHaveLength(0);
    const second = sentMessages(1);
    const call = second.find((m) => m.role === 'assistant')!;
    expect(call.role === 'assistant' && call.tool_calls![0]!.function.arguments).toMatch(/^\{"not_kept":"the arguments were 9\d{3} characters/);
    expect(JSON.parse(second.at(-1)!.content!)).toMatchObject({ error: 'arguments_too_large' });
    expect(agent.events().map((e) => e.code)).toContain('arguments-too-large');
  });

  it('the history is never sent past the cap: the episode ends instead, saying why', async () => {
    server = await startMockServer({ respond: () => sql('SELECT hex(zeroblob(3500)) AS h', 'thinking '.repeat(300)) });
    const agent = new ModelAgent({ config: mockConfig(server, { maxResponseBytes: CAP }) });
    const trace = await runEpisode(tripwireWorld, task, agent);
    expect(trace.stop).toMatchObject({ reason: 'abandoned' });
    expect(trace.stop!.detail).toMatch(/^the conversation would be [\d.]+ KiB, over the 64 KiB history limit \(the reply size limit\); it was not sent$/);
    expect(trace.steps.length).toBeGreaterThan(3);
    const sizes = server.completions().map((r) => bytes(r.rawBody));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(CAP);
    expect(sizes.at(-1)!).toBeGreaterThan(CAP - 12_000);
  });
});
