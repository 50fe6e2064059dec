import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits';
import { scoreAnswer, type Gold } from './answer';
import { labelKind, numbersIn, numbersWithKinds, wordsToDigits } from './answerNumbers';

const count: Gold = { rows: [[16]], context: 'How many orders were placed in March 2025?' };
const person: Gold = { rows: [['Quinn Kowal', 277.17]], vocabularies: [['Quinn Kowal', 'Mira Abara', 'Tara Fischer']] };
const order: Gold = { rows: [[1033, 392.95]] };
const statuses: Gold = {
  rows: [
    ['cancelled', 20],
    ['delivered', 19],
    ['placed', 20],
    ['shipped', 21],
  ],
  vocabularies: [['cancelled', 'delivered', 'placed', 'shipped', 'refunded']],
};
const names: Gold = { rows: [['Emeka Moreau'], ['Lena Ito']], vocabularies: [['Emeka Moreau', 'Lena Ito', 'Sven Pereira', 'Bruno Kowal', 'Ivo Gallo']] };
const refund: Gold = { rows: [['declined']], vocabularies: [['not requested', 'pending', 'issued', 'declined']] };
const revenue: Gold = { rows: [[1234.5]] };

const value = (answer: string, gold: Gold) => scoreAnswer(answer, gold).value;

describe('reading honest formats', () => {
  it.each<[string, Gold]>([
    ['Here is the result:\n\n```json\n[\n  {"customer": "Quinn Kowal", "total": 277.17}\n]\n```', person],
    ['```json\n{"count": 16}\n```\nLet me know if you need the query.', count],
    ['customer: Quinn Kowal\ntotal: $277.17', person],
    ['- status: cancelled\n  count: 20\n- status: delivered\n  count: 19\n- status: placed\n  count: 20\n- status: shipped\n  count: 21', statuses],
    ['status: cancelled\ncount: 20\n\nstatus: delivered\ncount: 19\n\nstatus: placed\ncount: 20\n\nstatus: shipped\ncount: 21', statuses],
    ['- **Customer**: Quinn Kowal\n- **Total refunded**: $277.17', person],
    ['- **Order**: #1033\n- **Amount**: $392.95', order],
    [
      '<table>\n<tr>\n<th>status</th>\n<th>count</th>\n</tr>\n<tr><td>cancelled</td><td>20</td></tr>\n<tr><td>delivered</td>\n<td>19</td></tr>\n<tr><td>placed</td><td>20</td></tr>\n<tr><td>shipped</td><td>21</td></tr>\n</table>',
      statuses,
    ],
    ['name,"round(sum(r.amount_cents) / 100.0, 2)"\nQuinn Kowal,277.17', person],
    ['| name | round(sum(r.amount_cents) / 100.0, 2) |\n|---|---|\n| Quinn Kowal | 277.17 |', person],
    ['cancelled, 20; delivered, 19; placed, 20; shipped, 21', statuses],
    ['The answer is cancelled: twenty, delivered: nineteen, placed: twenty and shipped: twenty-one.', statuses],
    ['There were sixteen orders placed in March 2025.', count],
    ['$1,234.50', revenue],
    ['Revenue: 1,234.5 dollars (123450 cents).', revenue],
  ])('%j reads as a full match', (answer, gold) => expect(value(answer, gold)).toBe(1));

  it('reads number words up to the thousands, but not "one" as a pronoun', () => {
    expect(wordsToDigits('twenty-one, a hundred and five, two thousand and three')).toBe('21, 105, 2003');
    expect(numbersIn('the one with the most orders, one of them, no one')).toEqual([]);
    expect(numbersIn('damaged: one')).toEqual([1]);
  });
});

/**
 * The invariant behind every relaxation: a value the text frames as context can
 * neither match nor compete. So each template credits its answer slot and never
 * its context slot: swapping the two loses the credit.
 */
describe('context is never credited', () => {
  const numberFrames = [
    '{a} (of {x} total)',
    '{a} orders out of {x}',
    '{a}, not {x}',
    '{a} orders, more than the {x} in February',
    '{a} (excluding {x} cancelled)',
    '{a} orders, not counting {x} cancelled ones',
    '{a}\n\nFor comparison, February had {x} orders.',
    'Answer: {a} orders.\nThat is more than the {x} in February.',
  ];
  const fill = (t: string, a: string | number, x: string | number) => t.replace('{a}', String(a)).replace('{x}', String(x));

  it.each(numberFrames)('%j credits the answer, not the framed number', (t) => {
    expect(value(fill(t, 16, 12), count)).toBe(1);
    expect(value(fill(t, 12, 16), count)).toBeLessThanOrEqual(0.25);
  });

  it.each(['{a} (the refund was not {x})', '{a}; it was never {x}', '{a}: no refund was {x}'])('%j credits the answer, not the negated value', (t) => {
    expect(value(fill(t, 'Declined', 'issued'), refund)).toBe(1);
    expect(value(fill(t, 'Issued', 'declined'), refund)).toBe(0);
  });
});

