import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SqlTimeoutError, type RawDb } from './host';
import type { SqlRequest, WorkerAnswer } from './protocol';
import { createWorkerHost, type WorkerPort } from './workerHost';

/**
 * A worker that answers `open` at once and every other request only when the test
 * says so, with time driven by fake timers: what the channel's watchdog sees is exact.
 */
function fakeWorker() {
  const answers: ((a: WorkerAnswer) => void)[] = [];
  const posted: { id: number; req: SqlRequest }[] = [];
  let terminated = false;
  const port: WorkerPort = {
    post: (id, req) => {
      if (req.op === 'open') queueMicrotask(() => answers.forEach((cb) => cb({ id, ok: true, reply: {} })));
      else posted.push({ id, req });
    },
    onAnswer: (cb) => answers.push(cb),
    onFailure: () => {},
    terminate: () => (terminated = true),
  };
  const answerNext = () => {
    const p = posted.shift()!;
    answers.forEach((cb) => cb({ id: p.id, ok: true, reply: { results: [] } }));
  };
  return { port, answerNext, terminated: () => terminated };
}

/** Lets `ms` of fake time pass, then the worker answers the oldest request (started beside it, so a rejection is never unhandled). */
async function answerAfter(w: ReturnType<typeof fakeWorker>, ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  w.answerNext();
}

describe('worker channel watchdog', () => {
  let w: ReturnType<typeof fakeWorker>;
  let db: RawDb;
  beforeEach(async () => {
    vi.useFakeTimers();
    w = fakeWorker();
    const spare = fakeWorker();
    let spawned = 0;
    const host = createWorkerHost(
      'fake',
      () => (spawned++ === 0 ? w.port : spare.port),
      async () => {
        throw new Error('unused');
      },
    );
    db = await host.open(null, { seed: 1, watchdogMs: 1000 });
  });
  afterEach(() => vi.useRealTimers());

  it('gives a whole batch one watchdog: requests that each fit are cut off once their sum does not', async () => {
    const batch = db.batch(async () => {
      for (let i = 0; i < 3; i++) {
        await Promise.all([db.exec('SELECT 1'), answerAfter(w, 400)]);
      }
    });
    const e = await batch.then(
      () => null,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(SqlTimeoutError);
    expect((e as SqlTimeoutError).ms).toBe(1000);
    expect(w.terminated()).toBe(true);
  });

  it('fails a batch whose time ran out between two requests, even if no request was pending', async () => {
    const batch = db.batch(async () => {
      await Promise.all([db.exec('SELECT 1'), answerAfter(w, 100)]);
      await vi.advanceTimersByTimeAsync(1500);
      return 'finished';
    });
    await expect(batch).rejects.toBeInstanceOf(SqlTimeoutError);
    await expect(db.exec('SELECT 1')).rejects.toBeInstanceOf(SqlTimeoutError);
  });

  it('lets a batch that fits finish, and then clears its timer', async () => {
    const batch = db.batch(async () => {
      await Promise.all([db.exec('SELECT 1'), answerAfter(w, 900)]);
      return 'finished';
    });
    await expect(batch).resolves.toBe('finished');
    await vi.advanceTimersByTimeAsync(5000);
    expect(w.terminated()).toBe(false);
  });

  it('keeps one watchdog per request outside a batch (set-up and snapshots)', async () => {
    for (let i = 0; i < 3; i++) {
      await Promise.all([db.exec('SELECT 1'), answerAfter(w, 900)]);
    }
    expect(w.terminated()).toBe(false);
    const slow = db.exec('SELECT 1').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await slow).toBeInstanceOf(SqlTimeoutError);
  });
});
