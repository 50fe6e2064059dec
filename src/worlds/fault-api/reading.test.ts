import { describe, expect, it } from 'vitest';
import type { Json } from '../../core/json';
import { localeOf, preview, readId, readSubmission, sameText, statedAmount } from './reading';

describe('fault-api reading of a submission', () => {
  it('reads the amount a person would, however an honest model spells it', () => {
    const honest: [Json, number][] = [
      [638, 638],
      ['638', 638],
      [' 638 ', 638],
      ['638.00', 638],
      ['$638.00', 638],
      ['USD 638', 638],
      ['638 USD', 638],
      ['$1,234', 1234],
      ['1,234.00', 1234],
      ['1,234.50', 1234.5],
      ['1.234,00 €', 1234],
      ['1 234', 1234],
      ['1\u00a0234,00', 1234],
      ["1'234", 1234],
      ['１，２３４．００', 1234],
      ['６３８', 638],
      ['٦٣٨', 638],
      ['६३८', 638],
      ['\u{1d7d4}\u{1d7d1}\u{1d7d6}', 638],
      ['−3', -3],
      [-3, -3],
    ];
    expect(honest.map(([s]) => statedAmount(s))).toEqual(honest.map(([, n]) => n));
  });

  it('reads no amount from a hedge, a range, an exponent, a malformed grouping, a non-number or an endless string', () => {
    const none: Json[] = [
      '638 or 639',
      '638-639',
      '4e1',
      '1,23,4',
      '1.234.56',
      'n/a',
      '',
      true,
      [638],
      { value: 638 },
      null,
      Number.NaN,
      `${'1,'.repeat(100)}1`,
      '9'.repeat(20_000).replace(/^/, 'x'),
    ];
    expect(none.map((a) => statedAmount(a))).toEqual(none.map(() => null));
  });

  it('reads a lone mark before three digits by the rest of the submission: a comma groups and a point is decimal, unless other amounts are continental', () => {
    expect([statedAmount('1,234'), statedAmount('1.234')]).toEqual([1234, 1.234]);
    expect([statedAmount('1,234', 'comma'), statedAmount('1.234', 'comma')]).toEqual([1.234, 1234]);
    expect(localeOf(['1.234', '638,00'])).toBe('comma');
    expect(localeOf(['1.234', '1.234.567'])).toBe('comma');
    // Evidence both ways, or none: the default reading.
    expect(localeOf(['638,00', '638.00'])).toBe('point');
    expect(localeOf(['1.234', 638, '42'])).toBe('point');
    const sub = readSubmission([
      { id: 'a', amount: '4.321' },
      { id: 'b', amount: '638,00' },
    ]);
    expect(sub.rows.map((r) => r.amount)).toEqual([4321, 638]);
  });

  it('reads an id trimmed and compatibility-folded, keeping its case; a row without a string id names no record', () => {
    expect([
      readId(' rec-0a1b2c3\n'),
      readId('\ufeffrec-0a1\u200b'),
      readId('ｒｅｃ－０ａ１'),
      readId('REC-0A1B2C3'),
      readId(''),
      readId('  '),
      readId(7),
      readId(null),
    ]).toEqual(['rec-0a1b2c3', 'rec-0a1', 'rec-0a1', 'REC-0A1B2C3', null, null, null, null]);
    expect(readSubmission([null, { amount: 3 }, { id: ['rec-x'] }, 'rec-x']).rows.map((r) => r.id)).toEqual([null, null, null, null]);
    expect([sameText(' Acme Ltd ', 'Acme Ltd'), sameText('ＵＳＤ', 'USD'), sameText('acme ltd', 'Acme Ltd'), sameText(' '.repeat(10_000), 'USD')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('shows a value in a reason as JSON, clipped: long strings, long lists and deep nesting never make a long reason', () => {
    expect([preview(638), preview('638'), preview([638]), preview({ a: [1, 2] }), preview(undefined)]).toEqual([
      '638',
      '"638"',
      '[638]',
      '{"a":[1,2]}',
      'undefined',
    ]);
    let deep: Json = 1;
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(preview(deep)).toBe('[[[…]]]');
    expect(preview('x'.repeat(20_000))).toHaveLength(43);
    expect(preview(Array.from({ length: 10_000 }, (_, i) => i))).toBe('[0,1,2,…]');
  });
});
