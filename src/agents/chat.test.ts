import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolSpec } from '../core/types';
import { chatCompletion, defaultChatEnv, type ChatEnv } from './chat';
import type { EndpointConfig } from './endpoint';
import { ChatError, parseRetryAfter } from './errors';
import { startMockServer, type MockReply, type MockServer } from './testing/mockServer';
import type { WireMessage } from './wire';

const KEY = 'sk-test-SECRET-0123456789';
const MB = 1024 * 1024;
const MESSAGES: WireMessage[] = [{ role: 'user', content: 'hi' }];
const TOOLS: ToolSpec[] = [{ type: 'function', function: { name: 'noop', description: 'x', parameters: { type: 'object', properties: {} } } }];
const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const env: ChatEnv = { ...defaultChatEnv(), now: () => NOW };

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ respond: [] });
});
afterAll(() => server.close());

async function failWith(
  reply: MockReply,
  extra: { timeoutMs?: number; env?: Partial<ChatEnv>; model?: string; maxResponseBytes?: number; config?: Partial<EndpointConfig> } = {},
): Promise<ChatError> {
  server.setResponder([reply]);
  const config = {
    baseUrl: server.baseUrl,
    model: extra.model ?? 'm',
    apiKey: KEY,
    timeoutMs: extra.timeoutMs ?? 5000,
    maxResponseBytes: extra.maxResponseBytes,
    ...extra.config,
  };
  const e = await chatCompletion(config, MESSAGES, TOOLS, undefined, { ...env, ...extra.env }).then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(ChatError);
  const err = e as ChatError;
  expect(err.message).not.toContain(KEY);
  return err;
}

