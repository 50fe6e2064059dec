/**
 * Long loops on the main thread (a trace's replay, the state after every step) hand the
 * thread back between slices, so input and painting run between them: no task over the
 * Long Tasks API's 50 ms from the loop itself, however long the trace. Plain code below
 * `ui` cannot read a clock; it takes a `pause` hook, and this module is where the page's
 * clock decides when pausing is due.
 */

/**
 * Hands the thread back when the slice is used up (or `now`: before one step that alone
 * takes most of a slice); resolves at once otherwise.
 */
export type Pause = (now?: boolean) => Promise<void>;

/** Under the Long Tasks API's 50 ms with room for one step and what React does after. */
export const SLICE_MS = 30;

interface SchedulerWithYield {
  yield(): Promise<void>;
}

/**
 * Continue in a new task. `scheduler.yield()` resumes ahead of other queued work (the
 * loop is what the person waits for); a MessageChannel post is the next task where it is
 * missing. Never a nested setTimeout: browsers clamp those to 4 ms each.
 */
export function yieldToEventLoop(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<SchedulerWithYield> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => inNewTask(resolve));
}

/** Run `fn` in a task of its own, queued behind the tasks already waiting (a MessageChannel post: no clamping). */
export function inNewTask(fn: () => void): void {
  const { port1, port2 } = new MessageChannel();
  port1.onmessage = () => {
    // A port left open keeps a Node process (a test) alive.
    port1.close();
    fn();
  };
  port2.postMessage(null);
}

export interface SlicerOptions {
  sliceMs?: number;
  now?: () => number;
  yieldNow?: () => Promise<void>;
}

/**
 * A pause hook that yields once `sliceMs` have passed since the thread was last taken
 * back. The page shares one (`pauseIfDue`): two loops running at once share the slice
 * instead of each taking a whole one in the same task.
 */
export function timeSlicer({ sliceMs = SLICE_MS, now = () => performance.now(), yieldNow = yieldToEventLoop }: SlicerOptions = {}): Pause {
  let deadline = now() + sliceMs;
  return async (force = false) => {
    if (!force && now() < deadline) return;
    await yieldNow();
    deadline = now() + sliceMs;
  };
}

/** The page's slicer. */
export const pauseIfDue: Pause = timeSlicer();

/** A pause hook that also stops the loop (rejects with an AbortError) once `signal` is aborted: a view that was left. */
export function abortable(pause: Pause, signal: AbortSignal): Pause {
  return async (force) => {
    signal.throwIfAborted();
    await pause(force);
    signal.throwIfAborted();
  };
}
