import { describe, expect, it } from 'vitest';
import { INPUTS, whenAppWanted, type InputTarget } from './appGate';

/** A window double: listeners by type, and a clock the test moves. */
function page() {
  const listeners = new Map<string, Set<() => void>>();
  const input: InputTarget = {
    addEventListener: (type, cb) => void (listeners.get(type) ?? listeners.set(type, new Set()).get(type)!).add(cb),
    removeEventListener: (type, cb) => void listeners.get(type)?.delete(cb),
  };
  const timers = new Map<number, { at: number; cb: () => void }>();
  let now = 0;
  let ids = 0;
  return {
    input,
    listening: () => [...listeners].filter(([, s]) => s.size > 0).map(([t]) => t),
    fire: (type: string) => [...(listeners.get(type) ?? [])].forEach((cb) => cb()),
    setTimeout: (cb: () => void, ms: number) => (timers.set(++ids, { at: now + ms, cb }), ids),
    clearTimeout: (id: never) => void timers.delete(id as number),
    pending: () => timers.size,
    advance(ms: number) {
      now += ms;
      for (const [id, t] of [...timers])
        if (t.at <= now) {
          timers.delete(id);
          t.cb();
        }
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));
const deferred = () => {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((a, b) => ((resolve = a), (reject = b)));
  promise.catch(() => undefined);
  return { promise, resolve, reject };
};

describe('whenAppWanted', () => {
  it('waits for every check to settle, a failed one included, then stops listening and clears its timer', async () => {
    const p = page();
    const [a, b] = [deferred(), deferred()];
    let why: string | null = null;
    void whenAppWanted({ checks: [a.promise, b.promise], input: p.input, waitMs: 3000, setTimeout: p.setTimeout, clearTimeout: p.clearTimeout }).then(
      (w) => (why = w),
    );
    expect(p.listening().sort()).toEqual([...INPUTS].sort());
    a.resolve();
    await settle();
    expect(why).toBe(null);
    b.reject(new Error('tripwire failed'));
    await settle();
    expect(why).toBe('checked');
    expect(p.listening()).toEqual([]);
    expect(p.pending()).toBe(0);
  });

  it.each(INPUTS)('the reader’s first %s asks for the app at once', async (type) => {
    const p = page();
    let why: string | null = null;
    void whenAppWanted({ checks: [new Promise(() => {})], input: p.input, waitMs: 3000, setTimeout: p.setTimeout, clearTimeout: p.clearTimeout }).then(
      (w) => (why = w),
    );
    p.advance(100);
    p.fire(type);
    await settle();
    expect(why).toBe('input');
    expect(p.listening()).toEqual([]);
    expect(p.pending()).toBe(0);
  });

  it('asks for the app after waitMs when the checks do not finish and the reader does nothing, and only once', async () => {
    const p = page();
    const answers: string[] = [];
    const check = deferred();
    void whenAppWanted({ checks: [check.promise], input: p.input, waitMs: 3000, setTimeout: p.setTimeout, clearTimeout: p.clearTimeout }).then((w) =>
      answers.push(w),
    );
    p.advance(2999);
    await settle();
    expect(answers).toEqual([]);
    p.advance(1);
    await settle();
    expect(answers).toEqual(['waited']);
    expect(p.listening()).toEqual([]);
    check.resolve();
    p.fire('keydown');
    await settle();
    expect(answers).toEqual(['waited']);
  });

  it('with no checks, asks at once', async () => {
    const p = page();
    await expect(whenAppWanted({ checks: [], input: p.input, waitMs: 3000, setTimeout: p.setTimeout, clearTimeout: p.clearTimeout })).resolves.toBe('checked');
  });
});
