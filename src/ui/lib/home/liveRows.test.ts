import { describe, expect, it } from 'vitest';
import type { HomeMessage, HomeRequest } from '../../workers/homeProtocol';
import type { HomeRow } from './rows';
import { homeWorkerPort, startHomeRows, type HomeWorkerLike, type HomeWorkerPort } from './liveRows';

const row = (world: string, agent: string): HomeRow => ({ world, agent, label: agent, task: {}, taskTitle: 't', card: {} as HomeRow['card'] });

/** A worker double: records what the page sends, lets the test answer or fail. */
function fakeWorker() {
  const sent: HomeRequest[] = [];
  let onMessage: (m: HomeMessage) => void = () => {};
  let onFailure: (message: string) => void = () => {};
  let terminated = 0;
  const port: HomeWorkerPort = {
    post: (r) => sent.push(r),
    onMessage: (cb) => (onMessage = cb),
    onFailure: (cb) => (onFailure = cb),
    terminate: () => terminated++,
  };
  return { port, sent, say: (m: HomeMessage) => onMessage(m), fail: (msg: string) => onFailure(msg), terminated: () => terminated };
}

const pageRows = () => {
  const asked: string[] = [];
  return { asked, inProcess: async (w: string) => (asked.push(w), [row(w, 'on-page')]) };
};

const fakeModule = {} as WebAssembly.Module;
/** Every home table's world, and the one computed in the worker (an SQL world's cold start). */
const TABLES = { worlds: ['fault-api', 'ticket-queue', 'tripwire', 'web-portal'], inWorker: ['tripwire'] };
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('startHomeRows', () => {
  it('computes tripwire in the worker, the SQL-free worlds on the page once the worker’s script is in, and ends the worker when all are in', async () => {
    const w = fakeWorker();
    const page = pageRows();
    const { rows, loaded } = startHomeRows({ ...TABLES, spawn: () => w.port, compile: () => Promise.resolve(fakeModule), inProcess: page.inProcess });
    await tick();
    // Held until the worker runs: posted earlier, the page's thread would forward it only after its own work.
    expect(w.sent).toEqual([]);
    // Their code is more downloads: they wait for the worker's script, which would queue behind them.
    expect(page.asked).toEqual([]);
    let isLoaded = false;
    void loaded.then(() => (isLoaded = true));
    await tick();
    expect(isLoaded).toBe(false);
    w.say({ type: 'loaded' });
    // The module goes to the worker at once; the page's own work starts in a later task, so the message is not held behind it.
    expect(w.sent).toEqual([{ world: 'tripwire', module: fakeModule }]);
    await Promise.resolve();
    expect(isLoaded).toBe(false);
    expect(page.asked).toEqual([]);
    await tick();
    expect(isLoaded).toBe(true);
    expect(page.asked.sort()).toEqual(['fault-api', 'ticket-queue', 'web-portal']);
    expect((await rows['fault-api']!)[0]!.agent).toBe('on-page');
    expect(w.terminated()).toBe(0);
    w.say({ type: 'rows', world: 'tripwire', rows: [row('tripwire', 'the-peeker')] });
    expect((await rows.tripwire!)[0]!.agent).toBe('the-peeker');
    await tick();
    expect(w.terminated()).toBe(1);
  });

  it("rejects a world with the worker's own error message, without recomputing it on the page", async () => {
    const w = fakeWorker();
    const page = pageRows();
    const { rows } = startHomeRows({ ...TABLES, spawn: () => w.port, compile: () => Promise.resolve(fakeModule), inProcess: page.inProcess });
    w.say({ type: 'error', world: 'tripwire', message: 'scratch schema differs from the seeded database' });
    await expect(rows.tripwire).rejects.toThrow('scratch schema differs');
    expect(page.asked).not.toContain('tripwire');
  });

  it('falls back to the page for the worlds still pending when the worker fails', async () => {
    const w = fakeWorker();
    const page = pageRows();
    const { rows, loaded } = startHomeRows({ ...TABLES, spawn: () => w.port, compile: () => Promise.resolve(fakeModule), inProcess: page.inProcess });
    w.fail('Failed to fetch a worker script');
    await loaded;
    expect((await rows.tripwire!)[0]!.agent).toBe('on-page');
    expect((await rows['web-portal']!)[0]!.agent).toBe('on-page');
    expect(page.asked).toContain('tripwire');
    expect(w.terminated()).toBeGreaterThan(0);
    // A late message from the dead worker changes nothing.
    w.say({ type: 'rows', world: 'tripwire', rows: [row('tripwire', 'late')] });
    expect((await rows.tripwire!)[0]!.agent).toBe('on-page');
  });

  it('computes everything on the page when no worker can be created', async () => {
    const page = pageRows();
    const { rows } = startHomeRows({
      ...TABLES,
      spawn: () => {
        throw new Error('Worker is not defined');
      },
      compile: () => Promise.resolve(fakeModule),
      inProcess: page.inProcess,
    });
    expect((await rows.tripwire!)[0]!.agent).toBe('on-page');
    expect(page.asked.sort()).toEqual(['fault-api', 'ticket-queue', 'tripwire', 'web-portal']);
  });

  it('a worker whose script never answers holds the page only so long', async () => {
    const w = fakeWorker();
    const page = pageRows();
    const { rows, loaded } = startHomeRows({
      ...TABLES,
      spawn: () => w.port,
      compile: () => Promise.resolve(fakeModule),
      inProcess: page.inProcess,
      loadWaitMs: 5,
    });
    await loaded;
    expect((await rows['fault-api']!)[0]!.agent).toBe('on-page');
    expect(page.asked).not.toContain('tripwire');
  });

  it('a module compiled after the worker said it is loaded goes to it at once', async () => {
    const w = fakeWorker();
    let compiled!: (m: WebAssembly.Module) => void;
    startHomeRows({ ...TABLES, spawn: () => w.port, compile: () => new Promise((r) => (compiled = r)), inProcess: pageRows().inProcess });
    w.say({ type: 'loaded' });
    await tick();
    expect(w.sent).toEqual([]);
    compiled(fakeModule);
    await tick();
    expect(w.sent).toEqual([{ world: 'tripwire', module: fakeModule }]);
  });

  it('tells the worker when the wasm could not be compiled, so it reports instead of waiting forever', async () => {
    const w = fakeWorker();
    startHomeRows({ ...TABLES, spawn: () => w.port, compile: () => Promise.reject(new Error('404 sql-wasm.wasm')), inProcess: pageRows().inProcess });
    w.say({ type: 'loaded' });
    await tick();
    expect(w.sent).toEqual([{ world: 'tripwire', failed: '404 sql-wasm.wasm' }]);
  });

  it('surfaces a page-side failure as that world’s error', async () => {
    const w = fakeWorker();
    const { rows } = startHomeRows({
      ...TABLES,
      spawn: () => w.port,
      compile: () => Promise.resolve(fakeModule),
      inProcess: async (world) => {
        if (world === 'fault-api') throw new Error('fault-api exploded');
        return [];
      },
    });
    w.say({ type: 'loaded' });
    await expect(rows['fault-api']).rejects.toThrow('fault-api exploded');
  });
});

