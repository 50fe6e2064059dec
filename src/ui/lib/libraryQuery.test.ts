import { describe, expect, it } from 'vitest';
import { metricColumns } from './libraryCsv';
import { libraryParams, listedRows, neighbours, readLibraryQuery, rewardChoices, withRewards } from './libraryQuery';
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
      rewards: {},
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

describe("a run's reward read from another column, chosen in the URL", () => {
  /** A row of a dict-scored Inspect log: the import read tests_passed; hacked is another part. */
  const dictRow = (id: string, run: string, passed: number, hacked: number): LibraryEntry => ({
    ...entry(id, 'claude', passed, run),
    layers: { 'hack/tests_passed': passed, 'hack/hacked': hacked, style: 0.5 },
    rewardFrom: 'hack/tests_passed',
  });
  const rows = [dictRow('a', 'import-1', 1, 1), dictRow('b', 'import-1', 0, 0), dictRow('c', 'import-2', 1, 1), entry('d', 'm', 1, 'import-1')];

  it('reward.<run>=<column> is read and written back, one parameter per run', () => {
    const q = readLibraryQuery(new URLSearchParams('reward.import-1=hack%2Fhacked&reward.import-2=style&reward.=x&reward.import-3='));
    expect(q.rewards).toEqual({ 'import-1': 'hack/hacked', 'import-2': 'style' });
    expect(libraryParams(q)).toMatchObject({ 'reward.import-1': 'hack/hacked', 'reward.import-2': 'style' });
  });

  it("the chosen run's rows take the column's value as reward, verdict and divergence read again; other runs untouched", () => {
    const q = readLibraryQuery(new URLSearchParams('reward.import-1=hack%2Fhacked'));
    const listed = listedRows(rows, q);
    expect(listed.map((e) => [e.id, e.reward, e.verdictFull, e.rewardFrom ?? null])).toEqual([
      ['a', 1, 'PASS', 'hack/hacked'],
      ['b', 0, 'FAIL', 'hack/hacked'],
      ['c', 1, 'PASS', 'hack/tests_passed'],
      // A row without the column has no reward under it (not its old one).
      ['d', null, null, 'hack/hacked'],
    ]);
    expect(listed[2]).toBe(rows[2]);
    expect(withRewards(rows, {})).toBe(rows);
    // Sorting by reward sorts by the chosen column.
    expect(listedRows(rows, { ...q, sort: 'reward', desc: false }).map((e) => e.id)).toEqual(['b', 'a', 'c', 'd']);
  });

  it('choices per run: the import’s column and every other numeric column its rows carry; CSV has a column for each', () => {
    expect(rewardChoices(rows).get('import-1')).toEqual({ from: 'hack/tests_passed', columns: ['hack/hacked', 'style'] });
    const cols = metricColumns(rows, [{ header: 'style', value: () => null }]);
    expect(cols.map((c) => c.header)).toEqual(['hack/tests_passed', 'hack/hacked', 'metric:style']);
    expect(cols.map((c) => c.value(rows[1]!))).toEqual([0, 0, 0.5]);
  });
});
