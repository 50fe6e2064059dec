import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Trace } from '../../../core/types';
import { spellingsOf, traceCarrying } from '../../../traces/export/testing';
import { faultApiWorld } from '../../../worlds/fault-api/index';
import { download } from '../download';
import { ModelDriver } from '../../live/modelDriver';
import { MemoryStore, SharedLocks, tabDeps } from '../../live/testing';
import { knownSecrets, rememberConfig, setSecrets } from './secrets';
import { DEFAULT_SETTINGS, loadSettings, resolveSettings, saveSettings } from './settings';
import { navigate } from '../navigate';
import { hrefFor } from '../route';
import { listGotchas, loadRun, putGotchas, saveRun } from '../storage';
import { fakeIndexedDb, fakeStorage } from '../testing/fakeIndexedDb';
import { exportSuiteText } from '../userGotchas';

// The page's boundaries, each fed data a server echoed the secrets into.
const KEY = 'sk-test-SECRET123';
const HEADER = 'org-SECRET-4455';
const CRED = 'qp-SECRET-9911';
const SECRETS = [KEY, HEADER, CRED];
const BASE = `http://127.0.0.1:9/v1?api_key=${CRED}`;

const idb = fakeIndexedDb();
const local = fakeStorage();
let trace: Trace;

function expectClean(text: string) {
  for (const s of SECRETS) for (const form of spellingsOf(s)) expect(text).not.toContain(form);
}

beforeAll(async () => {
  vi.stubGlobal('indexedDB', idb.factory);
  vi.stubGlobal('localStorage', local);
  setSecrets({ apiKey: KEY, headers: JSON.stringify({ 'X-Org': HEADER, 'X-Title': 'vp' }) });
  saveSettings({ ...DEFAULT_SETTINGS, baseUrl: BASE, model: `mock ${KEY}` });
  trace = await traceCarrying(SECRETS);
});
afterAll(() => vi.unstubAllGlobals());

describe('the secrets this page knows', () => {
  it('are the key and header values in the form and the base URL’s credentials', () => {
    expect(knownSecrets()).toEqual(expect.arrayContaining([KEY, HEADER, 'vp', CRED]));
  });

  it('include a key a session was started with, after the form moved on to another', async () => {
    const old = 'sk-old-SECRET-000111';
    const task = faultApiWorld.makeTask({ profile: 'clean', seed: 1 });
    if (!task.ok) throw new Error(task.error);
    setSecrets({ apiKey: old });
    const driver = await ModelDriver.open(
      faultApiWorld,
      task.value,
      { baseUrl: BASE, model: 'm', apiKey: old },
      { deps: tabDeps(new MemoryStore(), new SharedLocks()), id: 'model-old', remember: rememberConfig },
    );
    await driver.dispose();
    setSecrets({ apiKey: 'sk-typ' });
    setSecrets({ apiKey: KEY });
    expect(knownSecrets()).toContain(old);
    expect(knownSecrets()).not.toContain('sk-typ');
  });
});

describe('every place the page writes to', () => {
  it('IndexedDB: a saved run keeps no secret, in any field', async () => {
    await saveRun({ id: 'run-1', trace, savedAt: 1, finished: true });
    const stored = JSON.stringify(idb.raw('runs'));
    expectClean(stored);
    expect(stored).toContain(`SELECT '***'`);
    expect((await loadRun('run-1'))!.trace.stop!.detail).toBe('the model said *** and *** and *** here');
  });

  it('IndexedDB: the user’s gotchas keep no secret, and the suite file exported from them neither', async () => {
    const entry = {
      id: 'g1',
      label: `label ${KEY}`,
      world: trace.world,
      task: trace.task,
      agent: trace.agent,
      calls: trace.steps.map((s) => ({ name: s.call.name, arguments: s.call.arguments })),
      expected: { naive: 'PASS' as const, full: 'FAIL' as const, caught_by: null, reward: 0, naive_reward: 1 },
      note: HEADER,
    };
    await putGotchas([{ id: 'g1', entry, addedAt: 1 }]);
    expectClean(JSON.stringify(idb.raw('gotchas')));
    expectClean(exportSuiteText([{ id: 'g1', entry, addedAt: 1 }]));
    expect((await listGotchas()).items[0]!.entry.label).toBe('label ***');
  });

  it('a download: the file’s text, whatever the format did to the secret (JSON, CSV, URL encoding)', async () => {
    const blobs: Blob[] = [];
    const click = vi.fn();
    vi.stubGlobal('document', { createElement: () => ({ click }) });
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => (blobs.push(b as Blob), 'blob:x'));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const csvish = `"${JSON.stringify(JSON.stringify(trace)).replace(/"/g, '""')}"`;
    download(`${JSON.stringify(trace)}\n${csvish}\n${encodeURIComponent(HEADER)}`, 'x.json');
    expect(click).toHaveBeenCalled();
    expectClean(await blobs[0]!.text());
  });

  it('localStorage: the settings without the URL’s credentials or a key typed in the wrong field; this visit keeps the URL whole', () => {
    expectClean(local.dump());
    expect(local.dump()).toContain('http://127.0.0.1:9/v1');
    expect(loadSettings().baseUrl).toBe(BASE);
    const resolved = resolveSettings(loadSettings(), KEY, '');
    expect(resolved.ok && resolved.value.config.baseUrl).toBe(BASE);
  });

  it('localStorage: a base URL an older build saved whole is rewritten without its credential on load', async () => {
    local.setItem('vp.model.settings', JSON.stringify({ ...DEFAULT_SETTINGS, baseUrl: BASE }));
    vi.resetModules();
    const fresh = await import('./settings');
    expect(fresh.loadSettings().baseUrl).toBe(BASE);
    expectClean(local.dump());
  });

  it('the URL: links and navigation mask a secret in any path part or parameter', () => {
    const href = hrefFor(['trace', `id ${KEY}`], { task: JSON.stringify({ q: HEADER }), step: 2 });
    expectClean(href);
    expect(decodeURIComponent(href)).toContain('id ***');
    const location = { hash: '', replace: vi.fn() };
    vi.stubGlobal('window', { location });
    navigate(`#/trace/${encodeURIComponent(`x ${HEADER}`)}?q=${CRED}`);
    navigate(`#/model?task=${encodeURIComponent(KEY)}`, { replace: true });
    expectClean(location.hash);
    expectClean(String(location.replace.mock.calls[0]![0]));
  });
});

describe('the reply size setting', () => {
  it('is MiB in the form, bytes in the config, bounded', () => {
    const ok = resolveSettings({ ...DEFAULT_SETTINGS, model: 'm', maxReplyMiB: '0.5' }, '', '');
    expect(ok.ok && ok.value.config.maxResponseBytes).toBe(512 * 1024);
    expect(DEFAULT_SETTINGS.maxReplyMiB).toBe('4');
    const bad = resolveSettings({ ...DEFAULT_SETTINGS, model: 'm', maxReplyMiB: '0.01' }, '', '');
    expect(!bad.ok && bad.error).toBe('max reply size must be from 0.0625 to 256 MiB');
  });
});
