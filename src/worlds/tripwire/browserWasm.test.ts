import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';

const WASM = readFileSync(createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.wasm'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** A fresh copy of the module (it keeps one compile per page). */
const fresh = async () => (await import('./browserWasm')).compileSqlWasm;

describe('compileSqlWasm', () => {
  it('a server that does not say application/wasm: the bytes are compiled anyway', async () => {
    const fetch = vi.fn(async () => new Response(WASM, { headers: { 'content-type': 'application/octet-stream' } }));
    vi.stubGlobal('fetch', fetch);
    const compile = await fresh();
    expect(await compile()).toBeInstanceOf(WebAssembly.Module);
    // Once per page: a second call gets the same module.
    expect(await compile()).toBe(await compile());
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('says what went wrong when the fetch fails, and tries again on the next call', async () => {
    const fetch = vi.fn(async () => new Response('not found', { status: 404 }));
    vi.stubGlobal('fetch', fetch);
    const compile = await fresh();
    await expect(compile()).rejects.toThrow(/could not load SQLite \(.*HTTP 404\)/);
    fetch.mockImplementation(async () => new Response(WASM, { headers: { 'content-type': 'application/wasm' } }));
    await expect(compile()).resolves.toBeInstanceOf(WebAssembly.Module);
  });
});
