import { afterEach, describe, expect, it } from 'vitest';
import type { EndpointConfig } from '../../agents/endpoint';
import { mockConfig, recordingSleep } from '../../agents/testing/helpers';
import { startMockServer, type MockReply, type MockServer } from '../../agents/testing/mockServer';
import { faultApiWorld, taskFromParams } from '../../worlds/fault-api/index';
import { params } from '../../worlds/fault-api/testing';
import { ModelDriver } from './modelDriver';
import { MemoryStore, SharedLocks, tabDeps, UnsavedMemory } from './testing';

const task = taskFromParams(params('clean', 1));
const call = (name: string, args: unknown, id: string, content = `calling ${name}`): MockReply => ({
  kind: 'tool-calls',
  calls: [{ name, arguments: args, id }],
  content,
});

let server: MockServer;
afterEach(() => server?.close());

async function open(extra: Partial<EndpointConfig> = {}, store = new MemoryStore(), unsaved = new UnsavedMemory()) {
  const remembered: EndpointConfig[] = [];
  const driver = await ModelDriver.open(faultApiWorld, task, mockConfig(server, extra), {
    deps: tabDeps(store, new SharedLocks(), unsaved),
    id: 'model-test',
    remember: (c) => remembered.push({ ...c }),
    sleep: recordingSleep().sleep,
    retry: { retries: 0 },
  });
  return { driver, store, unsaved, remembered, status: () => driver.live.state.driver.status };
}

describe('ModelDriver: a model’s episode from the page', () => {
  it('step proposes; an edited approval runs the edit; a rejection is told to the model; run plays to the end and saves once, with the exchange', async () => {
    server = await startMockServer({
      respond: [
        call('fetch_page', { cursor: 'made-up' }, 'a'),
        call('submit_records', { records: [] }, 'b'),
        call('fetch_page', { cursor: null }, 'c'),
        call('submit_records', { records: [{ id: 'x', amount: 1 }] }, 'd'),
      ],
    });
    const { driver, store, status } = await open({ apiKey: 'sk-test-KEY-000111' });
    expect(driver.live.state.save).toEqual({ kind: 'not-yet' });

    await driver.step();
    expect(status()).toMatchObject({ kind: 'proposed', proposal: { call: { name: 'fetch_page', arguments: { cursor: 'made-up' } } } });
    await driver.approve({ cursor: null });
    expect(status()).toEqual({ kind: 'idle' });
    expect(driver.live.trace.steps[0]!.call.arguments).toEqual({ cursor: null });
    expect(driver.live.trace.steps[0]!.usage).toBeDefined();

    await driver.step();
    driver.reject('read every page first');
    expect(status()).toEqual({ kind: 'idle' });
    expect(driver.live.trace.steps).toHaveLength(1);
    expect(driver.live.state.driver.events.map((e) => e.code)).toEqual(['call-edited', 'call-rejected']);
    expect(store.writes).toBe(0);

    await driver.run();
    expect(status()).toEqual({ kind: 'finished' });
    expect(driver.live.trace.stop?.reason).toBe('submitted');
    expect(driver.live.state.save).toEqual({ kind: 'saved' });
    expect(store.writes).toBe(1);
    const saved = store.records.get('model-test')!;
    expect(saved.finished).toBe(true);
    expect(saved.trace.steps).toHaveLength(3);
    const meta = saved.trace.meta?.model as { messages: { role: string }[]; endpoint: { model: string } };
    expect(meta.endpoint.model).toBe('mock-model');
    expect(meta.messages.at(-1)?.role).toBe('tool');
    expect(JSON.stringify(saved)).not.toContain('sk-test-KEY-000111');
    expect(driver.live.states.sessionsOpened).toBe(0);
  });

  it('a failed request keeps the episode; Retry with a fixed key goes on from there, and the new key is remembered for masking', async () => {
    server = await startMockServer({
      respond: (req) => (req.headers.authorization === 'Bearer sk-good-KEY-222333' ? call('fetch_page', {}, 'a') : { kind: 'status', status: 401 }),
    });
    const { driver, status, remembered } = await open({ apiKey: 'sk-bad-KEY-111' });
    await driver.step();
    expect(status()).toMatchObject({ kind: 'error', mode: 'step', errorKind: 'unauthorized' });
    await driver.retry({ baseUrl: server.baseUrl, apiKey: 'sk-good-KEY-222333', timeoutMs: 5000 });
    expect(status()).toMatchObject({ kind: 'proposed' });
    expect(remembered.map((c) => c.apiKey)).toEqual(['sk-bad-KEY-111', 'sk-good-KEY-222333']);
  });

  it('Stop cancels the request in flight and leaves the episode open; End scores it as abandoned and a late answer changes nothing', async () => {
    server = await startMockServer({ respond: [{ kind: 'slow', ms: 5000, then: call('fetch_page', {}, 'a') }, call('fetch_page', {}, 'b')] });
    const { driver, status, store } = await open();
    const asking = driver.step();
    await new Promise((r) => setTimeout(r, 50));
    expect(status()).toMatchObject({ kind: 'requesting', mode: 'step' });
    expect(driver.busy).toBe(true);
    driver.stop();
    await asking;
    expect(status()).toEqual({ kind: 'idle' });
    expect(driver.live.finished).toBe(false);

    await driver.step();
    expect(status()).toMatchObject({ kind: 'proposed' });
    await driver.end();
    expect(status()).toEqual({ kind: 'finished' });
    expect(driver.live.trace.stop).toMatchObject({ reason: 'abandoned', detail: 'ended by the person' });
    expect(store.records.get('model-test')?.finished).toBe(true);
    await driver.step();
    await driver.approve();
    expect(status()).toEqual({ kind: 'finished' });
    expect(driver.live.trace.steps).toHaveLength(0);
  });

  it('Step is one model call: an invalid call is shown and spends one turn, not the budget; Run asks on until the budget ends it', async () => {
    server = await startMockServer({ respond: () => call('fetch_page', '{not json', 'x', 'Let me fetch.') });
    const { driver, status } = await open();
    await driver.step();
    expect(server.completions()).toHaveLength(1);
    expect(status()).toMatchObject({ kind: 'unsent' });
    expect(driver.live.finished).toBe(false);
    expect(driver.live.observation().turnsLeft).toBe(task.maxTurns - 1);
    expect(driver.live.state.driver.events.map((e) => e.code)).toEqual(['invalid-arguments']);
    await driver.step();
    expect(server.completions()).toHaveLength(2);
    await driver.run();
    expect(status()).toEqual({ kind: 'finished' });
    expect(driver.live.trace.stop?.reason).toBe('budget');
    expect(server.completions()).toHaveLength(task.maxTurns);
  });

  it('prose instead of a call ends the episode as no-tool-call; a save that fails is listed as not saved', async () => {
    server = await startMockServer({ respond: [{ kind: 'prose', content: 'I am done.' }] });
    const store = new MemoryStore();
    store.failure = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    const unsaved = new UnsavedMemory();
    const { driver, status } = await open({}, store, unsaved);
    await driver.run();
    expect(status()).toEqual({ kind: 'finished' });
    expect(driver.live.trace.stop).toMatchObject({ reason: 'no-tool-call', detail: 'I am done.' });
    expect(driver.live.state.save).toMatchObject({ kind: 'failed', message: 'QuotaExceededError: The quota has been exceeded.', memoryOnly: false });
    expect(unsaved.runs.get('model-test')?.reason).toBe('not saved');
  });
});
