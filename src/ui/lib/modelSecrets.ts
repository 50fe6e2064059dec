import { useSyncExternalStore } from 'react';
import { isJsonObject, tryParseJson } from '../../core/json';
import { scrubber, type Scrubber } from '../../traces/export/scrub';

/**
 * The API key and the extra headers (which may carry a credential too, e.g. an
 * api-key header). They live in this module's memory, so they survive moving
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

const SESSION_KEY = 'vp.model.secrets';

function fromSession(): Secrets {
  try {
    const raw = sessionStorage.getItem(SESSION_KEY);
    if (!raw) return { apiKey: '', headers: '', remember: false };
    const v: unknown = JSON.parse(raw);
    if (typeof v !== 'object' || v === null) return { apiKey: '', headers: '', remember: false };
    const apiKey = 'apiKey' in v && typeof v.apiKey === 'string' ? v.apiKey : '';
    const headers = 'headers' in v && typeof v.headers === 'string' ? v.headers : '';
    return { apiKey, headers, remember: true };
  } catch {
    return { apiKey: '', headers: '', remember: false };
  }
}

let current: Secrets | null = null;
const listeners = new Set<() => void>();

export function getSecrets(): Secrets {
  current ??= fromSession();
  return current;
}

export function setSecrets(patch: Partial<Secrets>): void {
  current = { ...getSecrets(), ...patch };
  try {
    if (current.remember) sessionStorage.setItem(SESSION_KEY, JSON.stringify({ apiKey: current.apiKey, headers: current.headers }));
    else sessionStorage.removeItem(SESSION_KEY);
  } catch {
    // Storage can be disabled; memory still holds the values for this page.
  }
  for (const fn of listeners) fn();
}

const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};

export function useSecrets(): Secrets {
  return useSyncExternalStore(subscribe, getSecrets);
}

/** Credentials in the base URL now in the form (set by modelSettings; never persisted). */
let urlCredentials: string[] = [];
/** Every key, header value and URL credential a request of this page was sent with. */
const used = new Set<string>();

export function setUrlSecrets(values: readonly string[]): void {
  urlCredentials = values.slice();
}

/**
 * Called when a session or batch starts (and on Retry with new settings): a
 * key replaced since is still masked in what that run brings back. Only values
 * actually sent are kept, never each prefix typed on the way to a key.
 */
export function rememberSecrets(values: Iterable<string>): void {
  for (const v of values) used.add(v);
}

const headerValues = (text: string): string[] => {
  const parsed = tryParseJson(text);
  return parsed.ok && isJsonObject(parsed.value) ? Object.values(parsed.value).filter((v): v is string => typeof v === 'string') : [];
};

/** The values this page must never write down: the key and headers in the form, the URL's credentials, and all ever sent. */
export function knownSecrets(): string[] {
  const s = getSecrets();
  return [s.apiKey.trim(), ...headerValues(s.headers), ...urlCredentials, ...used];
}

let cached: { key: string; scrubber: Scrubber } | null = null;

/** The scrubber for whatever the page writes (IndexedDB, downloads, URLs, localStorage), over the secrets known now. */
export function pageScrubber(): Scrubber {
  const secrets = knownSecrets();
  // Links are built on every render: rebuild the pattern only when the secrets change.
  const key = secrets.join('\u0000');
  if (cached?.key !== key) cached = { key, scrubber: scrubber(secrets) };
  return cached.scrubber;
}
