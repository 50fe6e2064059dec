import { afterEach, describe, expect, it } from 'vitest';
import { runEpisode } from '../core/episode';
import { faultApiWorld, taskFromParams } from '../worlds/fault-api/index';
import { carefulSolver } from '../worlds/fault-api/solvers';
import { params } from '../worlds/fault-api/testing';
import { ModelAgent, modelMeta } from './modelAgent';
import { mockConfig, recordingSleep } from './testing/helpers';
import { policyResponder } from './testing/policyResponder';
import { startMockServer, type MockServer, type Responder } from './testing/mockServer';

const KEY = 'sk-live-DO-NOT-LEAK-4242';
const task = taskFromParams(params('realistic', 3));

let server: MockServer;
afterEach(() => server?.close());

/** A server that echoes the request's Authorization header back in its error bodies, as some proxies do. */
function echoing(inner: Responder, failFirst: number, status: number): Responder {
  return (req, i) =>
    i < failFirst ? { kind: 'status', status, body: JSON.stringify({ error: { message: `bad auth ${req.headers.authorization}` } }) } : inner(req, i);
}

describe('the API key', () => {
  it('appears only in the Authorization header: not in bodies, URLs, traces, messages, events or errors', async () => {
    server = await startMockServer({ respond: echoing(policyResponder(task, carefulSolver), 1, 503) });
    const { sleep } = recordingSleep();
    const agent = new ModelAgent({ config: mockConfig(server, { apiKey: KEY, extraHeaders: { 'X-Title': 'vp' } }), sleep });
    const trace = await runEpisode(faultApiWorld, task, agent);
    trace.meta = { model: modelMeta(agent, trace.steps, trace.stop) };
    expect(trace.stop?.reason).toBe('submitted');
    expect(agent.totals().retries).toBe(1);

    expect(JSON.stringify(trace)).not.toContain(KEY);
    expect(JSON.stringify(agent.messages())).not.toContain(KEY);
    expect(JSON.stringify(agent.events())).not.toContain(KEY);
    expect(server.requests.length).toBeGreaterThan(2);
    for (const r of server.requests) {
      expect(r.rawBody).not.toContain(KEY);
      expect(r.path).not.toContain(KEY);
      for (const [name, value] of Object.entries(r.headers)) {
        if (name === 'authorization') expect(value).toBe(`Bearer ${KEY}`);
        else expect(value).not.toContain(KEY);
      }
      expect(r.headers['x-title']).toBe('vp');
    }
  });

  it('is scrubbed from a final error that echoes it, and so from the trace', async () => {
    server = await startMockServer({ respond: echoing(policyResponder(task, carefulSolver), 1, 401) });
    const agent = new ModelAgent({ config: mockConfig(server, { apiKey: KEY }) });
    const trace = await runEpisode(faultApiWorld, task, agent);
    expect(trace.stop?.reason).toBe('agent-error');
    expect(trace.stop?.detail).toContain('bad auth Bearer ***');
    trace.meta = { model: modelMeta(agent, trace.steps, trace.stop) };
    expect(JSON.stringify(trace)).not.toContain(KEY);
  });

  it('no Authorization header at all without a key (local servers)', async () => {
    server = await startMockServer({ respond: policyResponder(task, carefulSolver) });
    await runEpisode(faultApiWorld, task, new ModelAgent({ config: mockConfig(server) }));
    for (const r of server.completions()) expect(r.headers.authorization).toBeUndefined();
  });
});
