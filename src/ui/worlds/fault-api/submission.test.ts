import { describe, expect, it } from 'vitest';
import { addSeen, amountsToIntegers, dedupe } from './submission';

describe('fault-api submission helpers say what they changed', () => {
  it('adding says how many rows came and how many there are', () => {
    expect(addSeen([{ id: 'a', amount: 1 }], [{ id: 'b', amount: 2, currency: 'EUR' }])).toEqual({
      rows: [
        { id: 'a', amount: 1 },
        { id: 'b', amount: 2 },
      ],
      note: 'Added 1 record as the pages sent them: the submission has 2 rows.',
    });
  });

  it('dedupe says how many rows it dropped, or that it dropped none', () => {
    const rows = [
      { id: 'a', amount: 1 },
      { id: 'a', amount: 1 },
      { id: 'b', amount: 2 },
      { id: 'a', amount: 3 },
    ];
    expect(dedupe(rows)).toEqual({ rows: [rows[0], rows[2]], note: 'Dropped 2 duplicate rows (the first of each id kept): 2 rows left.' });
    expect(dedupe([rows[0]!]).note).toBe('No duplicate ids: nothing dropped (1 row).');
  });

  it('amounts to integers counts what it converted and what it left', () => {
    expect(
      amountsToIntegers([
        { id: 'a', amount: '1200' },
        { id: 'b', amount: ' 7 ' },
        { id: 'c', amount: '12.50' },
        { id: 'd', amount: 3 },
      ]),
    ).toEqual({
      rows: [
        { id: 'a', amount: 1200 },
        { id: 'b', amount: 7 },
        { id: 'c', amount: '12.50' },
        { id: 'd', amount: 3 },
      ],
      note: 'Converted 2 amounts from text to integers; 1 amount in text that is not a whole number left as it is.',
    });
    expect(amountsToIntegers([{ id: 'd', amount: 3 }]).note).toBe('Every amount is already a number: nothing converted.');
  });
});
