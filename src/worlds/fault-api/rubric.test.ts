import { describe, expect, it } from 'vitest';
import type { Json } from '../../core/json';
import { scoreEpisode, type EpisodeView } from '../../core/rubric';
import { makeRecords } from './data';
import { taskFromParams } from './index';
import { budgetDiscipline, completeness, faultApiRubric, naiveRecall, typeHandling } from './rubric';
import { params } from './testing';

const p = params('hostile', 4);
const truth = makeRecords(p);
const view = (submitted: Json[] | null, rateLimited = 0): EpisodeView => ({
  task: taskFromParams(p),
  steps: [],
  stop: { reason: 'submitted', terminated: true, truncated: false },
  state: { submitted, rate_limited: rateLimited },
});
const exact = truth.map((r) => ({ id: r.id, amount: r.amount }));

describe('fault-api rewards', () => {
  it('give a perfect submission 1.0 on every layer', () => {
    const card = scoreEpisode(faultApiRubric, view(exact));
    expect(card.reward).toBe(1);
    expect(card.verdict).toEqual({ naive: 'PASS', full: 'PASS', caughtBy: null });
  });

  it('penalise duplicates in completeness while naive recall stays 1.0', () => {
    const withDupes = [...exact, ...exact.slice(0, 10)];
    expect(completeness(view(withDupes)).value).toBeCloseTo(1 - 10 / 50, 9);
    expect(completeness(view(withDupes)).reasons).toContain('10 duplicate rows (penalty 0.20)');
    expect(naiveRecall(view(withDupes))).toBe(1);
  });

  it('use Jaccard: missing and made-up ids both cost', () => {
    expect(completeness(view(exact.slice(0, 30))).value).toBeCloseTo(30 / 40, 9);
    const fabricated = [...exact, { id: 'rec-0041', amount: 5 }, { id: 'rec-0042', amount: 6 }];
    expect(completeness(view(fabricated)).value).toBeCloseTo(40 / 42, 9);
    expect(completeness(view([...exact, { amount: 3 }])).value).toBeCloseTo(40 / 41, 9);
  });

  it('count only integer numbers equal to the truth as typed right: not strings, not booleans, not floats', () => {
    const rows = exact.slice(0, 4).map((r, i) => ({ id: r.id, amount: [String(r.amount), true, r.amount + 0.5, r.amount][i]! }));
    const r = typeHandling(view(rows as Json[]));
    expect(r.value).toBe(0.25);
    expect(r.reasons).toEqual(['1 amount sent as a string', '2 amounts wrong, missing or not an integer']);
  });

  it('pay budget discipline 1 / (1 + 429s)', () => {
    expect(budgetDiscipline(view(exact, 0)).value).toBe(1);
    expect(budgetDiscipline(view(exact, 1)).value).toBe(0.5);
    expect(budgetDiscipline(view(exact, 4)).value).toBe(0.2);
  });

  it('weigh 0.6 / 0.2 / 0.2 and pass only at 1.0', () => {
    const card = scoreEpisode(faultApiRubric, view(exact, 1));
    expect(card.reward).toBeCloseTo(0.9, 6);
    expect(card.verdict.full).toBe('FAIL');
    expect(card.verdict.caughtBy).toMatch(/^budget discipline: 1 429 response/);
  });

  it('score no submission as zero on completeness and types', () => {
    const card = scoreEpisode(faultApiRubric, view(null));
    expect(card.layers.map((l) => l.value)).toEqual([0, 0, 1]);
    expect(card.naive).toBe(0);
  });
});
