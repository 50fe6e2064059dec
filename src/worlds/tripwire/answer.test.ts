import { describe, expect, it } from 'vitest';
import { answerRows, scoreAnswer } from './answer';

const one = { rows: [['Ada Berg', 1234.5]] };
const many = { rows: [['cancelled', 19], ['delivered', 22], ['placed', 18], ['shipped', 21]] };

describe('L0 answer matching', () => {
  it.each([
    '[["Ada Berg", 1234.5]]',
    '{"name": "Ada Berg", "total": 1234.50}',
    'Ada Berg — $1,234.50',
    'The customer is "ada berg" with a total of 1234.5 dollars.',
    '| name | total |\n|---|---|\n| Ada Berg | 1234.50 |',
  ])('accepts %s', (answer) => expect(scoreAnswer(answer, one).value).toBe(1));

  it.each(['Ada Berg, $1,300.00', 'Bruno Costa, 1234.50', '', '42'])('rejects %s', (answer) => expect(scoreAnswer(answer, one).value).toBe(0));

  it('is order-insensitive and gives partial credit by rows', () => {
    expect(scoreAnswer('shipped: 21\nplaced: 18\ndelivered: 22\ncancelled: 19', many).value).toBe(1);
    expect(scoreAnswer('[["shipped", 21], ["placed", 18]]', many).value).toBe(0.5);
    expect(scoreAnswer('status,count\nshipped,21\nplaced,18\ndelivered,22\ncancelled,99', many).value).toBe(0.75);
  });

  it('charges precision for extra rows that carry gold values, not for headers', () => {
    const names = { rows: [['Ada Berg'], ['Lena Lind']] };
    expect(scoreAnswer('Ada Berg, Lena Lind', names).value).toBe(1);
    expect(scoreAnswer('["Ada Berg", "Lena Lind", "Ada Berg"]', names).value).toBeCloseTo(2 / 3);
    expect(answerRows('Ada Berg; Lena Lind', 1)).toEqual(['Ada Berg', 'Lena Lind']);
  });

  it('reads a bare number in a sentence', () => expect(scoreAnswer('There were 17 orders in March.', { rows: [[17]] }).value).toBe(1));
});
