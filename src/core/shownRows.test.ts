import { describe, expect, it } from 'vitest';
import { ShownRows, type FactReader, type ShownResult } from './shownRows';

/** Cells and gold values compared as they are; a text is a label; a key is a cell of a key column, or a name in `names`. */
const names = new Set(['quinn kowal', 'ada berg']);
const reader: FactReader<string | number> = {
  holds: (cell, gold) => cell === gold,
  isLabel: (gold) => typeof gold === 'string',
  keyOf: (cell, kind) => (kind !== null && typeof cell === 'number' ? `${kind}:${cell}` : typeof cell === 'string' && names.has(cell) ? `text:${cell}` : null),
};
const result = (rows: ShownResult['rows'], keys: (string | null)[] = [], context: ShownResult['context'] = []): ShownResult => ({
  rows,
  keys: keys.length ? keys : rows[0]!.map(() => null),
  context,
});
const store = (...results: ShownResult[]) => {
  const s = new ShownRows();
  for (const r of results) s.add(r);
  return s;
};

describe('facts shown whole', () => {
  it('one row holding every value is a fact; values in separate results are not', () => {
    expect(store(result([['quinn kowal', 277.17]])).whole(['quinn kowal', 277.17], reader)).toBe(true);
    expect(store(result([['quinn kowal'], ['ada berg']]), result([[277.17], [100]])).whole(['quinn kowal', 277.17], reader)).toBe(false);
  });

  it('rows linked through a shown key are a fact, through a value that identifies nothing they are not', () => {
    const names = result(
      [
        [5, 'quinn kowal'],
        [6, 'ada berg'],
      ],
      ['customer', null],
    );
    expect(store(names, result([[5, 277.17]], ['customer', null])).whole(['quinn kowal', 277.17], reader)).toBe(true);
    expect(store(names, result([[5, 277.17]])).whole(['quinn kowal', 277.17], reader)).toBe(false);
    // A filter's key on a one-row result links as well as a key column.
    expect(store(names, result([[277.17]], [null], [{ value: 5, key: 'customer' }])).whole(['quinn kowal', 277.17], reader)).toBe(true);
  });

  it('a label paired with rival values, or a value broadcast beside every label, pairs nothing', () => {
    const crossed = result([
      ['tallinn', 8],
      ['tallinn', 4],
      ['oslo', 8],
      ['oslo', 4],
    ]);
    expect(store(crossed).whole(['tallinn', 8], reader)).toBe(false);
    const broadcast = result(
      [
        [1033, 39295],
        [1034, 39295],
        [1035, 39295],
      ],
      ['order', null],
    );
    expect(store(broadcast).whole([1033, 39295], reader)).toBe(false);
    // Two labels that happen to share a value are a real pairing.
    const grouped = result([
      ['placed', 20],
      ['cancelled', 20],
      ['shipped', 21],
    ]);
    expect(store(grouped).whole(['placed', 20], reader)).toBe(true);
  });

  it('keeps an identical result once, and a single value needs no pairing', () => {
    const s = store(result([['quinn kowal']]), result([['quinn kowal']]));
    expect(s.size).toBe(1);
    expect(s.whole(['quinn kowal'], reader)).toBe(true);
  });
});
