import { afterEach, describe, expect, it } from 'vitest';
import { Episode, runEpisode, runOn } from '../core/episode';
import type { Trace } from '../core/types';
import { faultApiWorld, taskFromParams } from '../worlds/fault-api/index';
import { carefulSolver } from '../worlds/fault-api/solvers';
import { params } from '../worlds/fault-api/testing';
import { driverOf } from './driverMode';
import { ModelAgent } from './modelAgent';
import { LATEST_CHARS, PAD_LINES, Scratchpad } from './scratchpad';
import { mockConfig } from './testing/helpers';
import { startMockServer, type MockReply, type MockServer } from './testing/mockServer';
import type { WireMessage } from './wire';

let server: MockServer;
afterEach(() => server?.close());

const hostile = taskFromParams(params('hostile', 1));
const bodies = () => server.completions().map((c) => c.body as { messages: WireMessage[] });
const bytes = (x: unknown) => new TextEncoder().encode(JSON.stringify(x)).length;

/** A "model" that makes the careful solver's calls in order, one per request, whatever it is sent. */
const replay = (trace: Trace): MockReply[] =>
  trace.steps.map((s, i) => ({ kind: 'tool-calls', calls: [{ name: s.call.name, arguments: s.call.arguments, id: `c${i}` }] }));

describe('the scratchpad driver against the mock endpoint', () => {
  it('sends the task and a scratchpad of the world’s summaries, never the conversation: requests stay bounded while history grows', async () => {
    const reference = await runEpisode(faultApiWorld, hostile, carefulSolver());
    expect(reference.steps.length).toBeGreaterThan(10);
    server = await startMockServer({ respond: replay(reference) });
    const agent = new ModelAgent({ config: mockConfig(server, { driver: 'scratchpad' }), summarize: faultApiWorld.summarize });
    const trace = await runEpisode(faultApiWorld, hostile, agent);
    expect(trace.steps.map((s) => s.result.content)).toEqual(reference.steps.map((s) => s.result.content));
    expect(trace.scorecard!.verdict.full).toBe('PASS');
    expect(driverOf(trace)).toBe('scratchpad');
    expect(trace.meta?.model).toMatchObject({ driver: 'scratchpad' });

    const sent = bodies();
    expect(sent).toHaveLength(reference.steps.length);
    for (const [i, body] of sent.entries()) {
      // The prompt, then one message: the scratchpad. No assistant or tool messages are re-sent.
      expect(body.messages.slice(0, -1)).toEqual(hostile.prompt);
      const pad = body.messages.at(-1)!;
      expect(pad.role).toBe('user');
      const text = pad.content!;
      // Each earlier step is one line the world wrote.
      for (const s of reference.steps.slice(Math.max(0, i - PAD_LINES), i)) expect(text).toContain(faultApiWorld.summarize!(s));
      expect(text).toContain(`Turns left: ${hostile.maxTurns - i}.`);
      if (i > 0) expect(text).toContain(reference.steps[i - 1]!.result.content.slice(0, LATEST_CHARS));
    }
    // The last request with history would carry every page; the scratchpad's is a fraction of it.
    const history = await startMockServer({ respond: replay(reference) });
    try {
      await runEpisode(faultApiWorld, hostile, new ModelAgent({ config: mockConfig(history) }));
      const last = history.completions().at(-1)!.body;
      expect(bytes(sent.at(-1))).toBeLessThan(bytes(last) / 2);
    } finally {
      await history.close();
    }
    const bound = bytes(sent[0]) + PAD_LINES * 400 + LATEST_CHARS + 500;
    for (const body of sent) expect(bytes(body)).toBeLessThan(bound);
  });

  it('runs one call per step: the rest of a reply is answered, not run, and said in the driver events', async () => {
    const two: MockReply = {
      kind: 'tool-calls',
      calls: [
        { name: 'fetch_page', arguments: { cursor: null }, id: 'a' },
        { name: 'fetch_page', arguments: { cursor: 'x' }, id: 'b' },
      ],
    };
    server = await startMockServer({ respond: [two, { kind: 'prose', content: 'done' }] });
    const agent = new ModelAgent({ config: mockConfig(server, { driver: 'scratchpad' }), summarize: faultApiWorld.summarize });
    const trace = await runEpisode(faultApiWorld, hostile, agent);
    expect(trace.steps).toHaveLength(1);
    expect(agent.events().map((e) => e.code)).toContain('calls-dropped');
    const log = agent.messages();
    expect(log.find((m) => m.role === 'tool' && m.tool_call_id === 'b')?.content).toContain('one tool call per step');
    expect(bodies()[1]!.messages.at(-1)!.content).toContain(`1. fetch_page {"cursor":null} → ${faultApiWorld.summarize!(trace.steps[0]!)}`);
  });

  it('a fork: the kept steps are the scratchpad’s first lines, and in history mode the model’s own earlier calls', async () => {
    const reference = await runEpisode(faultApiWorld, hostile, carefulSolver());
    for (const driver of ['scratchpad', 'history'] as const) {
      server = await startMockServer({ respond: [{ kind: 'prose', content: 'stop' }] });
      const episode = await Episode.open(faultApiWorld, hostile, { kind: 'model', name: 'm' });
      for (const s of reference.steps.slice(0, 2)) await episode.apply(s.call);
      await runOn(episode, new ModelAgent({ config: mockConfig(server, { driver }), summarize: faultApiWorld.summarize }));
      const [first] = bodies();
      if (driver === 'scratchpad') {
        expect(first!.messages.at(-1)!.content).toContain(
          `2. fetch_page ${JSON.stringify(reference.steps[1]!.call.arguments)} → ${faultApiWorld.summarize!(reference.steps[1]!)}`,
        );
      } else {
        const prior = first!.messages.slice(hostile.prompt.length);
        expect(prior).toHaveLength(4);
        expect(prior[0]).toMatchObject({ role: 'assistant', tool_calls: [{ id: 'vp_prior_1', function: { name: 'fetch_page' } }] });
        expect(prior[1]).toEqual({ role: 'tool', tool_call_id: 'vp_prior_1', content: reference.steps[0]!.result.content });
      }
      await server.close();
    }
  });
});

describe('Scratchpad', () => {
  it('keeps the last lines and counts the rest; the last result is shown whole up to its bound', () => {
    const pad = new Scratchpad(({ result }) => `got ${result.content.length}`);
    for (let i = 1; i <= PAD_LINES + 20; i++) pad.step(i, { name: 't', arguments: { i } }, { ok: true, content: 'x'.repeat(i) });
    pad.note('t', 'rejected by the user');
    const text = pad.text(3);
    expect(text).toContain('21 earlier not shown');
    expect(text).not.toContain('\n1. t {"i":1}');
    expect(text).toContain(`${PAD_LINES + 20}. t {"i":${PAD_LINES + 20}} → got ${PAD_LINES + 20}`);
    expect(text).toContain('-. t → not run: rejected by the user');
    expect(text).toMatch(/Turns left: 3\. Make exactly one tool call\.$/);
    const big = new Scratchpad();
    big.step(1, { name: 't', arguments: {} }, { ok: true, content: 'y'.repeat(LATEST_CHARS + 10) });
    expect(big.text(1)).toContain('… [10 more characters not shown]');
  });
});