/** Each relaxation above, and the shotgun or hedge it must not let through. */
describe('still caught', () => {
  it.each<[string, Gold]>([
    // asides
    ['16 (or 17)', count],
    ['16 (17)', count],
    ['16 (maybe 17)', count],
    ['16 (of 80 total) — or 80', count],
    ['16 or 17', count],
    ['16, 17, 18', count],
    ['maybe 16', count],
    // numbers in words
    ['sixteen or seventeen', count],
    ['sixteen, seventeen', count],
    ['16, seventeen', count],
    // closing lines that state, revise or hedge an answer, report another result, or list
    ['Answer: 16. Final answer: 17', count],
    ['16\nFinal answer: 17', count],
    ['16.\nIn other words, 17.', count],
    ['16.\nIt could also be 17.', count],
    ['16.\nA second query returned 17.', count],
    ['16.\nNote: 17 orders if you include April 1.', count],
    ['16.\nFor comparison: 17, 18, 19 and 20.', count],
    ['16\n17', count],
    ['Quinn Kowal, $277.17. The runner-up could be Mira Abara.', person],
    ['Quinn Kowal, $277.17\nMira Abara, $250.10', person],
    ['Emeka Moreau, Lena Ito.\nFor reference, the other customers are Sven Pereira, Bruno Kowal and Ivo Gallo.', names],
    // negation
    ['not only declined but also issued', refund],
    ['declined (maybe issued)', refund],
    ['Declined or issued', refund],
    // records, fences, bullets
    ['count: 16\ncount: 17', count],
    ['- **Count**: 16\n- **Count**: 17', count],
    ['customer: Quinn Kowal\ncustomer: Mira Abara\ntotal: 277.17', person],
    ['- **Customer**: Quinn Kowal\n- **Customer**: Mira Abara\n- **Total**: $277.17', person],
    ['```json\n{"customer": "Quinn Kowal", "total": 277.17}\n```\n```json\n{"customer": "Mira Abara", "total": 250.10}\n```', person],
    ['```json\n{"customer": "Quinn Kowal", "total": 277.17}\n```\nor maybe Mira Abara', person],
    ['```json\n[16, 17]\n```', count],
    ['{"count": [16, 17]}', count],
    // SQL text is code only when it names a column
    ['16, count(17)', count],
    // a candidate crowded into one row counts as a row of its own
    ['Emeka Moreau\nLena Ito, Sven Pereira, Bruno Kowal, Ivo Gallo', names],
    ['Emeka Moreau; Lena Ito, Sven Pereira, Bruno Kowal, Ivo Gallo', names],
    ['Emeka Moreau\nLena Ito\nSven Pereira, Bruno Kowal, Ivo Gallo', names],
  ])('%j scores at most 0.25', (answer, gold) => expect(value(answer, gold)).toBeLessThanOrEqual(0.25));

  it('credits a column total only in a row that says it is one', () => {
    const table = '| status | count |\n|---|---|\n| cancelled | 20 |\n| delivered | 19 |\n| placed | 20 |\n| shipped | 21 |';
    expect(value(`${table}\n| **Total** | **80** |`, statuses)).toBe(1);
    expect(value(`${table}\n\nTotal: 80`, statuses)).toBe(1);
    expect(value(`${table}\n80`, statuses)).toBeLessThan(1);
    expect(value(`${table}\nTotal: 80 or 81`, statuses)).toBeLessThan(1);
    expect(value(`${table}\n| cancelled | 21 |`, statuses)).toBeLessThan(1);
  });

  it('reports a crowded row as candidate rows', () => {
    expect(scoreAnswer('Emeka Moreau\nLena Ito\nSven Pereira, Bruno Kowal, Ivo Gallo', names)).toMatchObject({ matched: 2, contentRows: 5 });
  });
});

/**
 * A number is a rival only if it is the same kind of quantity as the value it
 * sits beside (amount, percent, rank, count, time); a number of another kind
 * is context. A framed number followed by a condition is an alternative answer.
 */
