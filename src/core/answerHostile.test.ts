import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scoreAnswer, type Gold } from './answer';
import { plainSpelling } from './answerSpelling';
import { LIMITS } from './limits';
import { cpuMs } from './testing/cpuTime';

/**
 * Every reader of an answer's text meets hostile strings — nesting, repetition,
 * Unicode digits, huge numbers, mixed scripts — and must give a score within its
 * time budget, never throw. The budget is CPU time of this process (a worker of its
 * own), so a busy machine does not fail it; the seed is in the test's name, so a
 * failure replays.
 */
const BUDGET_MS = 200;
const MAX: number = LIMITS.answerChars.value;

const NAMES = ['Ada Berg', 'Quinn Kowal', 'Mira Abara', 'Sven Dahl', 'Tara Ito', 'Omar Lind', 'Wen Novak', 'Uma Costa'];
const GOLD: Gold = {
  rows: NAMES.slice(0, 5).map((n, i) => [n, 100 + i * 13.37]),
  vocabularies: [NAMES, ['Lisbon', 'Oslo', 'Lagos'], ['bronze', 'silver', 'gold']],
  context: 'Which customers spent most in 2025? Answer with the name and the total in dollars.',
};

const judged = (text: string) => cpuMs(() => scoreAnswer(text, GOLD).value);

const fill = (s: string, n = MAX) => s.repeat(Math.ceil(n / s.length)).slice(0, n);

/** The shapes found slow or crashing by hand, each at the length limit. */
const WORST: Record<string, string> = {
  'brackets nested 9,999 deep': `${'['.repeat(9999)}${']'.repeat(9999)}`,
  'objects nested, unclosed': fill('{"a":'),
  'number words': fill('twenty-one thousand three hundred '),
  'a hundred and …': fill('one hundred and '),
  'one list of commas': fill('1,'),
  'dotted groups': fill('1.000.'),
  'spaced groups': fill('1 000 '),
  'every script of digits': fill('٣٤٥ ３４ १२ 𝟑 '),
  'frames and conditions': fill('16 of 80 than 12 not counting 17 if '),
  'rows of names and amounts': Array.from({ length: 700 }, (_, i) => `${NAMES[i % 8]}: $${i}.50`)
    .join('\n')
    .slice(0, MAX),
  'sentences, one per row': fill('The customer Ada Berg spent $100.00 in total. '),
  'html rows': `<table>${fill('<tr><td>Ada Berg</td><td>7</td></tr>', MAX - 20)}</table>`,
  'yaml records': fill('- name: Ada Berg\n  total: 1\n'),
  'fenced blocks': fill('```json\n[1]\n```\n'),
  'huge numbers': fill('99999999999999999999999999 1e308 '),
  'no numbers at all': fill('a'),
  'names only': fill('Kowal, Quinn Ada Berg or '),
  'a digit, then spaces': `1${' '.repeat(MAX - 2)}x`,
  'a digit, then tabs': `a1${'\t'.repeat(MAX - 3)}b`,
  'a digit, then blank lines': `1${' \n'.repeat(MAX / 2 - 1)}`,
  'digits, each before a long run': fill(`1${' '.repeat(200)}`),
};

const FRAGMENTS = [
  '[',
  ']',
  '{"a":',
  '}',
  '"',
  '\\',
  ',',
  '1',
  '12,345.67',
  '12.345,67 $',
  '1.000',
  '٣',
  '３',
  '१',
  '𝟑',
  '٫',
  '99999999999999999999999',
  '1e308',
  '-',
  '−',
  '$',
  '€',
  ' USD',
  'twenty-one',
  ' thousand',
  ' hundred',
  ' and ',
  ' cents',
  ' dollars',
  'not ',
  ' of ',
  'than ',
  ' if ',
  '\n',
  '. ',
  'The ',
  '| ',
  '<tr><td>',
  '</td>',
  '```json\n',
  '```\n',
  '- **a**: ',
  ': ',
  ';',
  ' or ',
  'Ada Berg',
  'Kowal, Quinn',
  'bronze',
  '%',
  '1st',
  ' orders',
  '\u202e',
  '\u00a0',
  '\t',
  "'",
  ' '.repeat(300),
  '\n'.repeat(50),
  '\t'.repeat(100),
];

const hostile = fc
  .tuple(fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 1, maxLength: 60 }), fc.integer({ min: 1, max: 2000 }))
  .map(([parts, times]) => parts.join('').repeat(times).slice(0, MAX));

describe('hostile answers are read within the budget, never thrown on', () => {
  it.each(Object.entries(WORST))('%s', (_name, text) => {
    expect(text.length).toBeLessThanOrEqual(MAX);
    const { ms, value } = judged(text);
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThanOrEqual(1);
    expect(ms, `${ms.toFixed(0)} ms of CPU`).toBeLessThan(BUDGET_MS);
  });

  it('generated strings of hostile fragments (fast-check, seed 45)', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const { ms, value } = judged(text);
        return value >= 0 && value <= 1 && ms < BUDGET_MS;
      }),
      { seed: 45, numRuns: 120 },
    );
  });

  it.each(['1,', '1.000.', '1,2.3 $4 ', '٣,'])('spelling is linear in the length of one long number: %j', (unit) => {
    const text = fill(unit);
    // Coarse on purpose: a pattern that backtracks over a 20,000-character token costs hundreds of milliseconds, not a few.
    expect(Math.min(...[0, 1, 2].map(() => cpuMs(() => plainSpelling(text)).ms))).toBeLessThan(40);
  });
});
