import { ChatError } from './errors';

/** Wait `ms`, or reject with an 'aborted' ChatError when the signal fires. Injected in tests. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    const cancelled = () => new ChatError('aborted', 'The request was cancelled.', false);
    if (signal?.aborted) return reject(cancelled());
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelled());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export interface RetryPolicy {
  /** Retries after the first attempt; 0 turns retrying off. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited out: the error goes to the person instead. */
  maxRetryAfterMs: number;
}

// Small and capped: a person is usually watching, and a server that fails four
// times in a row within ~4 s will not be fixed by waiting longer.
export const DEFAULT_RETRY: RetryPolicy = { retries: 3, baseDelayMs: 500, maxDelayMs: 4000, maxRetryAfterMs: 60_000 };

export function retryDelay(e: ChatError, attempt: number, policy: RetryPolicy): number | null {
  if (!e.retryable || attempt >= policy.retries) return null;
  if (e.retryAfterMs !== null) return e.retryAfterMs <= policy.maxRetryAfterMs ? e.retryAfterMs : null;
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
}

/**
 * The last error of a request that was tried more than once, saying so: "within
 * 3 s" alone, shown after 16 s of retries, reads as a lie. Same kind and status.
 */
export function afterRetries(e: ChatError, attempts: number, elapsedMs: number | null): ChatError {
  if (attempts <= 1 || e.kind === 'aborted') return e;
  const over = elapsedMs === null ? '' : ` over ${(elapsedMs / 1000).toFixed(1)} s`;
  const message = `${e.message} Tried ${attempts} times${over} (${attempts - 1} ${attempts === 2 ? 'retry' : 'retries'}, with pauses between them); this is the last attempt's error.`;
  return new ChatError(e.kind, message, e.retryable, e.status, e.retryAfterMs);
}

/** Run `attempt` until it succeeds, fails for good, or the retries run out; `now` lets the final error say how long it all took. */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  policy: RetryPolicy,
  sleep: Sleep,
  signal: AbortSignal | undefined,
  onRetry: (e: ChatError, delayMs: number, attempt: number) => void = () => {},
  now?: () => number,
): Promise<T> {
  const started = now?.() ?? null;
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (e) {
      if (!(e instanceof ChatError)) throw e;
      const delay = retryDelay(e, n, policy);
      if (delay === null) throw afterRetries(e, n + 1, started === null || !now ? null : now() - started);
      onRetry(e, delay, n + 1);
      await sleep(delay, signal);
    }
  }
}
