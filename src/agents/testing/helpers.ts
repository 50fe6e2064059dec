import type { EndpointConfig } from '../endpoint';
import type { Sleep } from '../retry';
import type { MockServer } from './mockServer';

export const mockConfig = (server: MockServer, extra: Partial<EndpointConfig> = {}): EndpointConfig => ({
  baseUrl: server.baseUrl,
  model: 'mock-model',
  timeoutMs: 5000,
  ...extra,
});

/** A clock that moves `step` ms each time it is read: every request then "takes" exactly `step` ms. */
export function steppingClock(step: number, start = 1_000_000): () => number {
  let t = start;
  return () => (t += step);
}

/** A sleep that returns at once and remembers what it was asked to wait. */
export function recordingSleep(): { sleep: Sleep; waits: number[] } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}
