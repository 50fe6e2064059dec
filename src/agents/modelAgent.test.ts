import { afterEach, describe, expect, it } from 'vitest';
import { runEpisode } from '../core/episode';
import { faultApiWorld, taskFromParams } from '../worlds/fault-api/index';
import { carefulSolver } from '../worlds/fault-api/solvers';
import { params } from '../worlds/fault-api/testing';
import { printedScorecard } from '../traces/printedScorecard';
import { CANCELLED_DETAIL, ModelAgent, modelMeta } from './modelAgent';
import { mockConfig, recordingSleep, steppingClock } from './testing/helpers';
import { policyResponder } from './testing/policyResponder';
import { startMockServer, type MockReply, type MockServer, type Responder } from './testing/mockServer';
import type { WireMessage } from './wire';

const hostile = taskFromParams(params('hostile', 1));
const small = (maxTurns: number) => taskFromParams({ ...params('clean', 1), maxTurns });
const submitAll: MockReply = { kind: 'tool-calls', calls: [{ name: 'submit_records', arguments: { records: [] } }] };

let server: MockServer;
afterEach(() => server?.close());
const start = async (respond: MockReply[] | Responder) => (server = await startMockServer({ respond }));
const sent = (i: number): WireMessage[] => (server.completions()[i]!.body as { messages: WireMessage[] }).messages;

