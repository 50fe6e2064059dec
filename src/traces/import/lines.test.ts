import { describe, expect, it } from 'vitest';
import { LineSplitter } from './lines';

function split(chunks: string[], max = 100) {
  const s = new LineSplitter(max);
  return [...chunks.flatMap((c) => s.push(c)), ...s.finish()];
}

describe('LineSplitter', () => {
  it('numbers lines and keeps the last one without a newline', () => {
    expect(split(['a\nb', 'c\n\nd'])).toEqual([
      { number: 1, text: 'a' },
      { number: 2, text: 'bc' },
      { number: 3, text: '' },
      { number: 4, text: 'd' },
    ]);
  });

  it('joins a CRLF pair cut between chunks, and strips a BOM cut off from the rest', () => {
    expect(split(['', '\uFEFF', 'x\r', '\ny\r\n'])).toEqual([
      { number: 1, text: 'x' },
      { number: 2, text: 'y' },
    ]);
  });

  it('drops a line over the cap but keeps counting, whatever the chunking', () => {
    const text = `ok\n${'z'.repeat(150)}\nfine\n`;
    const expected = [
      { number: 1, text: 'ok' },
      { number: 2, text: null },
      { number: 3, text: 'fine' },
    ];
    expect(split([text])).toEqual(expected);
    expect(split(text.match(/[\s\S]{1,7}/g)!)).toEqual(expected);
  });

  it('accepts a line exactly at the cap, with or without CR', () => {
    expect(split([`${'a'.repeat(100)}\r\n`])).toEqual([{ number: 1, text: 'a'.repeat(100) }]);
    expect(split([`${'a'.repeat(101)}\n`])).toEqual([{ number: 1, text: null }]);
  });
});
