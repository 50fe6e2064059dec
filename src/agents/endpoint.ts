import type { DriverMode } from './driverMode';

/** Where a model lives and how to ask it. The API key is held here in memory only. */
export interface EndpointConfig {
  baseUrl: string;
  model: string;
  apiKey?: string;
  temperature?: number;
  maxTokens?: number;
  /** Sent as-is on every request; a local server's CORS config must allow each name. */
  extraHeaders?: Record<string, string>;
  /** USD per million prompt tokens; with pricePerMTokOut, steps carry a cost. */
  pricePerMTokIn?: number;
  pricePerMTokOut?: number;
  /** Per request; default DEFAULT_TIMEOUT_MS. */
  timeoutMs?: number;
  /** The largest reply body accepted; also bounds the history sent (see history.ts). Default DEFAULT_MAX_RESPONSE_BYTES. */
  maxResponseBytes?: number;
  /** How the agent is driven (driverMode.ts); default 'history'. */
  driver?: DriverMode;
}

export const DEFAULT_TIMEOUT_MS = 120_000;

/**
 * A few MB: a long tool-calling reply is tens of kB, and the largest context
 * windows hold about 1 MB of text, so a bigger reply is a runaway model or a
 * hostile server, and reading it would freeze the page.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024;
export const MIN_RESPONSE_BYTES = 64 * 1024;
export const MAX_RESPONSE_BYTES = 256 * 1024 * 1024;

export interface EndpointPreset {
  id: string;
  label: string;
  baseUrl: string;
  /** Whether the server normally wants a key (hosted APIs) or runs open (local servers). */
  needsKey: boolean;
}

/** Presets fill the base URL only: the model name and key stay the person's choice. */
export const ENDPOINT_PRESETS: readonly EndpointPreset[] = [
  { id: 'openai', label: 'OpenAI', baseUrl: 'https://api.openai.com/v1', needsKey: true },
  { id: 'openrouter', label: 'OpenRouter', baseUrl: 'https://openrouter.ai/api/v1', needsKey: true },
  { id: 'vllm', label: 'vLLM (local)', baseUrl: 'http://localhost:8000/v1', needsKey: false },
  { id: 'ollama', label: 'Ollama (local)', baseUrl: 'http://localhost:11434/v1', needsKey: false },
  { id: 'lmstudio', label: 'LM Studio (local)', baseUrl: 'http://localhost:1234/v1', needsKey: false },
];

export function presetById(id: string): EndpointPreset | undefined {
  return ENDPOINT_PRESETS.find((p) => p.id === id);
}

/**
 * The chat-completions URL for a base URL. People paste either the API root or
 * the full endpoint, with or without trailing slashes; both give one URL.
 */
export function chatCompletionsUrl(baseUrl: string): string {
  const trimmed = baseUrl.trim();
  const q = trimmed.search(/[?#]/);
  const query = q >= 0 ? trimmed.slice(q) : '';
  const root = (q >= 0 ? trimmed.slice(0, q) : trimmed).replace(/\/+$/, '');
  return `${root.endsWith('/chat/completions') ? root : `${root}/chat/completions`}${query}`;
}

export const MODEL_REQUIRED = 'a model name is required';

/** A one-line problem with the settings, or null when a request can be attempted. */
export function checkEndpoint(config: EndpointConfig): string | null {
  let url: URL;
  try {
    url = new URL(chatCompletionsUrl(config.baseUrl));
  } catch {
    return `the base URL "${config.baseUrl}" is not a URL (expected something like http://localhost:11434/v1)`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `the base URL must start with http:// or https://, got "${url.protocol}"`;
  if (url.username || url.password) return 'the base URL must not contain a user name or password; use the API key field';
  if (config.model.trim() === '') return MODEL_REQUIRED;
  if (config.temperature !== undefined && !(config.temperature >= 0 && config.temperature <= 2)) return 'temperature must be between 0 and 2';
  if (config.maxTokens !== undefined && !(Number.isInteger(config.maxTokens) && config.maxTokens > 0)) return 'max tokens must be a positive integer';
  const cap = config.maxResponseBytes;
  if (cap !== undefined && !(Number.isInteger(cap) && cap >= MIN_RESPONSE_BYTES && cap <= MAX_RESPONSE_BYTES))
    return `the reply size limit must be a whole number of bytes from ${MIN_RESPONSE_BYTES} (64 KiB) to ${MAX_RESPONSE_BYTES} (256 MiB), got ${cap}`;
  for (const price of [config.pricePerMTokIn, config.pricePerMTokOut])
    if (price !== undefined && !(price >= 0)) return 'prices must be zero or more (USD per million tokens)';
  return null;
}

/** Cost of one response in USD, or undefined when no price is set. */
export function costUsd(config: EndpointConfig, promptTokens: number, completionTokens: number): number | undefined {
  if (config.pricePerMTokIn === undefined && config.pricePerMTokOut === undefined) return undefined;
  return (promptTokens * (config.pricePerMTokIn ?? 0) + completionTokens * (config.pricePerMTokOut ?? 0)) / 1_000_000;
}
