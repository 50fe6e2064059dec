import { describe, expect, it } from 'vitest';
import { uniformInt } from '../../core/hash';
import { tooDeep } from './limits';

/** `depth` levels of arrays and objects, alternating, around a string. */
function nested(depth: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { k: v };
  return v;
}

/** A value drawn from `seed`: objects and arrays of scalars and each other, some branches deep. */
function drawn(seed: number, index: number, depth: number): unknown {
  const kind = uniformInt(seed, index, 'kind', 0, depth > 40 ? 2 : 5);
  if (kind <= 2) return [1, 'a', null, true][uniformInt(seed, index, 'scalar', 0, 3)];
  const n = uniformInt(seed, index, 'n', 0, 4);
  const children = Array.from({ length: n }, (_, i) => drawn(seed, index * 5 + i + 1, depth + 1));
  return kind === 3 ? children : Object.fromEntries(children.map((c, i) => [`k${i}`, c]));
}

/** The deepest nesting of a value, by definition: a container is one level more than its deepest child container. */
function depthOf(v: unknown): number {
  if (typeof v !== 'object' || v === null) return 0;
  return 1 + Math.max(0, ...Object.values(v).map(depthOf));
}

describe('tooDeep: nesting past the limit', () => {
  it('a value exactly as deep as the limit passes; one level more is refused; scalars and shallow values pass', () => {
    for (const limit of [1, 2, 7, 128]) {
      expect(tooDeep(nested(limit), limit)).toBeNull();
      expect(tooDeep(nested(limit + 1), limit)).toBe(`nested deeper than ${limit} levels`);
    }
    for (const scalar of [null, 0, 'deep', true, undefined]) expect(tooDeep(scalar, 1)).toBeNull();
    expect(tooDeep({}, 1)).toBeNull();
    expect(tooDeep({ a: [] }, 1)).toBe('nested deeper than 1 levels');
  });

  it('agrees with the definition on drawn values, however wide or deep, for limits it recurses for and larger ones', () => {
    let refused = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const v = drawn(seed, 0, 0);
      const depth = depthOf(v);
      for (const limit of [Math.max(1, depth - 1), depth, 1000, 1001]) {
        expect(tooDeep(v, limit), `seed ${seed}, depth ${depth}, limit ${limit}`).toBe(depth > limit ? `nested deeper than ${limit} levels` : null);
        if (depth > limit) refused++;
      }
    }
    expect(refused).toBeGreaterThan(50);
  });

  it('100,000 levels: refused at the limit without overflowing the stack, and walked whole under a limit past its recursion', () => {
    const v = nested(100_000);
    expect(tooDeep(v, 128)).toBe('nested deeper than 128 levels');
    expect(tooDeep(v, 1000)).toBe('nested deeper than 1000 levels');
    expect(tooDeep(v, 100_000)).toBeNull();
    expect(tooDeep(v, 99_999)).toBe('nested deeper than 99999 levels');
  });

  it('keys named like Object.prototype’s own are walked as any other', () => {
    const parsed = JSON.parse('{"__proto__": {"a": {"b": {}}}, "constructor": [[[]]]}') as unknown;
    expect(tooDeep(parsed, 4)).toBeNull();
    expect(tooDeep(parsed, 3)).toBe('nested deeper than 3 levels');
  });
});
