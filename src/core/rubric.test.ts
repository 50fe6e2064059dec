import { describe, expect, it } from 'vitest';
import { METRIC_WHY } from './composition';
import { perEpisode, scoreEpisode, type EpisodeView, type Rubric } from './rubric';
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

  it('scores a layer that throws as 0 with the error, and the naive reading that throws as 0: the card is still made', () => {
    const throwing = rubric(
      { a: 1, b: 1, g: 1 },
      {
        naive: () => {
          throw new RangeError('Maximum call stack size exceeded');
        },
      },
    );
    throwing.layers[0] = {
      ...throwing.layers[0]!,
      score: () => {
        throw new RangeError('Maximum call stack size exceeded');
      },
    };
    const card = scoreEpisode(throwing, view());
    expect(card.layers[0]).toMatchObject({ value: 0, pass: false, reasons: ['this layer could not be scored: Maximum call stack size exceeded'] });
    expect(card.naive).toBe(0);
    expect(card.reward).toBeCloseTo(0.25, 6);
    expect(card.verdict).toEqual({ naive: 'FAIL', full: 'FAIL', caughtBy: 'A: could not be scored' });
  });

  it('clamps values and marks a running episode provisional', () => {
    const card = scoreEpisode(rubric({ a: 1.5, b: -1, g: 1 }), view(false));
    expect(card.layers.map((l) => l.value)).toEqual([1, 0, 1, 0]);
    expect(card.final).toBe(false);
  });

  it('computes the reward from a custom composition and keeps it on the card, with readings', () => {
    const compose = () => ({ factors: ['g'], terms: [{ layer: 'b', weight: 1 }], unused: [{ layer: 'a', why: 'not here' }] });
    const card = scoreEpisode(rubric({ a: 0.5, b: 1, g: 1 }, { compose, readings: () => ({ strict: 0 }) }), view());
    expect(card.reward).toBe(1);
    expect(card.readings).toEqual({ strict: 0 });
    expect(card.composition).toEqual({
      factors: ['g'],
      terms: [{ layer: 'b', weight: 1, adds: 1 }],
      unused: [
        { layer: 'a', why: 'not here' },
        { layer: 'm', why: METRIC_WHY },
      ],
      naiveFrom: null,
      naiveCheck: null,
    });
  });

  it('by default the gate multiplies and each weighted layer adds weight × value, the adds summing to the reward', () => {
    const card = scoreEpisode(rubric({ a: 0.4, b: 0.6, g: 0.5 }), view());
    // 0.5 × (0.75·0.4 + 0.25·0.6) = 0.225: a adds 0.5·0.3, b adds 0.5·0.15
    expect(card.reward).toBeCloseTo(0.225, 9);
    expect(card.composition?.terms.map((t) => [t.layer, t.adds])).toEqual([
      ['a', 0.15],
      ['b', 0.075],
    ]);
    expect(card.composition?.factors).toEqual(['g']);
  });
});

describe('perEpisode', () => {
  it('reads an episode view once, whoever asks, and each view on its own', () => {
    let reads = 0;
    const answer = perEpisode((ep: { answer: string }) => (reads++, ep.answer.toUpperCase()));
    const a = { answer: 'x' };
    const b = { answer: 'y' };
    expect([answer(a), answer(a), answer(b), answer(a)]).toEqual(['X', 'X', 'Y', 'X']);
    expect(reads).toBe(2);
  });
});
