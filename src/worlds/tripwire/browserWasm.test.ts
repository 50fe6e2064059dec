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
  it('adopts a compile the page began before it loaded: no fetch of its own', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const module = {} as WebAssembly.Module;
    const compile = await fresh();
    await expect(compile(Promise.resolve(module))).resolves.toBe(module);
    // Later calls get the same module.
    await expect(compile()).resolves.toBe(module);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('when the page’s compile failed (a server that does not say application/wasm), fetches and compiles the bytes itself', async () => {
    const fetch = vi.fn(async () => new Response(WASM, { headers: { 'content-type': 'application/octet-stream' } }));
    vi.stubGlobal('fetch', fetch);
    const compile = await fresh();
    const module = await compile(Promise.reject(new TypeError('Incorrect response MIME type. Expected application/wasm.')));
    expect(module).toBeInstanceOf(WebAssembly.Module);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('says what went wrong when its own fetch fails too, and tries again on the next call', async () => {
    const fetch = vi.fn(async () => new Response('not found', { status: 404 }));
    vi.stubGlobal('fetch', fetch);
    const compile = await fresh();
    await expect(compile(Promise.reject(new Error('HTTP 404')))).rejects.toThrow(/could not load SQLite \(.*HTTP 404\)/);
    fetch.mockImplementation(async () => new Response(WASM, { headers: { 'content-type': 'application/wasm' } }));
    await expect(compile()).resolves.toBeInstanceOf(WebAssembly.Module);
  });
});
