import { isJsonObject, tryParseJson } from '../../core/json';
import { err, ok, type Result } from '../../core/result';
import { checkEndpoint, type EndpointConfig } from '../../agents/endpoint';

/**
 * The endpoint form as typed: strings, so an empty field means "not set"
 * rather than 0. Nothing secret lives here; the key and the extra headers are
 * held by modelSecrets.ts.
 */
export interface ModelSettings {
  baseUrl: string;
  model: string;
  temperature: string;
  maxTokens: string;
  /** Overrides the task's turn budget when set. */
  maxTurns: string;
  priceIn: string;
  priceOut: string;
  timeoutS: string;
}

export const DEFAULT_SETTINGS: ModelSettings = {
  baseUrl: 'http://localhost:11434/v1',
  model: '',
  temperature: '0',
  maxTokens: '',
  maxTurns: '',
  priceIn: '',
  priceOut: '',
  timeoutS: '120',
};

const STORAGE_KEY = 'vp.model.settings';
const KEYS = ['baseUrl', 'model', 'temperature', 'maxTokens', 'maxTurns', 'priceIn', 'priceOut', 'timeoutS'] as const satisfies readonly (keyof ModelSettings)[];

export function loadSettings(): ModelSettings {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const parsed = raw ? tryParseJson(raw) : null;
    if (!parsed?.ok || !isJsonObject(parsed.value)) return DEFAULT_SETTINGS;
    const out = { ...DEFAULT_SETTINGS };
    for (const k of KEYS) {
      const v = parsed.value[k];
      if (typeof v === 'string') out[k] = v;
    }
    return out;
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export function saveSettings(s: ModelSettings): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(s));
  } catch {
    // Private windows and full quotas refuse writes; the form still works for this visit.
  }
}

function optionalNumber(text: string, what: string): Result<number | undefined> {
  const t = text.trim();
  if (t === '') return ok(undefined);
  const n = Number(t);
  return Number.isFinite(n) ? ok(n) : err(`${what} must be a number, got "${t}"`);
}

/** The extra-headers field: a JSON object of string values, or empty. */
export function parseHeaders(text: string): Result<Record<string, string> | undefined> {
  if (text.trim() === '') return ok(undefined);
  const parsed = tryParseJson(text);
  if (!parsed.ok) return err(`extra headers are not valid JSON (${parsed.error})`);
  if (!isJsonObject(parsed.value)) return err('extra headers must be a JSON object, e.g. {"X-Title": "playground"}');
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(parsed.value)) {
    if (typeof v !== 'string') return err(`extra header "${k}" must be a string`);
    out[k] = v;
  }
  return ok(out);
}

export interface ResolvedSettings {
  config: EndpointConfig;
  maxTurns: number | undefined;
}

/** Form + secrets → a config the driver accepts, or the first problem in words. */
export function resolveSettings(s: ModelSettings, apiKey: string, headersText: string): Result<ResolvedSettings> {
  const fields = [
    optionalNumber(s.temperature, 'temperature'),
    optionalNumber(s.maxTokens, 'max tokens'),
    optionalNumber(s.maxTurns, 'max turns'),
    optionalNumber(s.priceIn, 'input price'),
    optionalNumber(s.priceOut, 'output price'),
    optionalNumber(s.timeoutS, 'timeout'),
  ] as const;
  for (const f of fields) if (!f.ok) return err(f.error);
  const [temperature, maxTokens, maxTurns, priceIn, priceOut, timeoutS] = fields.map((f) => (f.ok ? f.value : undefined));
  const headers = parseHeaders(headersText);
  if (!headers.ok) return err(headers.error);
  if (maxTurns !== undefined && !(Number.isInteger(maxTurns) && maxTurns > 0)) return err('max turns must be a positive integer');
  if (timeoutS !== undefined && !(timeoutS > 0)) return err('the timeout must be more than 0 seconds');
  const config: EndpointConfig = { baseUrl: s.baseUrl.trim(), model: s.model.trim() };
  if (apiKey.trim() !== '') config.apiKey = apiKey.trim();
  if (temperature !== undefined) config.temperature = temperature;
  if (maxTokens !== undefined) config.maxTokens = maxTokens;
  if (headers.value) config.extraHeaders = headers.value;
  if (priceIn !== undefined) config.pricePerMTokIn = priceIn;
  if (priceOut !== undefined) config.pricePerMTokOut = priceOut;
  if (timeoutS !== undefined) config.timeoutMs = Math.round(timeoutS * 1000);
  const problem = checkEndpoint(config);
  return problem ? err(problem) : ok({ config, maxTurns });
}