describe('chatCompletion', () => {
  it('parses tool calls, usage and finish reason, and sends only the expected headers', async () => {
    server.setResponder([{ kind: 'tool-calls', calls: [{ name: 'noop', arguments: { a: 1 }, id: 'c1' }], usage: { prompt: 11, completion: 3 } }]);
    const r = await chatCompletion({ baseUrl: `${server.baseUrl}/`, model: 'm', apiKey: KEY, temperature: 0, maxTokens: 50 }, MESSAGES, TOOLS, undefined, env);
    expect(r.message.tool_calls).toEqual([{ id: 'c1', type: 'function', function: { name: 'noop', arguments: '{"a":1}' } }]);
    expect(r).toMatchObject({ finishReason: 'tool_calls', usage: { promptTokens: 11, completionTokens: 3 }, latencyMs: 0 });
    const req = server.requests.at(-1)!;
    expect(req.body).toEqual({ model: 'm', messages: MESSAGES, tools: TOOLS, temperature: 0, max_tokens: 50 });
    const custom = Object.keys(req.headers).filter(
      (h) => !['host', 'connection', 'content-length', 'accept', 'accept-encoding', 'accept-language', 'sec-fetch-mode', 'user-agent'].includes(h),
    );
    expect(custom.sort()).toEqual(['authorization', 'content-type']);
  });

  it('network failure: says the server could not be reached (Node: no CORS advice)', async () => {
    const e = await failWith({ kind: 'drop-connection' });
    expect(e).toMatchObject({ kind: 'network', retryable: true });
    expect(e.message).toMatch(/Could not reach http:\/\/127\.0\.0\.1:\d+ .*Is the server running/);
  });

  it('network failure in a page: explains CORS, the local server settings, mixed content and Chrome’s permission', async () => {
    const rejecting: ChatEnv['fetch'] = async () => {
      throw new TypeError('Failed to fetch');
    };
    const e = await chatCompletion({ baseUrl: 'http://192.168.1.5:11434/v1', model: 'm', apiKey: KEY }, MESSAGES, TOOLS, undefined, {
      ...env,
      fetch: rejecting,
      pageOrigin: 'https://vp.example',
    }).catch((x: ChatError) => x);
    expect(e).toMatchObject({ kind: 'network' });
    const m = e instanceof ChatError ? e.message : '';
    expect(m).toContain('CORS (cross-origin resource sharing)');
    expect(m).toContain('OLLAMA_ORIGINS=https://vp.example');
    expect(m).toContain(`--allowed-origins '["https://vp.example"]'`);
    expect(m).toContain('LM Studio');
    expect(m).toContain('may call http://localhost but not a plain-http address on the network like 192.168.1.5:11434');
    expect(m).toMatch(/local network.*first call from a click/);
  });

  it.each([
    [401, 'unauthorized', /refused the request \(401\): the API key is missing, wrong/],
    [403, 'unauthorized', /refused the request \(403\)/],
    [404, 'not-found', /Not found \(404\) at http.*the model "m" is unknown to this server, or the base URL is wrong/],
    [400, 'http', /rejected the request \(400\).*tool calls/],
  ])('HTTP %i → %s, not retryable', async (status, kind, message) => {
    const e = await failWith({ kind: 'status', status, body: JSON.stringify({ error: { message: `bad key ${KEY}` } }) });
    expect(e).toMatchObject({ kind, status, retryable: false });
    expect(e.message).toMatch(message);
    expect(e.message).toContain('bad key ***');
  });

  it('an error that echoes a header value or the URL’s credential shows *** and the URL without it', async () => {
    const [header, cred] = ['org-SECRET-4455', 'qp-SECRET-9911'];
    const e = await failWith(
      { kind: 'status', status: 404, body: `no route for ${header} ${cred}` },
      { config: { baseUrl: `${server.baseUrl}?api_key=${cred}`, extraHeaders: { 'X-Org': header } } },
    );
    expect(e.message).toContain(`Not found (404) at ${server.baseUrl}/chat/completions:`);
    expect(e.message).toContain('no route for *** ***');
    expect(e.message).not.toMatch(/SECRET/);
  });

  it.each([500, 502, 503])('HTTP %i → server, retryable', async (status) => {
    const e = await failWith({ kind: 'status', status });
    expect(e).toMatchObject({ kind: 'server', status, retryable: true, retryAfterMs: null });
    expect(e.message).toMatch(new RegExp(`server failed \\(${status}\\); this is usually temporary`));
  });

  it('429 with Retry-After seconds returns the delay', async () => {
    const e = await failWith({ kind: 'status', status: 429, headers: { 'Retry-After': '7' } });
    expect(e).toMatchObject({ kind: 'rate-limited', retryable: true, retryAfterMs: 7000 });
    expect(e.message).toMatch(/Rate limited \(429\).*wait 7 s/);
  });

  it('429 with an HTTP-date Retry-After returns the time until then', async () => {
    const e = await failWith({ kind: 'status', status: 429, headers: { 'Retry-After': new Date(NOW + 12_000).toUTCString() } });
    expect(e).toMatchObject({ kind: 'rate-limited', retryAfterMs: 12_000 });
  });

  it('429 without Retry-After has no delay of its own', async () => {
    expect(await failWith({ kind: 'status', status: 429 })).toMatchObject({ kind: 'rate-limited', retryAfterMs: null });
  });

  it('timeout: a slow server is given up on after timeoutMs', async () => {
    const e = await failWith({ kind: 'slow', ms: 2000, then: { kind: 'prose', content: 'late' } }, { timeoutMs: 100 });
    expect(e).toMatchObject({ kind: 'timeout', retryable: true });
    expect(e.message).toMatch(/No answer from the model within 100 ms \(timeout\)/);
  });

  it('a non-JSON body', async () => {
    const e = await failWith({ kind: 'raw', body: '<html>proxy error</html>', contentType: 'text/html' });
    expect(e).toMatchObject({ kind: 'bad-body', retryable: false });
    expect(e.message).toBe("The server's answer is not a chat completion: it is not JSON. It began: <html>proxy error</html>");
  });

  it.each([
    ['{"object":"list"}', /no "choices" list/],
    ['{"choices":[{"text":"x"}]}', /choices\[0\] has no "message"/],
    ['{"choices":[{"message":{"content":3}}]}', /message.content is not text/],
    ['{"choices":[{"message":{"content":null,"tool_calls":[{"function":{}}]}}]}', /tool_calls\[0\] has no function name/],
  ])('a malformed body %s', async (body, message) => {
    const e = await failWith({ kind: 'raw', body });
    expect(e.kind).toBe('bad-body');
    expect(e.message).toMatch(message);
  });

  it('empty choices', async () => {
    const e = await failWith({ kind: 'empty-choices' });
    expect(e).toMatchObject({ kind: 'empty-choices' });
    expect(e.message).toMatch(/no choices \(an empty "choices" list\)/);
  });

  it('cancel mid-request aborts with kind "aborted"', async () => {
    server.setResponder([{ kind: 'slow', ms: 5000, then: { kind: 'prose', content: 'late' } }]);
    const ac = new AbortController();
    const p = chatCompletion({ baseUrl: server.baseUrl, model: 'm' }, MESSAGES, TOOLS, ac.signal, env);
    setTimeout(() => ac.abort(), 50);
    await expect(p).rejects.toMatchObject({ kind: 'aborted', retryable: false });
  });

  it('a 60 MB reply is refused while it streams in: too-large, and the rest is never downloaded', async () => {
    const started = Date.now();
    const e = await failWith({ kind: 'stream', bytes: 60 * MB });
    expect(e).toMatchObject({ kind: 'too-large', retryable: false, status: 200 });
    expect(e.message).toMatch(/^The model's reply is larger than the 4 MiB limit \(reading stopped there\); nothing was added to the episode\./);
    expect(e.message).toContain('--max-response-bytes');
    const s = server.streams.at(-1)!;
    expect(s.complete).toBe(false);
    // What the sockets buffered beyond the cap, far from the whole body.
    expect(s.sent).toBeLessThan(20 * MB);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('a declared Content-Length over the limit is refused before any of the body is read', async () => {
    const e = await failWith({ kind: 'stream', bytes: 60 * MB, contentLength: true }, { maxResponseBytes: MB });
    expect(e).toMatchObject({ kind: 'too-large', retryable: false });
    expect(e.message).toMatch(/larger than the 1 MiB limit \(it announced 60 MiB\)/);
    expect(server.streams.at(-1)!.complete).toBe(false);
  });

  it('the limit is configurable, and an error body counts too', async () => {
    const small = await failWith({ kind: 'prose', content: 'y'.repeat(70_000) }, { maxResponseBytes: 65_536 });
    expect(small).toMatchObject({ kind: 'too-large' });
    expect(small.message).toMatch(/larger than the 64 KiB limit/);
    const error = await failWith({ kind: 'status', status: 500, body: 'z'.repeat(70_000) }, { maxResponseBytes: 65_536 });
    expect(error).toMatchObject({ kind: 'too-large' });
  });

  it('a reply under the limit is read whole, however it is chunked', async () => {
    server.setResponder([{ kind: 'stream', bytes: 3 * MB, chunkBytes: 1000 }]);
    const r = await chatCompletion({ baseUrl: server.baseUrl, model: 'm' }, MESSAGES, TOOLS, undefined, env);
    expect(r.message.content).toMatch(/^x+$/);
    expect(r.message.content!.length).toBeGreaterThan(3 * MB - 200);
    expect(server.streams.at(-1)!.complete).toBe(true);
  });

  it('parseRetryAfter reads seconds and dates, and ignores junk', () => {
    expect(parseRetryAfter('3', NOW)).toBe(3000);
    expect(parseRetryAfter('1.5', NOW)).toBe(1500);
    expect(parseRetryAfter(new Date(NOW - 5000).toUTCString(), NOW)).toBe(0);
    expect(parseRetryAfter('soon', NOW)).toBeNull();
    expect(parseRetryAfter(null, NOW)).toBeNull();
  });
});
