import { describe, expect, it } from 'vitest';
import { webLocks } from './runLocks';

type Grant = (lock: Lock | null) => unknown;

/** The parts of the Web Locks API the run locks use, as Chromium behaves: exclusive, `ifAvailable`, `steal`. */
class FakeLockManager {
  private holders = new Map<string, { reject(e: unknown): void }>();
  refuse = false;

  request(name: string, options: LockOptions, grant: Grant): Promise<unknown> {
    if (this.refuse) return Promise.reject(new DOMException('not allowed', 'SecurityError'));
    const current = this.holders.get(name);
    if (current && options.ifAvailable) return Promise.resolve(grant(null));
    if (current && options.steal) current.reject(new DOMException('The lock request is aborted', 'AbortError'));
    return new Promise((resolve, reject) => {
      const me = { reject };
      this.holders.set(name, me);
      // Released when the grant settles either way; its outcome is the request's, as in Chromium.
      Promise.resolve(grant({ name, mode: 'exclusive' }))
        .finally(() => {
          if (this.holders.get(name) === me) this.holders.delete(name);
        })
        .then(resolve, reject);
    });
  }
}

const settled = async (p: Promise<void>) => Promise.race([p.then(() => true), new Promise((r) => setTimeout(() => r(false), 10))]);

describe('webLocks', () => {
  it('grants a free run, refuses a held one, and a steal tells the holder it lost it', async () => {
    const locks = webLocks(new FakeLockManager() as unknown as LockManager);
    const a = await locks.acquire('r1', 'if-free');
    expect(a).not.toBeNull();
    expect(await locks.acquire('r1', 'if-free')).toBeNull();
    expect(await locks.acquire('r2', 'if-free')).not.toBeNull();
    const b = await locks.acquire('r1', 'steal');
    expect(b).not.toBeNull();
    expect(await settled(a!.lost)).toBe(true);
    expect(await settled(b!.lost)).toBe(false);
  });

  it('a released lock is free again and not reported lost', async () => {
    const locks = webLocks(new FakeLockManager() as unknown as LockManager);
    const a = (await locks.acquire('r1', 'if-free'))!;
    a.release();
    // Web Locks let go once the callback's promise settles: a task later, not synchronously.
    await new Promise((r) => setTimeout(r, 0));
    expect(await locks.acquire('r1', 'if-free')).not.toBeNull();
    expect(await settled(a.lost)).toBe(false);
  });

  it('without Web Locks, or when they refuse, every acquire is granted (the storage lease still guards writes)', async () => {
    expect(await webLocks(undefined).acquire('r1', 'if-free')).not.toBeNull();
    const refusing = new FakeLockManager();
    refusing.refuse = true;
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      expect(await webLocks(refusing as unknown as LockManager).acquire('r1', 'if-free')).not.toBeNull();
    } finally {
      console.warn = warn;
    }
  });
});
