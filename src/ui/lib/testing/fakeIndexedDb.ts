/**
 * Just enough of IndexedDB for storage.ts in Node: stores keyed by `id`,
 * records kept as structured clones (as a browser stores them), requests and
 * commits answered on a later tick, and abort() ending a transaction with
 * onabort instead of a commit (writes made before it are not rolled back:
 * storage.ts aborts before it writes). `raw(store)` shows exactly what was written.
 */
export function fakeIndexedDb() {
  const stores = new Map<string, Map<string, unknown>>();
  const later = (fn: () => void) => setTimeout(fn, 0);

  interface FakeRequest {
    result: unknown;
    error: null;
    onsuccess: (() => void) | null;
    onerror: null;
  }

  /**
   * A transaction commits once every request made in it, including those made from onsuccess, has answered;
   * one aborted reports onabort instead (its writes are not undone: storage.ts aborts before writing).
   */
  const transaction = (name: string) => {
    let pending = 0;
    let aborted = false;
    const records = stores.get(name)!;
    const request = (result: unknown): FakeRequest => {
      const req: FakeRequest = { result, error: null, onsuccess: null, onerror: null };
      pending++;
      later(() => {
        req.onsuccess?.();
        if (--pending === 0) later(() => pending === 0 && !aborted && t.oncomplete?.());
      });
      return req;
    };
    const store = {
      put: (v: { id: string }) => (records.set(v.id, structuredClone(v)), request(v.id)),
      get: (id: string) => request(structuredClone(records.get(id))),
      getAll: () => request([...records.values()].map((r) => structuredClone(r))),
      delete: (id: string) => (records.delete(id), request(undefined)),
    };
    const t: { oncomplete: (() => void) | null; onerror: null; onabort: (() => void) | null; error: null; objectStore: () => typeof store; abort: () => void } =
      {
        oncomplete: null,
        onerror: null,
        onabort: null,
        error: null,
        objectStore: () => store,
        abort: () => {
          if (aborted) return;
          aborted = true;
          later(() => t.onabort?.());
        },
      };
    later(() => pending === 0 && !aborted && t.oncomplete?.());
    return t;
  };

  const db = {
    objectStoreNames: { contains: (name: string) => stores.has(name) },
    createObjectStore: (name: string) => void stores.set(name, new Map()),
    transaction,
    close: () => {},
    onversionchange: null,
  };

  const factory = {
    open: () => {
      const req: { result: typeof db; onupgradeneeded: (() => void) | null; onsuccess: (() => void) | null; onerror: null; onblocked: null } = {
        result: db,
        onupgradeneeded: null,
        onsuccess: null,
        onerror: null,
        onblocked: null,
      };
      later(() => {
        req.onupgradeneeded?.();
        req.onsuccess?.();
      });
      return req;
    },
  };

  return { factory, raw: (store: string) => [...(stores.get(store)?.values() ?? [])] };
}

/** A Storage double (localStorage, sessionStorage) over a Map. */
export function fakeStorage(): Storage & { dump(): string } {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    key: (i) => [...m.keys()][i] ?? null,
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, String(v)),
    removeItem: (k) => void m.delete(k),
    clear: () => m.clear(),
    dump: () => JSON.stringify([...m.entries()]),
  };
}