describe('startHomeRows without a worker world', () => {
  it('never starts a worker when every table is computed on the page', async () => {
    let spawned = 0;
    const page = pageRows();
    const { rows, loaded } = startHomeRows({
      worlds: ['a', 'b'],
      inWorker: [],
      spawn: () => {
        spawned++;
        return fakeWorker().port;
      },
      compile: () => null,
      inProcess: page.inProcess,
    });
    // No worker script to wait for: the page's own downloads are not held.
    await loaded;
    expect((await rows.b!)[0]!.agent).toBe('on-page');
    expect(spawned).toBe(0);
  });
});

describe('homeWorkerPort', () => {
  /** A Worker double: an event target that records what is posted to it. */
  function fakeWorkerObject() {
    const target = new EventTarget();
    const posted: unknown[] = [];
    let terminated = false;
    const worker = Object.assign(target, {
      postMessage: (m: unknown) => void posted.push(m),
      terminate: () => void (terminated = true),
    }) as unknown as HomeWorkerLike;
    const say = (data: HomeMessage) => target.dispatchEvent(new MessageEvent('message', { data }));
    return { worker, posted, say, terminated: () => terminated };
  }

  it('posts to the worker until it sends its port with `loaded`, then on the port (which reaches the worker at once)', async () => {
    const w = fakeWorkerObject();
    const port = homeWorkerPort(w.worker);
    const seen: HomeMessage[] = [];
    port.onMessage((m) => seen.push(m));
    const early = { world: 'tripwire', failed: 'early' };
    port.post(early);
    expect(w.posted).toEqual([early]);
    const channel = new MessageChannel();
    const onPort = new Promise<unknown>((resolve) => (channel.port1.onmessage = (e) => resolve(e.data)));
    w.say({ type: 'loaded', port: channel.port2 });
    expect(seen.map((m) => m.type)).toEqual(['loaded']);
    port.post({ world: 'tripwire', failed: 'late' });
    expect(w.posted).toEqual([early]);
    await expect(onPort).resolves.toEqual({ world: 'tripwire', failed: 'late' });
    port.terminate();
    expect(w.terminated()).toBe(true);
    channel.port1.close();
  });

  it('a worker that sends no port keeps getting its requests directly', () => {
    const w = fakeWorkerObject();
    const port = homeWorkerPort(w.worker);
    w.say({ type: 'loaded' });
    port.post({ world: 'tripwire', failed: 'x' });
    expect(w.posted).toEqual([{ world: 'tripwire', failed: 'x' }]);
  });
});
