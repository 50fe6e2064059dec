import { describe, expect, it } from 'vitest';
import {
  builtRowsJson,
  checkHomeRows,
  failedHomeRows,
  homeSettled,
  initialHomeState,
  parseBuiltHomeRows,
  builtHomeRowsFrom,
  type BuiltHomeRows,
} from './check';
import type { HomeRow } from './rows';

const row = (world: string, agent: string, reward = 1): HomeRow => ({
  world,
  agent,
  label: agent,
  task: { id: 't' },
  taskTitle: 'a task </script><!-- with markup in it',
  card: { layers: [], reward, naive: 1, verdict: { naive: 'PASS', full: reward === 1 ? 'PASS' : 'FAIL', caughtBy: null }, final: true },
});

const WORLDS = ['fault-api', 'ticket-queue', 'tripwire', 'web-portal'];

const built = (): BuiltHomeRows => ({
  'fault-api': [row('fault-api', 'careful')],
  'ticket-queue': [row('ticket-queue', 'oracle')],
  tripwire: [row('tripwire', 'the-peeker', 0)],
  'web-portal': [row('web-portal', 'the-skipper', 0.8)],
});

describe('the rows the build wrote into index.html', () => {
  it('survive the data block: its text cannot end the <script> element or open a comment', () => {
    const text = builtRowsJson(built());
    expect(text).not.toMatch(/<\/script|<!--/i);
    expect(builtHomeRowsFrom(text, WORLDS)).toEqual(built());
  });

  it('are absent on the dev server, and unreadable when malformed or missing a world', () => {
    expect(builtHomeRowsFrom(null, WORLDS)).toBeNull();
    expect(builtHomeRowsFrom('{"fault-api": [', WORLDS)).toBeNull();
    const { tripwire: _, ...partial } = built();
    expect(parseBuiltHomeRows(partial, WORLDS)).toBeNull();
    expect(parseBuiltHomeRows({ ...built(), tripwire: [{ agent: 'the-peeker' }] }, WORLDS)).toBeNull();
    expect(parseBuiltHomeRows({ ...built(), tripwire: [{ ...row('tripwire', 'x'), card: { ...row('tripwire', 'x').card, reward: '1' } }] }, WORLDS)).toBeNull();
  });
});

describe('checking the build against this browser', () => {
  it('shows the build rows, pending, until this browser has its own', () => {
    const state = initialHomeState(built(), WORLDS);
    expect(state.tripwire).toEqual({ rows: built().tripwire!, check: { status: 'pending' } });
    expect(homeSettled(state)).toBe(false);
    expect(initialHomeState(null, WORLDS)['fault-api']).toEqual({ rows: null, check: { status: 'pending' } });
  });

  it('verifies rows equal as JSON whatever their key order, and keeps the build rows on screen', () => {
    const { card, ...rest } = row('tripwire', 'the-peeker', 0);
    const result = checkHomeRows(built().tripwire!, [{ card, ...rest }]);
    expect(result.check).toEqual({ status: 'verified' });
    expect(result.rows).toEqual(built().tripwire!);
  });

  it('shows this browser rows and lists the differences when they disagree', () => {
    const live = [row('tripwire', 'the-peeker', 0.25)];
    expect(checkHomeRows(built().tripwire!, live)).toEqual({
      rows: live,
      check: { status: 'differs', differences: ['the-peeker card.reward: 0 at build, 0.25 here'] },
    });
  });

  it('says "computed" with no build to compare with, and keeps the build rows when this browser fails', () => {
    expect(checkHomeRows(null, [row('fault-api', 'careful')]).check).toEqual({ status: 'computed' });
    expect(failedHomeRows(built().tripwire!, 'could not load SQLite')).toEqual({
      rows: built().tripwire!,
      check: { status: 'error', message: 'could not load SQLite' },
    });
  });

  it('is settled once every world is verified, different or failed', () => {
    const state = initialHomeState(built(), WORLDS);
    state['fault-api'] = checkHomeRows(built()['fault-api']!, built()['fault-api']!);
    state['ticket-queue'] = failedHomeRows(null, 'x');
    expect(homeSettled(state)).toBe(false);
    state.tripwire = checkHomeRows(built().tripwire!, [row('tripwire', 'other')]);
    expect(homeSettled(state)).toBe(false);
    state['web-portal'] = checkHomeRows(built()['web-portal']!, built()['web-portal']!);
    expect(homeSettled(state)).toBe(true);
  });
});
