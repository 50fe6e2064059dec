import type { HomeMessage, HomeRequest } from '../../workers/homeProtocol';
import { homeTables, loadWorld } from '../../worlds/registry';
import type { HomeRow } from './rows';

/** This browser's own rows, one promise per home table's world. */
export type HomeRows = Record<string, Promise<HomeRow[]>>;

/** The worker as the client sees it (a fake in tests). */
export interface HomeWorkerPort {
  post(request: HomeRequest): void;
  onMessage(cb: (m: HomeMessage) => void): void;
  /** The worker could not start or died: its script failed to load, for example. */
  onFailure(cb: (message: string) => void): void;
  terminate(): void;
}

export interface HomeRowsOptions {
  /** Every home table's world. */
  worlds: readonly string[];
  /** Those the home worker computes. */
  inWorker: readonly string[];
  spawn: () => HomeWorkerPort;
  /** The module a worker world runs on, compiled by the page (null: it runs on none). */
  compile: (world: string) => Promise<WebAssembly.Module> | null;
  /** The same rows on the page's thread: the fallback when no worker can run. */
  inProcess: (world: string) => Promise<HomeRow[]>;
  /** How long `loaded` waits for the worker's script at most (a slow network does not hold the page longer). */
  loadWaitMs?: number;
}

/** The rows, and when the worker's script is in (or failed, or took too long): the page's own downloads wait for it. */
export interface HomeRun {
  rows: HomeRows;
  loaded: Promise<void>;
}

const LOAD_WAIT_MS = 1500;

/**
 * Starts computing the home tables' rows and returns a promise per world,
 * each settling as soon as its rows arrive: the `inWorker` worlds in a Worker,
 * the others on the page once the worker's script is in (their code is more
 * downloads, which would queue the worker's behind them; the worker's worlds
 * are the long pole). A world the worker reports an error for rejects with
 * that message (it would fail the same way on the page); if the worker itself
 * fails, its worlds still pending are computed on the page instead.
 */
export function startHomeRows({ worlds, inWorker: workerWorlds, spawn, compile, inProcess, loadWaitMs = LOAD_WAIT_MS }: HomeRowsOptions): HomeRun {
  const settle: Record<string, { resolve: (rows: HomeRow[]) => void; reject: (e: Error) => void; done: boolean }> = {};
  const rows: HomeRows = {};
  for (const w of worlds)
    rows[w] = new Promise<HomeRow[]>((resolve, reject) => {
      settle[w] = { resolve, reject, done: false };
    });
  let port: HomeWorkerPort | null = null;
  const finish = (w: string, outcome: { rows: HomeRow[] } | { error: Error }) => {
    const s = settle[w];
    if (!s || s.done) return;
    s.done = true;
    if ('rows' in outcome) s.resolve(outcome.rows);
    else s.reject(outcome.error);
    if (worlds.every((x) => settle[x]!.done)) port?.terminate();
  };
  const onPage = (w: string): void => {
    inProcess(w).then(
      (r) => finish(w, { rows: r }),
      (e: unknown) => finish(w, { error: e instanceof Error ? e : new Error(String(e)) }),
    );
  };
  const inWorker = (w: string) => workerWorlds.includes(w);
  const fallBack = () => worlds.filter((w) => inWorker(w) && !settle[w]!.done).forEach(onPage);
  let markLoaded!: () => void;
  const loaded = new Promise<void>((resolve) => (markLoaded = resolve));
  const timer = setTimeout(markLoaded, loadWaitMs);
  void loaded.then(() => {
    clearTimeout(timer);
    worlds.filter((w) => !inWorker(w)).forEach(onPage);
  });
  if (!worlds.some(inWorker)) {
    markLoaded();
    return { rows, loaded };
  }
  try {
    port = spawn();
  } catch {
    fallBack();
    markLoaded();
    return { rows, loaded };
  }
  // What the page has for the worker waits for its `loaded` (and goes on the port it sends: homeWorkerPort),
  // and the page's own work (the on-page worlds' downloads, ~50-70 ms of the page's thread in
  // a trace) starts in the task after: posted to the worker itself, a message reached it only once the
  // page's thread had finished the task that posted (or forwarded) it and the next.
  let running = false;
  const held: HomeRequest[] = [];
  const send = (request: HomeRequest) => (running ? port.post(request) : held.push(request));
  port.onMessage((m) => {
    if (m.type === 'loaded') {
      running = true;
      held.splice(0).forEach((r) => port.post(r));
      setTimeout(markLoaded, 0);
    } else finish(m.world, m.type === 'rows' ? { rows: m.rows } : { error: new Error(m.message) });
  });
  port.onFailure(() => {
    port?.terminate();
    fallBack();
    markLoaded();
  });
  for (const world of worlds.filter(inWorker))
    compile(world)?.then(
      (module) => send({ world, module }),
      (e: unknown) => send({ world, failed: e instanceof Error ? e.message : String(e) }),
    );
  return { rows, loaded };
}

/** What of a Worker the home worker's port uses (a fake in tests). */
export type HomeWorkerLike = Pick<Worker, 'postMessage' | 'addEventListener' | 'terminate'>;

/**
 * A home worker as the client sees it. Requests go on the port the worker sends with `loaded` once it has
 * (homeProtocol.ts: a message to the worker itself waits for the page's thread), to the worker before.
 */
export function homeWorkerPort(worker: HomeWorkerLike): HomeWorkerPort {
  let requests: MessagePort | null = null;
  worker.addEventListener('message', (e: MessageEvent<HomeMessage>) => {
    if (e.data.type === 'loaded' && e.data.port) requests = e.data.port;
  });
  return {
    post: (request) => (requests ?? worker).postMessage(request),
    onMessage: (cb) => worker.addEventListener('message', (e: MessageEvent<HomeMessage>) => cb(e.data)),
    onFailure: (cb) => worker.addEventListener('error', (e) => cb((e as ErrorEvent).message || 'the home worker failed to start')),
    terminate: () => {
      requests?.close();
      worker.terminate();
    },
  };
}

const spawnHomeWorker = (): HomeWorkerPort => homeWorkerPort(new Worker(new URL('../../workers/home.worker.ts', import.meta.url), { type: 'module' }));

/** One home table's rows on the page's thread, from the world as the page's reference loader gives it (exported for Node tests). */
export async function homeRowsOnThePage(world: string): Promise<HomeRow[]> {
  const home = homeTables().find((t) => t.id === world)?.home;
  if (!home) throw new Error(`no home table for ${world}`);
  // Reference agents' own SQL: run in-process, no watchdog Worker.
  return home.rows(loadWorld(world, 'reference'));
}

let started: HomeRun | null = null;

function homeRun(): HomeRun {
  const tables = homeTables();
  started ??= startHomeRows({
    worlds: tables.map((t) => t.id),
    inWorker: tables.filter((t) => t.home.inHomeWorker).map((t) => t.id),
    spawn: spawnHomeWorker,
    compile: (world) => tables.find((t) => t.id === world)?.wasm?.() ?? null,
    inProcess: homeRowsOnThePage,
  });
  return started;
}

/**
 * The home tables' rows, started once per page: by the entry after the painted
 * page's first frame when the page opens on the home route, else by the home
 * view. The rows are deterministic, so coming back to the home page shows them
 * at once.
 */
export const homeRows = (): HomeRows => homeRun().rows;
