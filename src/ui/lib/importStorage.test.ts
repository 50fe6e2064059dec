import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { agree, parseStoredImport, quotaCheck, runIdentity, type ImportRun } from './importRuns';
import { deleteImports, importsReading, listImports, putImport, updateImport } from './storage';
import { fakeIndexedDb } from './testing/fakeIndexedDb';

const idb = fakeIndexedDb();
beforeAll(() => vi.stubGlobal('indexedDB', idb.factory));
afterAll(() => vi.unstubAllGlobals());

const run = (id: string, patch: Partial<ImportRun> = {}): ImportRun => ({
  id,
  label: `${id}.jsonl`,
  source: `evals/wiki--m/${id}/results.jsonl`,
  hash: 'abc',
  size: 5,
  importedAt: 1,
  rows: 2,
  derived: { env: { value: 'wiki', from: 'folder', mixed: false }, model: { value: 'm', from: 'folder', mixed: false } },
  edited: { env: null, model: null },
  hidden: [],
  stored: { ok: true },
  ...patch,
});

describe('imported files in IndexedDB', () => {
  it('keeps the file and its run; an edit replaces the run and keeps the file; removal by id', async () => {
    await putImport({ run: run('a'), blob: new Blob(['hello']), metadata: null, path: 'a.jsonl' });
    await putImport({ run: run('b'), blob: new Blob(['other']), metadata: new Blob(['{}']), path: 'b.jsonl' });
    await updateImport(run('a', { label: 'renamed', edited: { env: null, model: 'gpt' }, hidden: ['a:1'] }));
    const { items, unreadable } = await listImports();
    expect(unreadable).toEqual([]);
    const a = items.find((i) => i.run.id === 'a')!;
    expect(a.run).toMatchObject({ label: 'renamed', edited: { model: 'gpt' }, hidden: ['a:1'] });
    expect(await a.blob.text()).toBe('hello');
    expect(await items.find((i) => i.run.id === 'b')!.metadata!.text()).toBe('{}');
    await deleteImports(['a', 'nobody']);
    expect((await listImports()).items.map((i) => i.run.id)).toEqual(['b']);
  });
});

describe('an import run read back', () => {
  it('is parsed, never cast: a record without its file or with an unknown source is named unreadable', () => {
    expect(parseStoredImport({ run: run('x'), blob: new Blob(['']), metadata: null, path: 'x' }).ok).toBe(true);
    expect(parseStoredImport({ run: run('x'), blob: 'not a file', path: 'x' })).toEqual({ ok: false, error: 'blob: expected the imported file' });
    const bad = { ...run('x'), derived: { env: { value: 'e', from: 'guessed', mixed: false }, model: { value: null, from: null } } };
    expect(parseStoredImport({ run: bad, blob: new Blob(['']), path: 'x' })).toEqual({ ok: false, error: 'run.derived.env.from: not a known source' });
  });

  it('shows the edit over what was derived, and says where each came from', () => {
    expect(runIdentity(run('x', { edited: { env: 'wiki-search', model: null } }))).toEqual({
      env: 'wiki-search',
      envFrom: 'edited',
      model: 'm',
      modelFrom: 'folder',
    });
    expect(
      agree([
        { value: 'a', from: 'row' },
        { value: null, from: null },
        { value: 'b', from: 'row' },
      ]),
    ).toEqual({ value: 'a', from: 'row', mixed: true });
    expect(agree([])).toEqual({ value: null, from: null, mixed: false });
  });

  it('a file that does not fit what the browser grants is refused with the figures', () => {
    expect(quotaCheck(10, { usage: 0, quota: 100 })).toEqual({ ok: true });
    expect(quotaCheck(10, null)).toEqual({ ok: true });
    const r = quotaCheck(2 * 1024 * 1024, { usage: 1024 * 1024, quota: 2 * 1024 * 1024 });
    expect(r.ok ? '' : r.reason).toMatch(/^the browser's storage for this site is full \(1\.0 MB used of 2\.0 MB, this file needs 2\.0 MB\)/);
  });
});

describe("a stored run's health", () => {
  it('is written and read back through IndexedDB; an unknown state is refused, a record without one reads as healthy', async () => {
    await putImport({
      run: run('h', { health: { state: 'failed', reason: 'over the rowChars limit' } }),
      blob: new Blob(['x']),
      metadata: null,
      path: 'h.jsonl',
    });
    await updateImport(run('h', { health: { state: 'opening' } }));
    const { items } = await listImports();
    expect(items.find((i) => i.run.id === 'h')!.run.health).toEqual({ state: 'opening' });
    expect(parseStoredImport({ run: { ...run('x'), health: { state: 'weird' } }, blob: new Blob([]), metadata: null, path: 'x' })).toEqual({
      ok: false,
      error: 'run.health.state: expected "opening" or "failed"',
    });
    const plain = parseStoredImport({ run: run('y'), blob: new Blob([]), metadata: null, path: 'y' });
    expect(plain.ok && plain.value.run.health).toBeUndefined();
  });
});

describe('the in-flight marks (imports being read again)', () => {
  it('are set and cleared at once, apart from the records; a damaged list reads as none; no localStorage says so', () => {
    const items = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    });
    expect(importsReading.set('a', true)).toBe(true);
    expect(importsReading.set('b', true)).toBe(true);
    expect([importsReading.has('a'), importsReading.has('b'), importsReading.has('c')]).toEqual([true, true, false]);
    importsReading.set('a', false);
    expect([importsReading.has('a'), importsReading.has('b')]).toEqual([false, true]);
    importsReading.set('b', false);
    expect(items.size).toBe(0);
    items.set('verifier-playground/imports-reading', '{not json');
    expect(importsReading.has('a')).toBe(false);
    expect(importsReading.set('a', true)).toBe(true);
    expect(importsReading.has('a')).toBe(true);
    vi.stubGlobal('localStorage', undefined);
    expect(importsReading.set('a', true)).toBe(false);
    expect(importsReading.has('a')).toBe(false);
    vi.stubGlobal('indexedDB', idb.factory);
  });
});
