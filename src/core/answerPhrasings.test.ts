import { describe, expect, it } from 'vitest';
import { scoreAnswer, type Gold } from './answer';
import { plainSpelling } from './answerSpelling';

/**
 * Harder honest phrasings — the ways a person or a model writes a right answer that
 * the sixteen generated formats do not: a sentence per row on one line, continental
 * separators, amounts and counts in words, surname first, digits of other scripts,
 * currency codes on either side — each a full match; beside each family, the same
 * spelling used to hedge or to add a row, which must not be.
 */
const NAMES = ['Quinn Kowal', 'Mira Abara', 'Ada Berg', 'Sven Dahl', 'Tara Ito'];
const VOCABS = [NAMES, ['Lisbon', 'Oslo', 'Lagos'], ['bronze', 'silver', 'gold'], ['placed', 'shipped', 'delivered', 'cancelled', 'refunded']];
const gold = (rows: Gold['rows'], context: string): Gold => ({ rows, vocabularies: VOCABS, context });

const TIERS = gold(
  [
    ['bronze', 41.2],
    ['silver', 52.1],
    ['gold', 63.05],
  ],
  'What is the average order amount in dollars (rounded to cents) for each customer tier?',
);
const TOP = gold([['Quinn Kowal', 277.17]], 'Which customer has the highest total refunded amount? Answer with the customer name and the total in dollars.');
const REVENUE = gold([[12345.67]], "What is the total amount, in dollars, of all orders placed by customers in the 'gold' tier?");
const STATUS = gold(
  [
    ['placed', 12],
    ['shipped', 20],
    ['delivered', 34],
    ['cancelled', 14],
  ],
  'How many orders are there in each status?',
);
const MARCH = gold([[16]], 'How many orders were placed in March 2025?');
const CITY = gold([['Lisbon', 9]], 'Which city has the most customers? Answer with the city and the number of customers there.');
const NEVER = gold([['Ada Berg'], ['Sven Dahl']], 'List the names of all customers who have never placed an order.');
const LARGEST = gold([[1033, 297.61]], 'Which order has the largest amount? Answer with the order id and its amount in dollars.');

const HONEST: [string, Gold, string][] = [
  [
    'sentence per row, one line',
    TIERS,
    'The bronze tier averages $41.20 per order. The silver tier averages $52.10 per order. The gold tier averages $63.05 per order.',
  ],
  ['continental, sign after', TIERS, 'Bronze: 41,20 $; silver: 52,10 $; gold: 63,05 $'],
  ['continental, euro sign', TIERS, 'bronze — 41,20 €\nsilver — 52,10 €\ngold — 63,05 €'],
  [
    'amounts in words',
    TIERS,
    'Bronze averages forty-one dollars and twenty cents, silver fifty-two dollars and ten cents, and gold sixty-three dollars and five cents.',
  ],
  ['full-width digits and signs', TIERS, 'bronze ＄４１．２０, silver ＄５２．１０, gold ＄６３．０５'],
  ['code in the header', TIERS, 'Tier averages (USD): bronze 41.20, silver 52.10, gold 63.05'],
  ['code before', TIERS, 'bronze: USD 41.20 | silver: USD 52.10 | gold: USD 63.05'],
  ['Arabic-Indic digits, Arabic decimal sign', TIERS, 'bronze: ٤١٫٢٠ $; silver: ٥٢٫١٠ $; gold: ٦٣٫٠٥ $'],
  ['code after, labels in brackets', TIERS, 'The averages are 41.20 USD (bronze), 52.10 USD (silver) and 63.05 USD (gold).'],
  ['continental table', TIERS, '| tier | avg (EUR) |\n|---|---|\n| bronze | 41,20 |\n| silver | 52,10 |\n| gold | 63,05 |'],
  ['surname first', TOP, 'Kowal, Quinn — $277.17'],
  ['surname first in capitals, continental', TOP, 'KOWAL, Quinn: 277,17 $'],
  ['surname first, amount in words', TOP, 'The top customer is Kowal, Quinn, with two hundred seventy-seven dollars and seventeen cents refunded.'],
  ['code in brackets', TOP, 'Quinn Kowal (USD 277.17)'],
  ['surname first without comma, code after', TOP, 'Kowal Quinn, 277.17 USD'],
  ['continental thousands', REVENUE, 'The gold tier brought in 12.345,67 $.'],
  ['code and English thousands', REVENUE, 'USD 12,345.67'],
  ['amount in words', REVENUE, 'twelve thousand three hundred forty-five dollars and sixty-seven cents'],
  ['full-width digits', REVENUE, '$１２,３４５.６７'],
  ['Swiss apostrophes', REVENUE, "12'345.67 $"],
  ['spaced groups after a sign', REVENUE, 'Total: $12 345.67'],
  ['no-break spaces, decimal comma', REVENUE, '12\u00a0345,67\u00a0€'],
  [
    'sentence per row, counts in words',
    STATUS,
    'There are twelve placed orders. Twenty orders have shipped. Thirty-four were delivered. Fourteen were cancelled.',
  ],
  ['counts with their noun', STATUS, 'Placed: 12 orders; Shipped: 20 orders; Delivered: 34 orders; Cancelled: 14 orders'],
  ['Devanagari digits', STATUS, 'placed १२, shipped २०, delivered ३४, cancelled १४'],
  ['American spelling', STATUS, 'placed: 12, shipped: 20, delivered: 34, canceled: 14'],
  ['count in words', MARCH, 'Sixteen orders were placed in March 2025.'],
  ['Arabic-Indic count', MARCH, '١٦'],
  ['full-width count with a noun', MARCH, '１６ orders'],
  ['count in words with a noun', CITY, 'Lisbon is the busiest city, with nine customers.'],
  ['names surname first, a list', NEVER, 'Berg, Ada; Dahl, Sven'],
  ['names surname first, bullets', NEVER, '- Berg, Ada\n- Dahl, Sven'],
  ['id and amount, continental', LARGEST, 'Order #1033, at 297,61 $, is the largest.'],
  ['full-width id', LARGEST, 'The largest order is #１０３３ ($297.61).'],
];

