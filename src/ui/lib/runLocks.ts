/**
 * One writer per run, across the tabs of this browser: a tab holds the run's
 * Web Lock while it may write; a second tab finds the lock taken and only
 * looks until the person chooses. Taking over steals the lock, and the tab
 * that held it learns so at once (`lost`). Storage enforces the same rule with
 * a lease (storage.ts), so even without Web Locks a stale tab cannot overwrite.
 */
export interface HeldLock {
  /** Settles when another tab steals the lock. */
  readonly lost: Promise<void>;
  release(): void;
}

export interface RunLocks {
  /** `if-free`: null when another tab holds it. `steal`: always granted, the holder loses it. */
  acquire(runId: string, how: 'if-free' | 'steal'): Promise<HeldLock | null>;
}

const never = new Promise<void>(() => undefined);
const unguardedLock: HeldLock = { lost: never, release: () => undefined };

/** Without Web Locks every tab may write; the storage lease still refuses a stale one. */
const unguarded: RunLocks = { acquire: () => Promise.resolve(unguardedLock) };

export function webLocks(locks: LockManager | undefined): RunLocks {
  if (!locks) return unguarded;
  return {
    acquire: (runId, how) =>
      new Promise((resolve) => {
        let granted = false;
        let release = () => {};
        const held = new Promise<void>((r) => (release = r));
        let markLost = () => {};
        const lost = new Promise<void>((r) => (markLost = r));
        const options: LockOptions = how === 'steal' ? { steal: true } : { ifAvailable: true };
        locks
          .request(`verifier-playground/run/${runId}`, options, (lock) => {
            if (!lock) return resolve(null);
            granted = true;
            resolve({ lost, release });
            return held;
          })
          .catch((e: unknown) => {
            // A stolen lock rejects its request with AbortError: that is the signal. A lock manager
            // that refuses outright must not stop play: the storage lease still guards the run.
            if (granted) markLost();
            else {
              console.warn('Web Locks refused; this tab writes unguarded by them', e);
              resolve(unguardedLock);
            }
          });
      }),
  };
}

export const browserLocks = (): RunLocks => webLocks(typeof navigator === 'undefined' ? undefined : navigator.locks);
