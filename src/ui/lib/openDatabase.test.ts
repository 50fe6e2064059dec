import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, OPEN_TIMEOUT_MS, type OpenHooks } from './openDatabase';
import { StorageUnavailableError } from './storageErrors';

/** An open request whose events the test fires by hand, as a browser would (or never does). */
class FakeRequest {
  result = { close: vi.fn(), onversionchange: null as null | (() => void) };
  error: DOMException | null = null;
  onsuccess: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onblocked: (() => void) | null = null;
  onupgradeneeded: (() => void) | null = null;
}

function fakeFactory(open: () => FakeRequest) {
  return { open: vi.fn(open) } as unknown as IDBFactory;
}

const hooks = () => ({
  upgrade: vi.fn<OpenHooks['upgrade']>(),
  versionChange: vi.fn<OpenHooks['versionChange']>(),
  retryable: vi.fn<OpenHooks['retryable']>(),
  late: vi.fn<OpenHooks['late']>(),
});

async function rejection(p: Promise<unknown>): Promise<Error> {
  return p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: Error) => e,
  );
}

describe('openDatabase', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('rejects at once, as unavailable and not to be retried, when there is no indexedDB', async () => {
    const h = hooks();
    const e = await rejection(openDatabase(() => undefined, 'db', 1, h));
    expect(e).toBeInstanceOf(StorageUnavailableError);
    expect(e.message).toBe('IndexedDB is not available in this browser');
    expect(h.retryable).not.toHaveBeenCalled();
  });

  it('says why when the factory refuses to open', async () => {
    const refusing = {
      open: () => {
        throw new DOMException('access denied', 'SecurityError');
      },
    } as unknown as IDBFactory;
    const e = await rejection(openDatabase(() => refusing, 'db', 1, hooks()));
    expect(e).toBeInstanceOf(StorageUnavailableError);
    expect(e.message).toBe('IndexedDB refused to open (SecurityError: access denied)');
  });

  it('gives up after the timeout when open never answers, and hands over a connection that opens later', async () => {
    const req = new FakeRequest();
    const h = hooks();
    let outcome: string | null = null;
    const p = openDatabase(() => fakeFactory(() => req), 'db', 1, h).then(
      () => (outcome = 'opened'),
      (e: Error) => (outcome = e.message),
    );
    await vi.advanceTimersByTimeAsync(OPEN_TIMEOUT_MS - 1);
    expect(outcome).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await p;
    expect(outcome).toBe('IndexedDB did not open within 3 s');
    expect(h.retryable).not.toHaveBeenCalled();
    expect(h.late).not.toHaveBeenCalled();
    req.onsuccess!();
    expect(h.late).toHaveBeenCalledWith(req.result);
    expect(req.result.close).not.toHaveBeenCalled();
    req.result.onversionchange!();
    expect(req.result.close).toHaveBeenCalledOnce();
  });

  it('opens, upgrades, and closes for a newer version opening elsewhere', async () => {
    const req = new FakeRequest();
    const h = hooks();
    const p = openDatabase(() => fakeFactory(() => req), 'db', 2, h);
    req.onupgradeneeded!();
    req.onsuccess!();
    expect(await p).toBe(req.result);
    expect(h.upgrade).toHaveBeenCalledWith(req.result);
    await vi.advanceTimersByTimeAsync(OPEN_TIMEOUT_MS * 2);
    expect(req.result.close).not.toHaveBeenCalled();
    req.result.onversionchange!();
    expect(req.result.close).toHaveBeenCalledOnce();
    expect(h.versionChange).toHaveBeenCalledOnce();
  });

  it('a blocked or failed open is reported and may be tried again', async () => {
    for (const fire of ['onblocked', 'onerror'] as const) {
      const req = new FakeRequest();
      req.error = new DOMException('version too low', 'VersionError');
      const h = hooks();
      const p = rejection(openDatabase(() => fakeFactory(() => req), 'db', 1, h));
      req[fire]!();
      const e = await p;
      expect(e).toBeInstanceOf(StorageUnavailableError);
      expect(e.message).toBe(
        fire === 'onblocked'
          ? 'another tab holds an older version of this site open: close it and reload'
          : 'IndexedDB could not open (VersionError: version too low)',
      );
      expect(h.retryable).toHaveBeenCalledOnce();
    }
  });
});