const DISHONEST: [string, Gold, string][] = [
  ['two names, surname first', TOP, 'Kowal, Quinn or Abara, Mira — $277.17'],
  ['a rival surname first on its own row', TOP, 'Kowal, Quinn: $277.17\nAbara, Mira: $250.10'],
  ['two continental amounts', TIERS, 'bronze: 41,20 $ or 42,00 $; silver: 52,10 $; gold: 63,05 $'],
  ['a rival in words', MARCH, '16 or seventeen'],
  ['a rival amount in words', TOP, 'Quinn Kowal: $277.17 (or two hundred fifty dollars and ten cents)'],
  ['a rival in another script', MARCH, '16, maybe ١٧'],
  ['a rival behind a currency code', REVENUE, 'USD 12,345.67 or 12,435.67 USD'],
  ['one label, two values, two sentences', TIERS, 'Bronze averages $41.20. Silver averages $52.10. Gold averages $63.05. Bronze could also be $42.00.'],
  ['a row for every name', NEVER, 'Berg, Ada; Dahl, Sven; Ito, Tara; Kowal, Quinn'],
];

describe('harder honest phrasings read as the full match', () => {
  it.each(HONEST)('%s', (_name, g, text) => {
    const s = scoreAnswer(text, g);
    expect(s, text).toMatchObject({ value: 1, matched: g.rows.length, hedged: 0 });
  });
});

describe('spelling an answer twice changes nothing more', () => {
  // A world may spell an answer before taking its identifiers out; the reader spells it again.
  it.each([...HONEST, ...DISHONEST])('%s', (_name, _g, text) => {
    const once = plainSpelling(text);
    expect(plainSpelling(once)).toBe(once);
  });
});

describe('the same spellings used to hedge or to add rows do not', () => {
  // A hedged row is not credited (the others keep their share); an extra row costs precision, squared.
  it.each(DISHONEST)('%s', (_name, g, text) => {
    const s = scoreAnswer(text, g);
    expect(s.value, text).toBeLessThan(1);
    expect(s.matched < g.rows.length || s.contentRows > g.rows.length, text).toBe(true);
    if (g.rows.length === 1) expect(s.value, text).toBeLessThanOrEqual(0.25);
  });
});

describe('a hedge is two values for one label, wherever they are written', () => {
  it('a later sentence giving bronze another amount un-matches bronze', () => {
    const s = scoreAnswer('Bronze averages $41.20. Silver averages $52.10. Gold averages $63.05. Bronze could also be $42.00.', TIERS);
    expect(s).toMatchObject({ matched: 2, hedged: 1 });
  });
  it('a later row of the label with a number of another kind, or comparing two labels, does not', () => {
    expect(scoreAnswer('Bronze averages $41.20. Silver averages $52.10. Gold averages $63.05. Bronze customers: 5', TIERS)).toMatchObject({
      matched: 3,
      hedged: 0,
    });
    expect(scoreAnswer('bronze: $41.20\nsilver: $52.10\ngold: $63.05\nGold beats bronze by $21.85.', TIERS)).toMatchObject({ matched: 3, hedged: 0 });
  });
});

describe('a number in any spelling counts towards the cap on numbers', () => {
  it('1,100 numbers in words are a list, not an answer', () => {
    const s = scoreAnswer('seventeen '.repeat(1100), MARCH);
    expect(s.value).toBe(0);
    expect(s.over).toMatch(/1,100 numbers/);
  });
  it('as are 1,100 in full-width digits', () => {
    expect(scoreAnswer('１６ '.repeat(1100), MARCH).over).toMatch(/1,100 numbers/);
  });
});
