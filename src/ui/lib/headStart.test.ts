import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeHeadHomeWorker, takeHeadImportWorker, takeHeadSqlWasm } from './headStart';

class FakeWorker {}
const g = globalThis as Record<string, unknown>;

afterEach(() => {
  vi.unstubAllGlobals();
  for (const key of ['__vpImportWorker', '__vpHomeWorker', '__vpSqlWasm']) delete g[key];
});

describe('what the head script started', () => {
  it('the home worker is taken once, with what it said so far; the head stops keeping messages once it is taken', () => {
    vi.stubGlobal('Worker', FakeWorker);
    const worker = new FakeWorker();
    const started = { worker, messages: [{ type: 'loaded' }], failed: null as string | null };
    g.__vpHomeWorker = started;
    const taken = takeHeadHomeWorker<{ type: string }>();
    expect(taken?.worker).toBe(worker);
    expect(taken?.messages).toEqual([{ type: 'loaded' }]);
    // The head's listener pushes only while its list is a list (public/shell-route.js).
    expect(started.messages).toBe(null);
    expect(takeHeadHomeWorker()).toBe(null);
  });

  it('an error the worker reported before anyone listened is kept', () => {
    vi.stubGlobal('Worker', FakeWorker);
    g.__vpImportWorker = { worker: new FakeWorker(), failed: 'the import worker failed to start' };
    expect(takeHeadImportWorker()?.failed).toBe('the import worker failed to start');
    expect(takeHeadImportWorker()).toBe(null);
  });

  it('anything that is not what the head script leaves is refused: no worker, a worker-like object, no Worker at all', () => {
    g.__vpHomeWorker = { worker: {}, messages: [] };
    vi.stubGlobal('Worker', FakeWorker);
    expect(takeHeadHomeWorker()).toBe(null);
    g.__vpImportWorker = 'a worker';
    expect(takeHeadImportWorker()).toBe(null);
    vi.unstubAllGlobals();
    g.__vpHomeWorker = { worker: new FakeWorker(), messages: [] };
    expect(takeHeadHomeWorker()).toBe(null);
  });

  it('the wasm compile is taken once, and only if it is a promise', async () => {
    const module = {} as WebAssembly.Module;
    g.__vpSqlWasm = Promise.resolve(module);
    await expect(takeHeadSqlWasm()).resolves.toBe(module);
    expect(takeHeadSqlWasm()).toBe(null);
    g.__vpSqlWasm = module;
    expect(takeHeadSqlWasm()).toBe(null);
  });
});