describe('ModelAgent against the mock endpoint', () => {
  it('plays a full fault-api episode (careful strategy) to a scorecard, keeping the exact exchange', async () => {
    await start(policyResponder(hostile, carefulSolver));
    const agent = new ModelAgent({ config: mockConfig(server, { pricePerMTokIn: 1, pricePerMTokOut: 2 }), chat: { now: steppingClock(5) } });
    const trace = await runEpisode(faultApiWorld, hostile, agent);
    expect(trace.stop?.reason).toBe('submitted');
    expect(printedScorecard(trace, 'n/a')).toMatchObject({ world: 'fault-api', reward: 1, verdict: { full: 'PASS' }, stop: 'submitted' });
    expect(trace.agent).toEqual({ kind: 'model', name: 'mock-model', model: 'mock-model' });
    const reference = await runEpisode(faultApiWorld, hostile, carefulSolver());
    expect(trace.steps.map((s) => [s.call.name, s.call.arguments, s.result.content])).toEqual(
      reference.steps.map((s) => [s.call.name, s.call.arguments, s.result.content]),
    );
    expect(trace.steps.flatMap((s) => s.events.map((e) => e.code))).toContain('timeout');
    for (const s of trace.steps) {
      expect(s.usage!.promptTokens).toBeGreaterThan(0);
      expect(s.model).toMatchObject({ latencyMs: 5, finishReason: 'tool_calls' });
      expect(s.model!.costUsd).toBeCloseTo((s.usage!.promptTokens + 2 * s.usage!.completionTokens) / 1e6, 12);
    }
    // The exchange reaches the trace through the agent's onEnd hook, with no call from the caller.
    expect(trace.meta?.model).toEqual(modelMeta(agent, trace.steps, trace.stop));
    const messages = agent.messages();
    expect(messages.slice(0, 2)).toEqual(hostile.prompt);
    expect(messages.filter((m) => m.role === 'tool')).toHaveLength(trace.steps.length);
    // Every request sent was a prefix of the final exchange: nothing rewritten behind the model's back.
    server.completions().forEach((_, i) => expect(sent(i)).toEqual(messages.slice(0, sent(i).length)));
    const totals = agent.totals();
    expect(totals.requests).toBe(trace.steps.length);
    expect(totals.promptTokens).toBe(trace.steps.reduce((a, s) => a + s.usage!.promptTokens, 0));
    expect(totals.peakPromptTokens).toBe(Math.max(...trace.steps.map((s) => s.usage!.promptTokens)));
  });

  it('a prose answer stops the episode as "no-tool-call", with the prose (truncated) as detail', async () => {
    await start([{ kind: 'prose', content: `I cannot do that. ${'x'.repeat(1000)}` }]);
    const agent = new ModelAgent({ config: mockConfig(server) });
    const trace = await runEpisode(faultApiWorld, hostile, agent);
    expect(trace.stop).toMatchObject({ reason: 'no-tool-call', terminated: false });
    expect(trace.stop!.detail!.startsWith('I cannot do that.')).toBe(true);
    expect(trace.stop!.detail!.length).toBe(601);
    expect(agent.totals().promptTokens).toBeGreaterThan(0);
  });

  it.each([
    ['not valid JSON', '{"cursor": ', 'invalid-arguments', /not valid JSON/],
    ['a schema mismatch', '{"cursor": 5, "page": 2}', 'schema-mismatch', /cursor: expected string or null, got integer; arguments: unexpected property "page"/],
  ])('arguments that are %s go back to the model as a tool error, not to the world', async (_, args, code, message) => {
    await start([{ kind: 'tool-calls', calls: [{ name: 'fetch_page', arguments: args, id: 'bad' }] }, submitAll]);
    const events: string[] = [];
    const agent = new ModelAgent({ config: mockConfig(server), onEvent: (e) => events.push(e.code) });
    const trace = await runEpisode(faultApiWorld, hostile, agent);
    expect(trace.steps.map((s) => s.call.name)).toEqual(['submit_records']);
    const reply = sent(1).at(-1)!;
    expect(reply).toMatchObject({ role: 'tool', tool_call_id: 'bad' });
    expect(JSON.parse(reply.content as string)).toMatchObject({ error: code.replace('-', '_'), message: expect.stringMatching(message) });
    expect(events).toEqual([code]);
    const meta = modelMeta(agent, trace.steps, trace.stop);
    expect(meta.events).toEqual([expect.objectContaining({ code, kind: 'error', beforeStep: 0, toolCallId: 'bad', data: { arguments: args } })]);
  });

  it('invalid calls spend turns of the episode, so a model that only sends broken calls still ends: truncated by the budget', async () => {
    await start(() => ({ kind: 'tool-calls', calls: [{ name: 'fetch_page', arguments: '{oops' }] }));
    const trace = await runEpisode(faultApiWorld, small(3), new ModelAgent({ config: mockConfig(server) }));
    expect(trace.stop).toEqual({
      reason: 'budget',
      terminated: false,
      truncated: true,
      detail: 'turn budget of 3 calls used; 3 of them could not run and were answered by the agent',
    });
    expect(trace.steps).toEqual([]);
    expect(server.completions()).toHaveLength(3);
  });

  it('reads the turns left from the episode: one broken call among three leaves room for two, then the budget stops it', async () => {
    const fetch = (id: string, args: unknown) => ({ name: 'fetch_page', arguments: args, id });
    await start([
      { kind: 'tool-calls', calls: [fetch('a', { cursor: null }), fetch('b', '{oops'), fetch('c', { cursor: null }), fetch('d', { cursor: null })] },
    ]);
    const agent = new ModelAgent({ config: mockConfig(server) });
    const trace = await runEpisode(faultApiWorld, small(3), agent);
    expect(trace.steps.map((s) => s.call.id)).toEqual(['a', 'c']);
    expect(trace.stop).toMatchObject({
      reason: 'budget',
      truncated: true,
      detail: 'turn budget of 3 calls used; 1 of them could not run and were answered by the agent',
    });
    expect(server.completions()).toHaveLength(1);
    expect(agent.events().map((e) => e.code)).toEqual(['calls-dropped', 'invalid-arguments']);
  });

  it('an unknown tool name goes to the world, which answers with its own recoverable error', async () => {
    await start([{ kind: 'tool-calls', calls: [{ name: 'drop_table', arguments: {} }] }, submitAll]);
    const trace = await runEpisode(faultApiWorld, hostile, new ModelAgent({ config: mockConfig(server) }));
    expect(trace.steps[0]).toMatchObject({ call: { name: 'drop_table' }, result: { ok: false } });
    expect(trace.steps[0]!.result.content).toContain('unknown_tool');
    expect(sent(1).at(-1)).toMatchObject({ role: 'tool', content: trace.steps[0]!.result.content });
  });

  it('parallel calls run in order; calls beyond the turn budget are dropped with a note', async () => {
    const five = Array.from({ length: 5 }, (_, i) => ({ name: 'fetch_page', arguments: { cursor: null }, id: `p${i}` }));
    await start([{ kind: 'tool-calls', calls: five }]);
    const agent = new ModelAgent({ config: mockConfig(server) });
    const trace = await runEpisode(faultApiWorld, small(3), agent);
    expect(trace.stop?.reason).toBe('budget');
    expect(trace.steps.map((s) => s.call.id)).toEqual(['p0', 'p1', 'p2']);
    expect(trace.steps[0]!.usage).toBeDefined();
    expect(trace.steps[1]!.usage).toBeUndefined();
    expect(server.completions()).toHaveLength(1);
    expect(agent.events()).toEqual([expect.objectContaining({ code: 'calls-dropped', data: { dropped: ['fetch_page', 'fetch_page'] } })]);
    agent.finish(trace.steps, trace.stop);
    const tools = agent.messages().filter((m): m is Extract<WireMessage, { role: 'tool' }> => m.role === 'tool');
    expect(tools.map((m) => m.tool_call_id)).toEqual(['p0', 'p1', 'p2', 'p3', 'p4']);
    expect(tools[3]!.content).toContain('over_budget');
  });

  it('retries honour Retry-After, then back off, through the injected sleep', async () => {
    await start([{ kind: 'status', status: 429, headers: { 'Retry-After': '2' } }, { kind: 'status', status: 503 }, submitAll]);
    const { sleep, waits } = recordingSleep();
    const agent = new ModelAgent({ config: mockConfig(server), sleep });
    const trace = await runEpisode(faultApiWorld, hostile, agent);
    expect(trace.stop?.reason).toBe('submitted');
    expect(waits).toEqual([2000, 1000]);
    expect(agent.totals()).toMatchObject({ requests: 1, retries: 2 });
    expect(agent.events().map((e) => e.message)).toEqual(['Retry 1 in 2000 ms after: rate-limited 429', 'Retry 2 in 1000 ms after: server 503']);
  });

  it('a Retry-After longer than the cap, or a non-retryable error, ends the episode as agent-error at once', async () => {
    await start([{ kind: 'status', status: 429, headers: { 'Retry-After': '3600' } }]);
    const { sleep, waits } = recordingSleep();
    const trace = await runEpisode(faultApiWorld, hostile, new ModelAgent({ config: mockConfig(server), sleep }));
    expect(trace.stop).toMatchObject({ reason: 'agent-error', detail: expect.stringMatching(/Rate limited \(429\).*wait 3600 s/) });
    expect(waits).toEqual([]);
    server.setResponder([{ kind: 'status', status: 401 }]);
    const again = await runEpisode(faultApiWorld, hostile, new ModelAgent({ config: mockConfig(server), sleep }));
    expect(again.stop?.detail).toMatch(/\(401\)/);
    expect(server.completions()).toHaveLength(2);
  });

  it('cancel mid-request stops the episode as abandoned, by the user', async () => {
    await start([{ kind: 'slow', ms: 10_000, then: submitAll }]);
    const ac = new AbortController();
    const agent = new ModelAgent({ config: mockConfig(server), signal: ac.signal });
    setTimeout(() => ac.abort(), 50);
    const trace = await runEpisode(faultApiWorld, hostile, agent);
    expect(trace.stop).toMatchObject({ reason: 'abandoned', detail: CANCELLED_DETAIL });
    expect(agent.cancelled).toBe(true);
  });

  it('cancel during a retry wait (real sleep) also stops at once', async () => {
    await start([{ kind: 'status', status: 503 }, submitAll]);
    const ac = new AbortController();
    const agent = new ModelAgent({ config: mockConfig(server), signal: ac.signal, retry: { baseDelayMs: 10_000 } });
    setTimeout(() => ac.abort(), 50);
    const t0 = Date.now();
    const trace = await runEpisode(faultApiWorld, hostile, agent);
    expect(trace.stop?.detail).toBe(CANCELLED_DETAIL);
    expect(Date.now() - t0).toBeLessThan(5000);
  });
});