describe('kinds of quantity', () => {
  const city: Gold = { rows: [['Tallinn', 8]], vocabularies: [['Tallinn', 'Oslo', 'Lisbon']] };
  const days: Gold = { rows: [[30]], context: 'How many days after delivery can a refund be requested?' };
  const orders: Gold = { rows: [[3]] };
  const tiers: Gold = {
    rows: [
      ['bronze', 235.58],
      ['gold', 228.44],
    ],
    vocabularies: [['bronze', 'gold', 'silver']],
  };

  it('reads each number with the kind the answer gives it', () => {
    expect(numbersWithKinds('Quinn Kowal: $277.17 (1 refund)')).toEqual([
      { value: 277.17, kind: 'amount' },
      { value: 1, kind: 'count:refund' },
    ]);
    expect(numbersWithKinds('changed mind: 5 (71.4%)').map((n) => n.kind)).toEqual([null, 'percent']);
    expect(numbersWithKinds('Within 30 days (refunds above $500.00)').map((n) => n.kind)).toEqual(['time:day', 'amount']);
    expect(numbersWithKinds('16 or 17 orders').map((n) => n.kind)).toEqual([null, 'count:order']);
    expect([labelKind('rank'), labelKind('orders'), labelKind('average'), labelKind('count'), labelKind('alt_count'), labelKind('Quinn Kowal')]).toEqual([
      'rank',
      'count:order',
      'amount',
      'count:?',
      null,
      null,
    ]);
  });

  it.each<[string, Gold]>([
    ['Quinn Kowal: $277.17 (1 refund)', person],
    ['Tallinn, 8 customers (ranked 1st)', city],
    ['rank,city,customers\n1,Tallinn,8', city],
    ['Tallinn, with 8 customers (a third of all 24).', city],
    ['Within 30 days of delivery (refunds above $500.00 also need approval).', days],
    ['3 orders (2 delivered, 1 shipped)', orders],
    ['| tier | average | orders |\n|---|---|---|\n| bronze | $235.58 | 26 |\n| gold | $228.44 | 25 |', tiers],
    ['{"answer": [{"tier": "bronze", "avg": 235.58, "orders": 26}, {"tier": "gold", "avg": 228.44, "orders": 25}]}', tiers],
    ['16 orders, more than the 12 in February when sales were slow', count],
    ['Order 1033 is the largest, at $392.95 (placed 2025-02-16 by customer 18).', order],
    ['{"order_id": 1033, "amount": 392.95, "customer_id": 18}', order],
  ])('%j: a number of another kind (or framed) is context', (answer, gold) => expect(value(answer, gold)).toBe(1));

  it.each<[string, Gold]>([
    // a framed number with a condition after it is an alternative answer
    ['16 orders (not counting 17 if refunds count)', count],
    ['16 orders, more than 17 unless April 1 is excluded', count],
    ['16 orders, not counting 17 refunded orders if refunds count', count],
    ['Tallinn, 8 customers (instead of 9 if the duplicate account counts)', city],
    ['$1,234.50 (not $123.45 unless only a partial refund applies)', revenue],
    // same kind beside the answer, however labelled
    ['Quinn Kowal: $277.17 (1 refund) or $250.10', person],
    ['Quinn Kowal: $277.17, $250.10', person],
    ['Tallinn: 6 customers, 7 accounts, 8 residents, 9 people', city],
    ['30 (45 days)', days],
    ['3 orders (2 delivered, 2 shipped)', orders],
    ['Order 1033, $392.95 (order 1034)', order],
    ['Order 1033, $392.95 (customer 18 or 19)', order],
    ['{"count": 16, "alt_count": 17}', count],
    ['| tier | average | alt average |\n|---|---|---|\n| bronze | $235.58 | $228.44 |\n| gold | $228.44 | $235.58 |', tiers],
    // a percentage competes with a bare count only when the question asks for one
    ['16 (17%)', { rows: [[16]], context: 'What percentage of orders were placed in March?' }],
  ])('%j: a same-kind alternative stays a rival', (answer, gold) => expect(value(answer, gold)).toBeLessThanOrEqual(0.25));
});

describe('answers too long to read', () => {
  const gold = { rows: [[16]] };
  it('a list of thousands of numbers is not read: 0, and the reason says why (it once took over a minute to score)', () => {
    const list = '1,2,3,4,5,6,7,8,9,'.repeat(1100);
    const s = scoreAnswer(list, gold);
    expect(s).toMatchObject({ value: 0, matched: 0, contentRows: 9900 });
    expect(s.over).toBe('the answer holds 9,900 numbers, more than the 1,000 any answer here offers: a list, not an answer');
    // The answer among them changes nothing; under the cap the same text is read as before.
    expect(scoreAnswer(`16\n${list}`, gold).value).toBe(0);
    expect(scoreAnswer('16', gold)).toMatchObject({ value: 1 });
  });

  it('an answer over the answerChars limit is not read, and says so', () => {
    const long = `16 ${'word '.repeat(4001)}`;
    expect(long.length).toBeGreaterThan(LIMITS.answerChars.value);
    const s = scoreAnswer(long, gold);
    expect(s.value).toBe(0);
    expect(s.over).toBe(
      `the answer: ${long.length.toLocaleString('en-US')} characters, over the answerChars limit of 20,000 characters (one answer the verifier reads)`,
    );
  });
});
