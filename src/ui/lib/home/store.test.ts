import { describe, expect, it } from 'vitest';
import type { BuiltHomeRows } from './check';
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
