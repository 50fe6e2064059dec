import { describe, expect, it } from 'vitest';
import type { LibraryEntry } from '../../lib/librarySummary';
import { chartData, niceTicks } from './LibraryCharts';

const entry = (agent: string, reward: number | null, naive: number | null, layers: Record<string, number> = {}): LibraryEntry => ({
  id: `${agent}-${reward}-${naive}`,
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
  world: 'w',
  task: 't',
  agent,
  reward,
  naive,
  layers,
  verdictNaive: null,
  verdictFull: null,
  strict: null,
  disagreement: false,
  steps: 1,
  tokens: null,
  durationMs: null,
  stop: null,
  text: '',
});

describe('library charts', () => {
  it('counts traces per reward bin and agent; 1.0 falls in the last bin; unscored traces are left out', () => {
    const d = chartData([entry('a', 0, 1), entry('a', 0.05, 1), entry('b', 1, 1), entry('b', 0.55, 1), entry('a', null, null)]);
    expect(d.agents).toEqual(['a', 'b']);
    expect(d.hist[0]).toEqual([2, 0]);
    expect(d.hist[5]).toEqual([0, 1]);
    expect(d.hist[9]).toEqual([0, 1]);
    expect(d.hist.flat().reduce((x, y) => x + y, 0)).toBe(4);
  });

  it('samples at most 400 points evenly and averages every layer', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => entry('a', (i % 10) / 10, 1, { policy: i % 2 }));
    const d = chartData(rows);
    expect(d.scatter.length).toBeLessThanOrEqual(400);
    expect(d.scatter.length).toBeGreaterThan(300);
    expect(d.layers).toEqual([{ layer: 'policy', mean: 0.5 }]);
  });

  it('picks round axis ticks that reach the tallest bar', () => {
    expect(niceTicks(1)).toEqual([0, 1]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(2500)).toEqual([0, 1000, 2000, 3000]);
    expect(niceTicks(0)).toEqual([0]);
  });
});
