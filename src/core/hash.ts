/**
 * Deterministic hashing for fault injection. Integer math only (Math.imul and
 * unsigned shifts), so Node and every browser produce the same bits. Faults are
 * a pure function of (seed, request index, salt): no shared RNG, so one extra
 * retry never shifts a later fault.
 */

function mix32(h: number): number {
  // murmur3 finalizer
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a over the UTF-16 code units of a string. */
export function hashString(s: string): number {
  return hashUnits(s, 0, s.length, 1);
}

/** hashString of the code units of `s` at from, from + step, … below `to`: a part of a string, hashed where it stands. */
export function hashUnits(s: string, from: number, to: number, step: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i += step) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

// Salts are a handful of constant strings; hashing them once keeps fault draws cheap.
const saltHashes = new Map<string, number>();

function saltHash(salt: string): number {
  let h = saltHashes.get(salt);
  if (h === undefined) {
    h = hashString(salt);
    if (saltHashes.size < 4096) saltHashes.set(salt, h);
  }
  return h;
}

/** A 32-bit unsigned hash of (seed, index, salt). */
export function hash32(seed: number, index: number, salt: string): number {
  let h = mix32((seed | 0) ^ 0x9e3779b9);
  h = mix32(h ^ Math.imul(index | 0, 0x27d4eb2f));
  h = mix32(h ^ saltHash(salt));
  return h;
}

/** A uniform number in [0, 1) from (seed, index, salt). */
export function uniform(seed: number, index: number, salt: string): number {
  return hash32(seed, index, salt) / 4294967296;
}

/** A uniform integer in [lo, hi] (inclusive). */
export function uniformInt(seed: number, index: number, salt: string, lo: number, hi: number): number {
  return lo + Math.floor(uniform(seed, index, salt) * (hi - lo + 1));
}
