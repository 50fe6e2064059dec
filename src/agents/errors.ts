/** Why a chat request failed, in a form the UI can branch on and a person can act on. */
export type ChatErrorKind =
  'network' | 'unauthorized' | 'not-found' | 'rate-limited' | 'server' | 'http' | 'timeout' | 'bad-body' | 'empty-choices' | 'too-large' | 'aborted';

export class ChatError extends Error {
  constructor(
    readonly kind: ChatErrorKind,
    message: string,
    readonly retryable: boolean,
    readonly status: number | null = null,
    /** How long the server asked us to wait (Retry-After), when it said. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ChatError';
  }
}

export function isAbort(e: unknown): boolean {
  return e instanceof ChatError && e.kind === 'aborted';
}

/** Retry-After is either delay-seconds or an HTTP-date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null) return null;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Server text goes into messages; make sure a key (or any value from secretsOf) it echoes back never does. */
export function scrub(text: string, secrets: string | readonly string[] | undefined, max = 300): string {
  let t = text.replace(/\s+/g, ' ').trim();
  for (const secret of typeof secrets === 'string' ? [secrets] : (secrets ?? [])) if (secret) t = t.split(secret).join('***');
  return t.length > max ? `${t.slice(0, max)}…` : t;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A fetch that rejects is all a page learns about a dead server, a bad address
 * and a CORS refusal alike, so the message covers each way out.
 */
export function networkMessage(url: string, cause: string, pageOrigin: string | null): string {
  const target = new URL(url);
  const head = `Could not reach ${target.origin} (${cause}).`;
  if (pageOrigin === null) return `${head} Is the server running, and is the base URL right?`;
  const lines = [
    head,
    'Either the server is not running or the address is wrong, or the browser blocked the answer because of CORS.',
    `CORS (cross-origin resource sharing) is the browser rule that a page may read a response from another origin only when that server says it allows the page's origin; allow ${pageOrigin} on the server:`,
    `Ollama: set OLLAMA_ORIGINS=${pageOrigin} and restart ollama serve.`,
    `vLLM: start it with --allowed-origins '["${pageOrigin}"]'.`,
    'LM Studio: turn on "Enable CORS" in the server settings.',
  ];
  if (pageOrigin.startsWith('https:') && target.protocol === 'http:' && !LOCAL_HOSTS.has(target.hostname))
    lines.push(
      `This page is served over https, so it may call http://localhost but not a plain-http address on the network like ${target.host}: serve the model over https, or forward it to localhost (e.g. an SSH tunnel).`,
    );
  else lines.push('An https page may call http://localhost, but not a plain-http address on the LAN.');
  lines.push(
    'Recent Chrome asks for permission to reach devices on your local network the first time a page calls one: make the first call from a click (Step or Run) and allow it.',
  );
  return lines.join(' ');
}

/**
 * An error body as a person can read it in one line: JSON and plain text as
 * sent (scrubbed, cut), an HTML page (a proxy's or a framework's 501) by its
 * title or first heading and its size, never the markup.
 */
export function summariseBody(text: string, contentType: string | null, secrets: readonly string[]): string {
  const html = /html/i.test(contentType ?? '') || /^\s*(<!doctype html|<html)/i.test(text);
  if (!html) return scrub(text, secrets);
  const pick = (re: RegExp) =>
    re
      .exec(text)?.[1]
      ?.replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() ?? '';
  const title = pick(/<title[^>]*>([\s\S]*?)<\/title>/i) || pick(/<h1[^>]*>([\s\S]*?)<\/h1>/i);
  const size = `${text.length.toLocaleString('en')} characters`;
  return scrub(title ? `an HTML page, "${title}" (${size})` : `an HTML page (${size}) with no title`, secrets, 200);
}

/** The error for a non-2xx answer. `body` is the response text, already scrubbed. */
export function httpError(status: number, body: string, model: string, url: string, retryAfterMs: number | null): ChatError {
  const said = body ? ` The server said: ${body}` : '';
  if (status === 501)
    return new ChatError(
      'http',
      `The server does not implement this request (501): it may not offer /chat/completions at this base URL, or not with tools.${said}`,
      false,
      status,
    );
  if (status === 401 || status === 403)
    return new ChatError(
      'unauthorized',
      `The server refused the request (${status}): the API key is missing, wrong, or not allowed to use "${model}".${said}`,
      false,
      status,
    );
  if (status === 404)
    return new ChatError(
      'not-found',
      `Not found (404) at ${url}: either the model "${model}" is unknown to this server, or the base URL is wrong (it usually ends in /v1).${said}`,
      false,
      status,
    );
  if (status === 429) {
    // A page reads Retry-After only when the server lists it in Access-Control-Expose-Headers; without that the browser hides it.
    const wait =
      retryAfterMs === null
        ? ' It said no Retry-After this page could read (a browser shows the header only when the server lists it in Access-Control-Expose-Headers), so retries wait their own short backoff.'
        : ` It asked to wait ${Math.ceil(retryAfterMs / 1000)} s.`;
    return new ChatError('rate-limited', `Rate limited (429): too many requests or tokens for now.${wait}${said}`, true, status, retryAfterMs);
  }
  if (status >= 500) return new ChatError('server', `The server failed (${status}); this is usually temporary.${said}`, true, status, retryAfterMs);
  return new ChatError('http', `The server rejected the request (${status}); check the model supports tool calls and the settings.${said}`, false, status);
}
