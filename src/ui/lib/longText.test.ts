import { describe, expect, it } from 'vitest';
import { describeLength, jsonPreview, messagePages, piece, pieceCount } from './longText';

describe('long texts, shown in parts', () => {
  it('a JSON preview is indented JSON when it fits, exactly as JSON.stringify writes it', () => {
    const v = { a: [1, 'two', { b: null }], c: {}, d: [], e: 'x"y' };
    expect(jsonPreview(v, 1000)).toEqual({ text: JSON.stringify(v, null, 2), complete: true });
    expect(jsonPreview('plain', 100)).toEqual({ text: '"plain"', complete: true });
  });

  it('stops at the budget: 200,000 members or a 64 MB string cost what is shown', () => {
    const many = jsonPreview(
      Array.from({ length: 200_000 }, (_, i) => ({ id: i })),
      500,
    );
    expect(many.complete).toBe(false);
    expect(many.text.length).toBeLessThanOrEqual(501);
    const huge = jsonPreview({ s: 'x'.repeat(64 * 1024 * 1024) }, 1000);
    expect(huge.complete).toBe(false);
    expect(huge.text.length).toBeLessThanOrEqual(1001);
    expect(huge.text.startsWith('{\n  "s": "xxx')).toBe(true);
  });

  it('deep values do not recurse', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonPreview(deep, 100).complete).toBe(false);
  });

  it('pieces cover the text exactly, never splitting a surrogate pair', () => {
    const text = `${'a'.repeat(9)}😀${'b'.repeat(10)}`;
    const parts = Array.from({ length: pieceCount(text, 10) }, (_, k) => piece(text, k, 10));
    expect(parts.join('')).toBe(text);
    expect(parts[0]).toBe('a'.repeat(9));
    expect(describeLength(64 * 1024 * 1024)).toBe('67.1 MB');
  });
});

describe('pages of messages', () => {
  it('cut at a count or at the characters shown, whichever comes first; every message in exactly one page', () => {
    expect(messagePages([10, 10, 10, 10, 10], 2, 1000)).toEqual([0, 2, 4]);
    expect(messagePages([600, 600, 10, 10], 25, 1000)).toEqual([0, 1]);
    expect(messagePages([], 25, 1000)).toEqual([]);
    expect(messagePages(Array.from({ length: 100_000 }, () => 90)).length).toBe(4000);
  });
});
