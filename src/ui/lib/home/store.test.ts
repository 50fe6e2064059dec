import { afterEach, describe, expect, it, vi } from 'vitest';
import { builtRowsJson, type BuiltHomeRows } from './check';
import type { HomeRow } from './rows';
import { createHomeStore } from './store';
import type { HomeRows } from './liveRows';

const row = (world: string, agent: string, reward: number): HomeRow => ({
  world,
  agent,
  label: agent,
  task: {},
  taskTitle: 't',
  card: { layers: [], reward, naive: 1, verdict: { naive: 'PASS', full: 'FAIL', caughtBy: null }, final: true },
});

const WORLDS = ['fault-api', 'ticket-queue', 'tripwire', 'web-portal'];

const built: BuiltHomeRows = {
  'fault-api': [row('fault-api', 'careful', 1)],
  'ticket-queue': [row('ticket-queue', 'oracle', 1)],
  tripwire: [row('tripwire', 'the-peeker', 0)],
  'web-portal': [row('web-portal', 'the-peeker', 0)],
};

/** This browser's rows, one promise per world, settled by the test. */
function liveRows() {
  const settle: Record<string, { resolve: (r: HomeRow[]) => void; reject: (e: Error) => void }> = {};
  const rows: HomeRows = {};
  for (const w of WORLDS) rows[w] = new Promise((resolve, reject) => (settle[w] = { resolve, reject }));
  return { rows, settle: (w: string) => settle[w]! };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('createHomeStore', () => {
  it("starts from the build's rows and checks each world as its own rows arrive", async () => {
    const live = liveRows();
    const store = createHomeStore(built, live.rows, WORLDS);
    expect(store.getState().tripwire).toEqual({ rows: built.tripwire, check: { status: 'pending' } });
    live.settle('fault-api').resolve([row('fault-api', 'careful', 1)]);
    live.settle('tripwire').resolve([row('tripwire', 'the-peeker', 0.5)]);
    await tick();
    expect(store.getState()['fault-api']!.check).toEqual({ status: 'verified' });
    expect(store.getState().tripwire!.check).toEqual({ status: 'differs', differences: ['the-peeker card.reward: 0 at build, 0.5 here'] });
    expect(store.getState()['ticket-queue']!.check).toEqual({ status: 'pending' });
  });

  it("keeps the build's rows with the reason when this browser cannot compute a world", async () => {
    const live = liveRows();
    const store = createHomeStore(built, live.rows, WORLDS);
    live.settle('tripwire').reject(new Error('could not load SQLite (HTTP 404)'));
    await tick();
    expect(store.getState().tripwire).toEqual({ rows: built.tripwire, check: { status: 'error', message: 'could not load SQLite (HTTP 404)' } });
  });

  it('without a build (the dev server), shows rows as computed', async () => {
    const live = liveRows();
    const store = createHomeStore(null, live.rows, WORLDS);
    expect(store.getState()['ticket-queue']!.rows).toBeNull();
    live.settle('ticket-queue').resolve([row('ticket-queue', 'oracle', 1)]);
    await tick();
    expect(store.getState()['ticket-queue']).toEqual({ rows: [row('ticket-queue', 'oracle', 1)], check: { status: 'computed' } });
  });
});

describe('the build’s data block', () => {
  /** A page with the block (or none): what is left of it, and how often its text was read. */
  function page(text: string | null) {
    const state = { present: text !== null, reads: 0 };
    const block = {
      get textContent() {
        state.reads++;
        return text;
      },
      remove: () => void (state.present = false),
    };
    vi.stubGlobal('document', { getElementById: (id: string) => (id === 'home-rows' && state.present ? block : null) });
    return state;
  }
  const fresh = async () => {
    vi.resetModules();
    return import('./store');
  };
  afterEach(() => vi.unstubAllGlobals());

  it('leaves the page at once on any route, and is parsed only when the home page asks for the rows, once', async () => {
    const state = page(builtRowsJson(built));
    const { removeBuiltHomeRows, takeBuiltHomeRows } = await fresh();
    removeBuiltHomeRows();
    expect(state.present).toBe(false);
    expect(state.reads).toBe(1);
    removeBuiltHomeRows();
    expect(state.reads).toBe(1);
    expect(takeBuiltHomeRows()).toEqual(built);
    expect(takeBuiltHomeRows()).toBe(takeBuiltHomeRows());
    expect(state.reads).toBe(1);
  });

  it('taken by the home page first, it leaves the page then; a page without it, or with something else, has no rows', async () => {
    const state = page(builtRowsJson(built));
    const first = await fresh();
    expect(first.takeBuiltHomeRows()).toEqual(built);
    expect(state.present).toBe(false);
    page(null);
    expect((await fresh()).takeBuiltHomeRows()).toBeNull();
    page('{"fault-api": [');
    expect((await fresh()).takeBuiltHomeRows()).toBeNull();
  });
});
