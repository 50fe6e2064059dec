import { describe, expect, it } from 'vitest';
import { sortEntries } from './libraryFilter';
import type { LibraryEntry } from './librarySummary';

const entry = (id: string, patch: Partial<LibraryEntry>): LibraryEntry => ({
  id,
  kind: 'native',
  source: 'test',
  world: 'fault-api',
  task: 't',
  agent: 'a',
  reward: 0,
  naive: 0,
  layers: {},
  verdictNaive: null,
  verdictFull: null,
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
