import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { secretsOf } from '../../../agents/credentials';
import type { EndpointConfig } from '../../../agents/endpoint';
import { isJsonObject, tryParseJson } from '../../../core/json';
import { scrubber, type Scrubber } from '../../../traces/export/scrub';

/**
 * The API key and the extra headers (which may carry a credential too, e.g. an
 * api-key header). They live in this store's memory, so they survive moving
 * between views but not a reload — unless the person ticks "remember for this
 * tab", which copies them to sessionStorage (gone when the tab closes). They
 * are never written to localStorage, IndexedDB, a URL or a trace: every write
 * goes through pageScrubber(), which masks them wherever a server echoed them.
 */
export interface Secrets {
  apiKey: string;
  headers: string;
  remember: boolean;
}

interface SecretsState {
  form: Secrets;
  /** Credentials in the base URL now in the form (set by settings.ts; never persisted). */
  urlCredentials: readonly string[];
  /** Every key, header value and URL credential a request of this page was sent with. */
  used: ReadonlySet<string>;
}

const SESSION_KEY = 'vp.model.secrets';
const NONE: Secrets = { apiKey: '', headers: '', remember: false };

function fromSession(): Secrets {
  try {
    const raw = globalThis.sessionStorage?.getItem(SESSION_KEY);
    if (!raw) return NONE;
    const v: unknown = JSON.parse(raw);
    if (typeof v !== 'object' || v === null) return NONE;
    const apiKey = 'apiKey' in v && typeof v.apiKey === 'string' ? v.apiKey : '';
    const headers = 'headers' in v && typeof v.headers === 'string' ? v.headers : '';
    return { apiKey, headers, remember: true };
  } catch {
    return NONE;
  }
}

export const secretsStore = createStore<SecretsState>()(() => ({ form: fromSession(), urlCredentials: [], used: new Set() }));

export const getSecrets = (): Secrets => secretsStore.getState().form;

export function setSecrets(patch: Partial<Secrets>): void {
  const form = { ...getSecrets(), ...patch };
  try {
    if (form.remember) sessionStorage.setItem(SESSION_KEY, JSON.stringify({ apiKey: form.apiKey, headers: form.headers }));
    else sessionStorage.removeItem(SESSION_KEY);
  } catch {
    // Storage can be disabled; memory still holds the values for this page.
  }
  secretsStore.setState({ form });
}

export const useSecrets = (): Secrets => useStore(secretsStore, (s) => s.form);

export function setUrlSecrets(values: readonly string[]): void {
  secretsStore.setState({ urlCredentials: values.slice() });
}

/**
 * Called when a session or batch starts (and on Retry with new settings): a
 * key replaced since is still masked in what that run brings back. Only values
 * actually sent are kept, never each prefix typed on the way to a key.
 */
export function rememberSecrets(values: Iterable<string>): void {
  secretsStore.setState((s) => ({ used: new Set([...s.used, ...values]) }));
}

/** Every credential a request with this configuration carries. */
export const rememberConfig = (config: EndpointConfig): void => rememberSecrets(secretsOf(config));

const headerValues = (text: string): string[] => {
  const parsed = tryParseJson(text);
  return parsed.ok && isJsonObject(parsed.value) ? Object.values(parsed.value).filter((v): v is string => typeof v === 'string') : [];
};

/** The values this page must never write down: the key and headers in the form, the URL's credentials, and all ever sent. */
export function knownSecrets(): string[] {
  const { form, urlCredentials, used } = secretsStore.getState();
  return [form.apiKey.trim(), ...headerValues(form.headers), ...urlCredentials, ...used];
}

const scrubbers = new Map<string, Scrubber>();

/**
 * The scrubber for whatever the page writes (IndexedDB, downloads, URLs,
 * localStorage), over the secrets known at the moment of writing. Links are
 * built on every render: the pattern is built once per set of secrets.
 */
export function pageScrubber(): Scrubber {
  const secrets = knownSecrets();
  const key = secrets.join('\u0000');
  let s = scrubbers.get(key);
  if (!s) {
    scrubbers.clear();
    s = scrubber(secrets);
    scrubbers.set(key, s);
  }
  return s;
}
