import { describe, expect, it } from 'vitest';
import { libraryParams, listedRows, neighbours, readLibraryQuery } from './libraryQuery';
import type { LibraryEntry } from './librarySummary';

const entry = (id: string, agent: string, reward: number, run: string | null = null): LibraryEntry => ({
  id,
  kind: 'vf',
  source: 's',
  what: 'vf rollout',
  place: '',
  status: 'ok',
  statusNote: null,
  run,
  world: 'wiki',
  task: `example ${id}`,
  agent,
  envFrom: 'folder',
  modelFrom: 'folder',
  example: `wiki ${id}`,
  reward,
  naive: null,
  layers: {},
  verdictNaive: null,
  verdictFull: reward === 1 ? 'PASS' : 'FAIL',
  strict: null,
  disagreement: false,
  steps: 1,
  tokens: null,
  durationMs: null,
  stop: null,
  text: '',
});

describe('the library listing in the URL', () => {
  it('reads what it writes; defaults are left out; unknown values fall back', () => {
    const q = readLibraryQuery(new URLSearchParams('q=refund&world=wiki&agent=m&run=import-1&filter=diverging&status=unfinished&group=run&sort=reward&desc=1'));
    expect(q).toEqual({
      text: 'refund',
      world: 'wiki',
      agent: 'm',
      run: 'import-1',
      divergence: 'any',
      status: 'unfinished',
      group: 'run',
      sort: 'reward',
      desc: true,
    });
    expect(readLibraryQuery(new URLSearchParams(Object.entries(libraryParams(q)).flatMap(([k, v]) => (v === undefined ? [] : [[k, v]]))))).toEqual(q);
    expect(Object.values(libraryParams(readLibraryQuery(new URLSearchParams(''))))).toEqual(
      Object.values(libraryParams(readLibraryQuery(new URLSearchParams('group=nonsense&sort=nope')))),
    );
    expect(Object.values(libraryParams(readLibraryQuery(new URLSearchParams('')))).every((v) => v === undefined)).toBe(true);
  });

  it('lists by agent and run, sorted; next and previous follow that order', () => {
    const rows = [entry('a', 'm1', 0.5, 'r1'), entry('b', 'm2', 1, 'r2'), entry('c', 'm1', 0, 'r1'), entry('d', 'm1', 1, null)];
    const q = readLibraryQuery(new URLSearchParams('agent=m1&sort=reward&desc=1'));
    const listed = listedRows(rows, q);
    expect(listed.map((e) => e.id)).toEqual(['d', 'a', 'c']);
    expect(listedRows(rows, readLibraryQuery(new URLSearchParams('run=r1'))).map((e) => e.id)).toEqual(['a', 'c']);
    expect(neighbours(listed, 'a')).toMatchObject({ index: 1, prev: { id: 'd' }, next: { id: 'c' } });
    expect(neighbours(listed, 'd')).toMatchObject({ index: 0, prev: null });
    expect(neighbours(listed, 'b')).toEqual({ prev: null, next: null, index: -1 });
  });

  it('a plain listing is the rows themselves, not a copy (a big import re-lists after every batch); a blank search filters nothing', () => {
    const rows = [entry('a', 'm1', 0.5, 'r1'), entry('b', 'm2', 1, 'r2')];
    expect(listedRows(rows, readLibraryQuery(new URLSearchParams('')))).toBe(rows);
    expect(listedRows(rows, readLibraryQuery(new URLSearchParams('q=%20')))).toBe(rows);
    expect(listedRows(rows, readLibraryQuery(new URLSearchParams('q=example%20b'))).map((e) => e.id)).toEqual(['b']);
    expect(listedRows(rows, readLibraryQuery(new URLSearchParams('filter=diverging')))).toEqual([]);
  });
});
