import { describe, expect, it } from 'vitest';
import { scoreEpisode, type EpisodeView, type Rubric } from './rubric';
import type { Task } from './types';

const task: Task = { world: 't', id: 't/1', title: 't', seed: 1, spec: {}, maxTurns: 5, prompt: [], tools: [] };
const view = (stop = true): EpisodeView => ({
  task,
  steps: [],
  stop: stop ? { reason: 'submitted', terminated: true, truncated: false } : null,
  state: {},
});

function rubric(values: Record<string, number>, opts: Partial<Rubric> = {}): Rubric {
  return {
    layers: [
      { id: 'a', label: 'A', weight: 0.75, score: () => ({ value: values.a!, reasons: values.a! < 1 ? ['a short'] : [] }) },
      { id: 'b', label: 'B', weight: 0.25, score: () => ({ value: values.b!, reasons: ['b short'], caughtBy: 'b: custom' }) },
      { id: 'g', label: 'G', weight: 0, gate: true, score: () => ({ value: values.g!, reasons: ['tripped'] }) },
      { id: 'm', label: 'M', weight: 0, score: () => ({ value: 0, reasons: ['a metric'] }) },
    ],
    naive: () => values.a!,
    ...opts,
  };
}

describe('scoreEpisode', () => {
  it('is the gate times the weighted sum, metrics not counted', () => {
    const card = scoreEpisode(rubric({ a: 1, b: 0.6, g: 1 }), view());
    expect(card.reward).toBeCloseTo(0.9, 6);
    expect(card.verdict).toEqual({ naive: 'PASS', full: 'FAIL', caughtBy: 'b: custom' });
    expect(card.layers.find((l) => l.id === 'g')?.gate).toBe(true);
  });

  it('a closed gate zeroes the reward and is named first when ordered first', () => {
    const card = scoreEpisode(rubric({ a: 1, b: 0.5, g: 0 }, { caughtByOrder: ['g', 'b', 'a'] }), view());
    expect(card.reward).toBe(0);
    expect(card.verdict.caughtBy).toBe('G: tripped');
  });

  it('passes only at full marks, and a weight-0 metric never fails the verdict', () => {
    expect(scoreEpisode(rubric({ a: 1, b: 1, g: 1 }), view()).verdict).toEqual({ naive: 'PASS', full: 'PASS', caughtBy: null });
    expect(scoreEpisode(rubric({ a: 0.9999, b: 1, g: 1 }), view()).verdict.full).toBe('FAIL');
  });

  it('clamps values and marks a running episode provisional', () => {
    const card = scoreEpisode(rubric({ a: 1.5, b: -1, g: 1 }), view(false));
    expect(card.layers.map((l) => l.value)).toEqual([1, 0, 1, 0]);
    expect(card.final).toBe(false);
  });

  it('uses a custom combine and readings when given', () => {
    const card = scoreEpisode(rubric({ a: 0.5, b: 1, g: 1 }, { combine: (v) => v.get('b')!, readings: () => ({ strict: 0 }) }), view());
    expect(card.reward).toBe(1);
    expect(card.readings).toEqual({ strict: 0 });
  });
});
