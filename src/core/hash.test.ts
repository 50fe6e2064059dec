import { describe, expect, it } from 'vitest';
import { hash32, uniform, uniformInt } from './hash';
import { HASH_VECTORS } from './hashVectors';

describe('hash32', () => {
  it.each(HASH_VECTORS)('hash32(%i, %i, %j) is the golden value', (seed, index, salt, want) => {
    expect(hash32(seed, index, salt)).toBe(want);
  });

  it('depends on every input', () => {
    const base = hash32(7, 3, 'x');
    expect(hash32(8, 3, 'x')).not.toBe(base);
    expect(hash32(7, 4, 'x')).not.toBe(base);
    expect(hash32(7, 3, 'y')).not.toBe(base);
  });

  it('gives roughly uniform draws in [0, 1)', () => {
    const buckets = new Array(10).fill(0);
    let outside = 0;
    for (let i = 0; i < 20000; i++) {
      const u = uniform(99, i, 'bucket');
      if (u < 0 || u >= 1) outside++;
      else buckets[Math.floor(u * 10)]++;
    }
    expect(outside).toBe(0);
    for (const b of buckets) expect(Math.abs(b - 2000)).toBeLessThan(200);
  });

  it('draws integers inside the inclusive range', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 500; i++) seen.add(uniformInt(1, i, 'int', 3, 6));
    expect([...seen].sort()).toEqual([3, 4, 5, 6]);
  });
});
