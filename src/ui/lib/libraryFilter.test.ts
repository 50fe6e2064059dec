import { describe, expect, it } from 'vitest';
import { divergenceParam, filterEntries, readDivergenceParam, sortEntries, type LibraryFilter } from './libraryFilter';
import type { LibraryEntry } from './librarySummary';

const entry = (id: string, patch: Partial<LibraryEntry>): LibraryEntry => ({
  id,
  kind: 'native',
  source: 'test',
  what: 'native trace',
  place: '',
  status: 'ok',
  statusNote: null,
  run: null,
  envFrom: null,
  modelFrom: null,
  example: 'e',
  world: 'fault-api',
  task: 't',
  agent: 'a',
  reward: 0,
  naive: 0,
  layers: {},
  verdictNaive: null,
  verdictFull: null,
  strict: null,
  disagreement: false,
  steps: 0,
  tokens: null,
  durationMs: null,
  stop: null,
  text: '',
  ...patch,
});

const ids = (xs: readonly LibraryEntry[]) => xs.map((e) => e.id).join(' ');

describe('sortEntries', () => {
  const rows = [
    entry('a', { reward: 0.5, task: 'seed 10', disagreement: true }),
    entry('b', { reward: null, task: 'seed 9' }),
    entry('c', { reward: 1, task: 'Seed 2' }),
    entry('d', { reward: 0.5, task: 'seed 1' }),
  ];

  it('leaves the order alone without a sort key', () => {
    expect(ids(sortEntries(rows, null, false))).toBe('a b c d');
  });

  it('sorts numbers both ways, missing values last either way, ties in import order', () => {
    expect(ids(sortEntries(rows, 'reward', false))).toBe('a d c b');
    expect(ids(sortEntries(rows, 'reward', true))).toBe('c a d b');
  });

  it('sorts text in natural order, ignoring case (seed 9 before seed 10)', () => {
    expect(ids(sortEntries(rows, 'task', false))).toBe('d c b a');
  });

  it('sorts the naive-pass/full-fail flag with the flagged rows first when descending', () => {
    expect(ids(sortEntries(rows, 'disagreement', true))).toBe('a b c d');
  });

  it('does not touch its input', () => {
    sortEntries(rows, 'reward', true);
    expect(ids(rows)).toBe('a b c d');
  });
});

describe('filtering by divergence', () => {
  const rows = [
    entry('cheat', { verdictNaive: 'PASS', verdictFull: 'FAIL', reward: 0.73 }),
    entry('honest', { verdictNaive: 'PASS', verdictFull: 'PASS', reward: 1 }),
    entry('lucky', { verdictNaive: 'FAIL', verdictFull: 'PASS', reward: 1 }),
    entry('dense', { verdictNaive: 'FAIL', verdictFull: 'FAIL', reward: 0.9, strict: 0 }),
    entry('unscored', {}),
  ];
  const by = (patch: Partial<LibraryFilter>) => ids(filterEntries(rows, { text: '', world: '', divergence: '', only: null, ...patch }));

  it('keeps the rows that diverge in the chosen way, or in any way', () => {
    expect(by({})).toBe('cheat honest lucky dense unscored');
    expect(by({ divergence: 'naive-pass-full-fail' })).toBe('cheat');
    expect(by({ divergence: 'naive-fail-full-pass' })).toBe('lucky');
    expect(by({ divergence: 'strict-vs-dense' })).toBe('dense');
    expect(by({ divergence: 'any' })).toBe('cheat lucky dense');
  });

  it('restricts to a selection when one is given', () => {
    expect(by({ divergence: 'any', only: new Set(['cheat', 'honest']) })).toBe('cheat');
  });

  it('reads and writes the URL parameter, the older "disagreements" included', () => {
    expect(readDivergenceParam('disagreements')).toBe('naive-pass-full-fail');
    expect(readDivergenceParam('diverging')).toBe('any');
    expect(readDivergenceParam('strict-vs-dense')).toBe('strict-vs-dense');
    expect(readDivergenceParam('nonsense')).toBe('');
    expect(readDivergenceParam(null)).toBe('');
    for (const f of ['', 'any', 'naive-pass-full-fail', 'naive-fail-full-pass', 'strict-vs-dense'] as const)
      expect(readDivergenceParam(divergenceParam(f) ?? null)).toBe(f);
  });
});
