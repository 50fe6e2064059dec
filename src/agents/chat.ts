import type { ToolSpec } from '../core/types';
import { readBounded } from './boundedBody';
import { MIN_SECRET_LENGTH } from '../traces/export/scrub';
import { secretsOf, stripCredentials } from './credentials';
import { chatCompletionsUrl, DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS, type EndpointConfig } from './endpoint';
import { ChatError, httpError, networkMessage, parseRetryAfter, scrub, summariseBody } from './errors';
import type { ChatRequestBody, ChatResponse, ChatUsage, WireMessage, WireToolCall } from './wire';

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface ChatEnv {
  /** Milliseconds; injected so latency and Retry-After dates are testable. */
  now: () => number;
  fetch: FetchLike;
  /** The page's origin in a browser (for CORS advice); null in Node. */
  pageOrigin: string | null;
}

// Called through a wrapper: an unbound `window.fetch` throws "Illegal invocation".
export const defaultChatEnv = (): ChatEnv => ({
  now: () => Date.now(),
  fetch: (url, init) => fetch(url, init),
  pageOrigin: typeof location === 'undefined' ? null : location.origin,
});

export function requestBody(config: EndpointConfig, messages: readonly WireMessage[], tools: readonly ToolSpec[]): ChatRequestBody {
  const body: ChatRequestBody = { model: config.model, messages: messages.slice(), tools: tools.slice() };
  if (config.temperature !== undefined) body.temperature = config.temperature;
  if (config.maxTokens !== undefined) body.max_tokens = config.maxTokens;
  return body;
}

/**
 * Only these headers: anything else would make a local server's CORS preflight
 * fail unless it were allowed there too.
 */
function headers(config: EndpointConfig): Record<string, string> {
  const h: Record<string, string> = { 'Content-Type': 'application/json', ...config.extraHeaders };
  if (config.apiKey) h.Authorization = `Bearer ${config.apiKey}`;
  return h;
}

/** Send one /chat/completions request. Throws ChatError, never anything else. */
export async function chatCompletion(
  config: EndpointConfig,
  messages: readonly WireMessage[],
  tools: readonly ToolSpec[],
  signal: AbortSignal | undefined,
  env: ChatEnv = defaultChatEnv(),
): Promise<ChatResponse> {
  const url = chatCompletionsUrl(config.baseUrl);
  // What messages may show: the URL without its credentials, server text without any secret the request carried.
  const shown = stripCredentials(url);
  // The key at any length, as before; other values only when long enough not to mask ordinary words (as the export scrubber does).
  const secrets = [config.apiKey ?? '', ...secretsOf(config).filter((v) => v.length >= MIN_SECRET_LENGTH)];
  if (signal?.aborted) throw new ChatError('aborted', 'The request was cancelled.', false);
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);
  const started = env.now();
  try {
    let res: Response;
    let text: string;
    try {
      res = await env.fetch(url, {
        method: 'POST',
        headers: headers(config),
        body: JSON.stringify(requestBody(config, messages, tools)),
        signal: controller.signal,
      });
      text = await readBounded(res, config.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES, () => controller.abort());
    } catch (e) {
      if (e instanceof ChatError) throw e;
      if (signal?.aborted) throw new ChatError('aborted', 'The request was cancelled.', false);
      if (timedOut)
        throw new ChatError(
          'timeout',
          `No answer from the model within ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`} (timeout) for this attempt. A large local model may need a longer timeout.`,
          true,
        );
      throw new ChatError('network', networkMessage(shown, scrub(e instanceof Error ? e.message : String(e), secrets, 120), env.pageOrigin), true);
    }
    const latencyMs = Math.max(0, env.now() - started);
    if (!res.ok)
      throw httpError(
        res.status,
        summariseBody(text, res.headers.get('content-type'), secrets),
        config.model,
        shown,
        parseRetryAfter(res.headers.get('retry-after'), env.now()),
      );
    return { ...parseBody(text, secrets), latencyMs };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

const badBody = (why: string, text: string, key: readonly string[]) =>
  new ChatError('bad-body', `The server's answer is not a chat completion: ${why}. It began: ${scrub(text, key, 160) || '(empty)'}`, false);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function parseBody(text: string, key: readonly string[]): Omit<ChatResponse, 'latencyMs'> {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw badBody('it is not JSON', text, key);
  }
  if (!isObject(doc) || !Array.isArray(doc.choices)) throw badBody('no "choices" list', text, key);
  const choice: unknown = doc.choices[0];
  if (choice === undefined)
    throw new ChatError(
      'empty-choices',
      'The server answered with no choices (an empty "choices" list): the model produced nothing. Try again, or check the server log.',
      true,
    );
  if (!isObject(choice) || !isObject(choice.message)) throw badBody('choices[0] has no "message"', text, key);
  const msg = choice.message;
  if (msg.content !== undefined && msg.content !== null && typeof msg.content !== 'string') throw badBody('message.content is not text', text, key);
  const toolCalls = msg.tool_calls === undefined || msg.tool_calls === null ? [] : msg.tool_calls;
  if (!Array.isArray(toolCalls)) throw badBody('message.tool_calls is not a list', text, key);
  const calls = toolCalls.map((c, i) => wireCall(c, i, text, key));
  const message: ChatResponse['message'] = { role: 'assistant', content: typeof msg.content === 'string' ? msg.content : null };
  if (calls.length > 0) message.tool_calls = calls;
  return { message, finishReason: typeof choice.finish_reason === 'string' ? choice.finish_reason : null, usage: usageOf(doc.usage) };
}

/**
 * Some local servers omit ids or send arguments as an object: normalise so the
 * message can be sent back as it is.
 */
function wireCall(c: unknown, i: number, text: string, key: readonly string[]): WireToolCall {
  if (!isObject(c) || !isObject(c.function) || typeof c.function.name !== 'string') throw badBody(`tool_calls[${i}] has no function name`, text, key);
  const args = c.function.arguments;
  const argText = typeof args === 'string' ? args : args === undefined || args === null ? '' : JSON.stringify(args);
  // An empty id is filled in by the agent, which knows every id of the conversation.
  const id = typeof c.id === 'string' ? c.id : '';
  return { id, type: 'function', function: { name: c.function.name, arguments: argText } };
}

function usageOf(u: unknown): ChatUsage | null {
  if (!isObject(u)) return null;
  const p = u.prompt_tokens;
  const c = u.completion_tokens;
  return typeof p === 'number' && typeof c === 'number' ? { promptTokens: p, completionTokens: c } : null;
}
