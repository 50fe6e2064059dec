export interface Inbox<T> {
  /** The next item, or null once the source has ended (or failed: see `failure`). */
  next(): Promise<T | null>;
  /** Why the source ended early, if it threw. */
  readonly failure: string | null;
  /** Stop reading; items already queued are dropped. Never waits on the source. */
  stop(): void;
}

/**
 * Reads `source` from now on, whether or not anyone asks yet. readline drops
 * the lines it emits before its async iterator exists, so a player that opens
 * the world first (tripwire's worker takes ~100 ms) and reads second loses an
 * agent's first lines, and with them the end of input.
 */
export function eagerInbox<T>(source: AsyncIterable<T>): Inbox<T> {
  const queue: T[] = [];
  let ended = false;
  let stopped = false;
  let failure: string | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  // The iterator is created synchronously here, before the caller's first await.
  const iterator = source[Symbol.asyncIterator]();
  void (async () => {
    try {
      for (;;) {
        const r = await iterator.next();
        if (r.done || stopped) break;
        queue.push(r.value);
        notify();
      }
    } catch (e) {
      failure = e instanceof Error ? e.message : String(e);
    } finally {
      ended = true;
      notify();
    }
  })();

  return {
    get failure() {
      return failure;
    },
    async next() {
      for (;;) {
        if (stopped) return null;
        if (queue.length > 0) return queue.shift()!;
        if (ended) return null;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    stop() {
      stopped = true;
      queue.length = 0;
      notify();
      // Not awaited: a source that never ends (an agent keeping stdin open) must not hold the caller.
      void Promise.resolve(iterator.return?.()).catch(() => {});
    },
  };
}
