import { describe, expect, it } from 'vitest';
import type { Json } from '../../core/json';
import { readReward, readScore, scoreMetrics, scoreParts, scoreToNumber } from './scores';

const scores = (values: Record<string, Json>) => Object.fromEntries(Object.entries(values).map(([k, value]) => [k, readScore({ value }, k)]));

describe('score values of every shape Inspect allows', () => {
  it("numbers, booleans, letter grades, yes/no and numbers written as strings read as Inspect's value_to_float reads them", () => {
    expect([1, 0.25, true, false, 'C', 'I', 'P', 'N', 'yes', 'No', '0.75', ' 3 '].map(scoreToNumber)).toEqual([1, 0.25, 1, 0, 1, 0, 0.5, 0, 1, 0, 0.75, 3]);
    // Where Inspect would warn and count 0: no number, so no made-up zero in a mean.
    expect(['', 'maybe', null, { a: 1 }, [1]].map((v) => scoreToNumber(v as Json))).toEqual([null, null, null, null, null]);
  });

  it('a dict or list score is read as its parts, each a column "scorer/key", letters and strings read as numbers', () => {
    expect(scoreParts({ tests_passed: 1, hacked: true, grade: 'P', note: 'odd' })).toEqual([
      ['tests_passed', 1],
      ['hacked', 1],
      ['grade', 0.5],
      ['note', null],
    ]);
    expect(scoreParts([1, '0', 'C'])).toEqual([
      ['0', 1],
      ['1', 0],
      ['2', 1],
    ]);
    expect(scoreMetrics(scores({ hack: { tests_passed: 0, hacked: false }, checks: [1, 0], style: 'C' }), 'hack')).toEqual({
      'hack/tests_passed': 0,
      'hack/hacked': 0,
      'checks/0': 1,
      'checks/1': 0,
      style: 1,
    });
  });
});

describe('the reward of a sample, by the rule its import states', () => {
  it("a scalar primary scorer is the reward ('scorer')", () => {
    expect(readReward(scores({ match: 'C' }), 'match', ['accuracy'])).toEqual({ reward: 1, column: 'match', rule: 'scorer' });
    expect(readReward(scores({ match: 'unclear' }), 'match', [])).toEqual({ reward: null, column: null, rule: null });
  });

  it("a dict: the part named like the log's metric for it, in the results' order ('metric')", () => {
    const s = scores({ hack: { hacked: true, tests_passed: 0.5 } });
    expect(readReward(s, 'hack', ['tests_passed', 'hacked'])).toEqual({ reward: 0.5, column: 'hack/tests_passed', rule: 'metric' });
    // A metric over the whole dict, as Inspect expands it: "<metric>_<key>".
    expect(readReward(s, 'hack', ['switch_rate', 'mean_tests_passed'])).toEqual({ reward: 0.5, column: 'hack/tests_passed', rule: 'metric' });
  });

  it("a dict or list with no part named like a metric: the first numeric part ('first-numeric')", () => {
    expect(readReward(scores({ hack: { note: 'n/a', hacked: true, tests_passed: 0.5 } }), 'hack', ['accuracy'])).toEqual({
      reward: 1,
      column: 'hack/hacked',
      rule: 'first-numeric',
    });
    expect(readReward(scores({ subtests: ['x', 'C', 0] }), 'subtests', [])).toEqual({ reward: 1, column: 'subtests/1', rule: 'first-numeric' });
    expect(readReward(scores({ hack: { note: 'n/a' } }), 'hack', [])).toEqual({ reward: null, column: null, rule: null });
  });
});
