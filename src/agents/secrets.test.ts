import { afterEach, describe, expect, it } from 'vitest';
import { runEpisode } from '../core/episode';
import { exportTraceJson, exportTracesJsonl, exportVfResultsJsonl, scrubber, toCsv, keyColumns } from '../traces/export/index';
import { faultApiWorld, taskFromParams } from '../worlds/fault-api/index';
import { WORLDS } from '../worlds/registry';
import { tripwireWorld } from '../worlds/tripwire/index';
import { secretsOf } from './credentials';
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

describe('a model that echoes the key back (tripwire, SELECT of the key)', () => {
  const SHORT = 'sk-test-SECRET123';
  const HEADER = 'org-SECRET-4455';
  const CRED = 'qp-SECRET-9911';
  const all = [SHORT, HEADER, CRED];
  const echo = all.join(' ');

  it('puts it in every part of the trace in memory; the scrubber leaves none in any export', async () => {
    const t = tripwireWorld.makeTask({ id: 'refund-a' });
    if (!t.ok) throw new Error(t.error);
    server = await startMockServer({
      respond: [
        {
          kind: 'tool-calls',
          content: `Checking ${echo}`,
          calls: [{ name: 'run_sql', arguments: { query: `SELECT '${SHORT}' AS k, '${HEADER}' AS h, '${CRED}' AS c` } }],
        },
        { kind: 'tool-calls', calls: [{ name: 'run_sql', arguments: `{"query": "${echo}` }] },
        { kind: 'prose', content: `Finished: ${echo}` },
      ],
    });
    const config = mockConfig(server, { baseUrl: `${server.baseUrl}?api_key=${CRED}`, apiKey: SHORT, extraHeaders: { 'X-Org': HEADER } });
    const agent = new ModelAgent({ config });
    const trace = await runEpisode(tripwireWorld, t.value, agent);
    trace.meta = { model: modelMeta(agent, trace.steps, trace.stop) };
    const step = trace.steps[0]!;
    const model = JSON.stringify(trace.meta.model);
    for (const where of [JSON.stringify(step.call.arguments), step.result.content, trace.stop!.detail!, model]) for (const s of all) expect(where).toContain(s);
    expect(model).toContain('invalid-arguments');

    const secrets = secretsOf(config);
    expect(secrets.sort()).toEqual([...all].sort());
    const clean = scrubber(secrets).value(trace);
    const texts = [
      JSON.stringify(clean),
      exportTraceJson(trace, secrets),
      exportTracesJsonl([trace], secrets),
      exportVfResultsJsonl([trace], WORLDS, secrets),
      toCsv([{ ...trace }], keyColumns(Object.keys(trace)), secrets),
    ];
    for (const text of texts) for (const s of all) expect(text).not.toContain(s);
    expect(clean.steps[0]!.call.arguments).toEqual({ query: "SELECT '***' AS k, '***' AS h, '***' AS c" });
    expect(clean.stop!.detail).toBe('Finished: *** *** ***');
    expect(server.completions()[0]!.path).toBe(`/v1/chat/completions?api_key=${CRED}`);
  });
});
