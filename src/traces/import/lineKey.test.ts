import { describe, expect, it } from 'vitest';
import { hashString } from '../../core/hash';
import { lineKey } from './records';

/** lineKey as it was first written (slices and a sample string): the faster one must give the same keys. */
function referenceKey(text: string): string {
  let sample = '';
  for (let i = 512; i < text.length - 512; i += 17) sample += text[i];
  return `${text.length}.${hashString(text.slice(0, 512))}.${hashString(text.slice(-512))}.${hashString(sample)}`;
}

/** A seeded generator (mulberry32): the same values on every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  return (n: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * n;
  };
}

const UNITS = ['a', 'Z', ' ', '\n', '"', '…', 'é', '\uD83D\uDE00', '\uFFFD', '{', '}', '[', ']', '\u0000', '__proto__'];

/** Text of up to `max` units, drawn from ASCII and not. */
function text(r: (n: number) => number, max: number): string {
  let s = '';
  const n = Math.floor(r(max + 1));
  while (s.length < n) s += UNITS[Math.floor(r(UNITS.length))]!;
  return s;
}

describe('lineKey agrees with the slower one it replaced', () => {
  it('the same key for any text, short or long, ASCII or not', () => {
    const r = rng(1);
    for (let i = 0; i < 300; i++) {
      const t = text(r, 3000);
      expect(lineKey(t)).toBe(referenceKey(t));
    }
    for (const n of [0, 1, 511, 512, 513, 1023, 1024, 1025, 1041, 5000]) {
      const t = 'x…y'.repeat(n).slice(0, n);
      expect(lineKey(t), `length ${n}`).toBe(referenceKey(t));
    }
  });
});
