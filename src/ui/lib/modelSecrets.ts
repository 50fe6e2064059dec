import { useSyncExternalStore } from 'react';

/**
 * The API key and the extra headers (which may carry a credential too, e.g. an
 * api-key header). They live in this module's memory, so they survive moving
 * between views but not a reload — unless the person ticks "remember for this
 * tab", which copies them to sessionStorage (gone when the tab closes). They
 * are never written to localStorage, IndexedDB, a URL or a trace.
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
