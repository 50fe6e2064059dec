import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeColumnPrefs, warmColumnPrefs, writeColumnPrefs } from './columnPrefs';

const KEY = 'vp.library.columns';

/** A localStorage that counts its reads. */
function fakeStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  const storage = {
    reads: 0,
    getItem: (k: string) => {
      storage.reads++;
      return data.get(k) ?? null;
    },
    setItem: (k: string, v: string) => void data.set(k, v),
  };
  return storage;
}

describe("the library's column layout", () => {
  let storage: ReturnType<typeof fakeStorage>;
  beforeEach(() => {
    storage = fakeStorage({ [KEY]: JSON.stringify({ visible: { tokens: false, source: 'no' }, sizes: { task: 300, world: '9' } }) });
    vi.stubGlobal('localStorage', storage);
  });
  afterEach(() => {
    takeColumnPrefs();
    vi.unstubAllGlobals();
  });

  it('is read ahead once, and the table drawn next takes that read instead of reading again', () => {
    warmColumnPrefs();
    warmColumnPrefs();
    expect(storage.reads).toBe(1);
    // Only well-typed entries survive a hand-edited or foreign value.
    expect(takeColumnPrefs()).toEqual({ visible: { tokens: false }, sizes: { task: 300 } });
    expect(storage.reads).toBe(1);
    // A table drawn later reads again: another tab may have changed the layout.
    takeColumnPrefs();
    expect(storage.reads).toBe(2);
  });

  it('a layout written replaces one read ahead, and survives the next read', () => {
    warmColumnPrefs();
    writeColumnPrefs({ visible: { steps: false }, sizes: {} });
    expect(takeColumnPrefs()).toEqual({ visible: { steps: false }, sizes: {} });
  });

  it('unreadable storage or a value that is not an object gives the default layout', () => {
    vi.stubGlobal('localStorage', { getItem: () => '[1', setItem: () => undefined });
    expect(takeColumnPrefs()).toEqual({ visible: {}, sizes: {} });
    vi.stubGlobal('localStorage', { getItem: () => 'null', setItem: () => undefined });
    expect(takeColumnPrefs()).toEqual({ visible: {}, sizes: {} });
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    });
    expect(takeColumnPrefs()).toEqual({ visible: {}, sizes: {} });
    expect(() => writeColumnPrefs({ visible: {}, sizes: {} })).not.toThrow();
  });
});
