import { describe, expect, it } from 'vitest';
import { ChatError, httpError, summariseBody } from './errors';
import { afterRetries, DEFAULT_RETRY, withRetries } from './retry';

const PAGE = `<!DOCTYPE html><html><head><title>501 Not Implemented</title><style>body{}</style></head><body><h1>Not Implemented</h1>${'<p>padding</p>'.repeat(200)}</body></html>`;

describe('an error body as a person reads it', () => {
  it('an HTML page is named by its title and size, never dumped', () => {
    const s = summariseBody(PAGE, 'text/html; charset=utf-8', []);
    expect(s).toBe(`an HTML page, "501 Not Implemented" (${PAGE.length.toLocaleString('en')} characters)`);
    const bare = '<html><body><h1>Bad <b>gateway</b></h1></body></html>';
    expect(summariseBody(bare, null, [])).toBe(`an HTML page, "Bad gateway" (${bare.length} characters)`);
  });

  it('JSON and plain text are kept, scrubbed of the key', () => {
    expect(summariseBody('{"error": "no model sk-secret-123"}', 'application/json', ['sk-secret-123'])).toBe('{"error": "no model ***"}');
  });

  it('a 501 says the server does not implement the request, with the page summarised', () => {
    const e = httpError(501, summariseBody(PAGE, 'text/html', []), 'm', 'http://x/v1/chat/completions', null);
    expect(e).toMatchObject({ kind: 'http', status: 501, retryable: false });
    expect(e.message).toMatch(/^The server does not implement this request \(501\).*The server said: an HTML page, "501 Not Implemented"/);
    expect(e.message).not.toContain('<');
  });

  it('a 429 without a readable Retry-After says the header must be exposed to the page', () => {
    expect(httpError(429, '', 'm', 'u', null).message).toContain('Access-Control-Expose-Headers');
    expect(httpError(429, '', 'm', 'u', 7000).message).toContain('wait 7 s');
  });
});

describe('a request tried more than once', () => {
  it('its last error says how many attempts and how long in all, not only the one attempt’s timeout', async () => {
    let t = 0;
    const timeout = () => {
      t += 3000;
      return Promise.reject(new ChatError('timeout', 'No answer from the model within 3 s (timeout) for this attempt.', true));
    };
    const sleep = (ms: number) => ((t += ms), Promise.resolve());
    const e = await withRetries(
      timeout,
      DEFAULT_RETRY,
      sleep,
      undefined,
      () => {},
      () => t,
    ).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ChatError);
    // 4 attempts of 3 s, and 0.5 + 1 + 2 s of backoff between them.
    expect((e as ChatError).message).toBe(
      "No answer from the model within 3 s (timeout) for this attempt. Tried 4 times over 15.5 s (3 retries, with pauses between them); this is the last attempt's error.",
    );
    expect((e as ChatError).kind).toBe('timeout');
  });

  it('a first-attempt failure is reported as it was', () => {
    const e = new ChatError('unauthorized', 'no', false, 401);
    expect(afterRetries(e, 1, 100)).toBe(e);
  });
});
