import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { isJsonObject, tryParseJson } from '../../../core/json';
import { err, ok, type Result } from '../../../core/result';
import { stripCredentials, urlSecrets } from '../../../agents/credentials';
import { DRIVER_MODES, isDriverMode } from '../../../agents/driverMode';
import { checkEndpoint, DEFAULT_MAX_RESPONSE_BYTES, MAX_RESPONSE_BYTES, MIN_RESPONSE_BYTES, type EndpointConfig } from '../../../agents/endpoint';
import { pageScrubber, setUrlSecrets } from './secrets';

/**
 * The endpoint form as typed: strings, so an empty field means "not set"
 * rather than 0. The key and the extra headers are held by secrets.ts;
 * a credential inside the base URL (?key=…, user:pass@) is kept for this visit
 * but never written to localStorage.
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
  /** The reply size limit in MiB; it also bounds the history re-sent (agents/history.ts). */
  maxReplyMiB: string;
  /** 'history' or 'scratchpad' (agents/driverMode.ts). */
  driver: string;
}

const MiB = 1024 * 1024;

export const DEFAULT_SETTINGS: ModelSettings = {
  baseUrl: 'http://localhost:11434/v1',
  model: '',
  temperature: '0',
  maxTokens: '',
  maxTurns: '',
  priceIn: '',
  priceOut: '',
  timeoutS: '120',
  maxReplyMiB: String(DEFAULT_MAX_RESPONSE_BYTES / MiB),
  driver: 'history',
};

const STORAGE_KEY = 'vp.model.settings';
const KEYS = [
  'baseUrl',
  'model',
  'temperature',
  'maxTokens',
  'maxTurns',
  'priceIn',
  'priceOut',
  'timeoutS',
  'maxReplyMiB',
  'driver',
] as const satisfies readonly (keyof ModelSettings)[];

function initial(): ModelSettings {
  const stored = readStored();
  setUrlSecrets(urlSecrets(stored.baseUrl));
  // An older build wrote base URLs whole: take the credential out of storage now.
  if (stripCredentials(stored.baseUrl) !== stored.baseUrl) persist(stored);
  return stored;
}

/** The form as typed this visit, URL credentials included: views come and go, the settings stay. */
const settingsStore = createStore<{ settings: ModelSettings }>()(() => ({ settings: initial() }));

export const loadSettings = (): ModelSettings => settingsStore.getState().settings;

export const useSettings = (): ModelSettings => useStore(settingsStore, (s) => s.settings);

function readStored(): ModelSettings {
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
  setUrlSecrets(urlSecrets(s.baseUrl));
  settingsStore.setState({ settings: s });
  persist(s);
}

/** Remembered in this browser without the base URL's credentials, and with any known secret masked. */
function persist(s: ModelSettings): void {
  const persisted = pageScrubber().value({ ...s, baseUrl: stripCredentials(s.baseUrl) });
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(persisted));
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
    optionalNumber(s.maxReplyMiB, 'max reply size'),
  ] as const;
  for (const f of fields) if (!f.ok) return err(f.error);
  const [temperature, maxTokens, maxTurns, priceIn, priceOut, timeoutS, maxReplyMiB] = fields.map((f) => (f.ok ? f.value : undefined));
  const headers = parseHeaders(headersText);
  if (!headers.ok) return err(headers.error);
  if (maxTurns !== undefined && !(Number.isInteger(maxTurns) && maxTurns > 0)) return err('max turns must be a positive integer');
  if (timeoutS !== undefined && !(timeoutS > 0)) return err('the timeout must be more than 0 seconds');
  if (maxReplyMiB !== undefined && !(maxReplyMiB * MiB >= MIN_RESPONSE_BYTES && maxReplyMiB * MiB <= MAX_RESPONSE_BYTES))
    return err(`max reply size must be from ${MIN_RESPONSE_BYTES / MiB} to ${MAX_RESPONSE_BYTES / MiB} MiB`);
  if (!isDriverMode(s.driver)) return err(`the driver must be one of ${DRIVER_MODES.join(', ')}`);
  const config: EndpointConfig = { baseUrl: s.baseUrl.trim(), model: s.model.trim() };
  // History is the default: a config without a mode is what every run before the modes sent.
  if (s.driver !== 'history') config.driver = s.driver;
  if (apiKey.trim() !== '') config.apiKey = apiKey.trim();
  if (temperature !== undefined) config.temperature = temperature;
  if (maxTokens !== undefined) config.maxTokens = maxTokens;
  if (headers.value) config.extraHeaders = headers.value;
  if (priceIn !== undefined) config.pricePerMTokIn = priceIn;
  if (priceOut !== undefined) config.pricePerMTokOut = priceOut;
  if (timeoutS !== undefined) config.timeoutMs = Math.round(timeoutS * 1000);
  if (maxReplyMiB !== undefined) config.maxResponseBytes = Math.round(maxReplyMiB * MiB);
  const problem = checkEndpoint(config);
  return problem ? err(problem) : ok({ config, maxTurns });
}
