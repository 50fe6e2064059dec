import { describe, expect, it } from 'vitest';
import { hashString, uniformInt } from '../../core/hash';
import { lineKey } from './records';

/** lineKey as it was first written (slices and a sample string): the faster one must give the same keys. */
function referenceKey(text: string): string {
  let sample = '';
  for (let i = 512; i < text.length - 512; i += 17) sample += text[i];
  return `${text.length}.${hashString(text.slice(0, 512))}.${hashString(text.slice(-512))}.${hashString(sample)}`;
}

const UNITS = ['a', 'Z', ' ', '\n', '"', '…', 'é', '\uD83D\uDE00', '\uFFFD', '{', '}', '[', ']', '\u0000', '__proto__'];

/** Text number `i` of up to `max` units, drawn from ASCII and not (the same on every run). */
function text(i: number, max: number): string {
  let s = '';
  const n = uniformInt(1, i, 'length', 0, max);
  for (let k = 0; s.length < n; k++) s += UNITS[uniformInt(i, k, 'unit', 0, UNITS.length - 1)]!;
  return s;
}

describe('lineKey agrees with the slower one it replaced', () => {
  it('the same key for any text, short or long, ASCII or not', () => {
    for (let i = 0; i < 300; i++) {
      const t = text(i, 3000);
      expect(lineKey(t)).toBe(referenceKey(t));
    }
    for (const n of [0, 1, 511, 512, 513, 1023, 1024, 1025, 1041, 5000]) {
      const t = 'x…y'.repeat(n).slice(0, n);
      expect(lineKey(t), `length ${n}`).toBe(referenceKey(t));
    }
  });
});
