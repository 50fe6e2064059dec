import { readFileSync } from 'node:fs';

/** A pseudo-random generator (an LCG): the same bytes on every machine, so fixtures can be regenerated. */
function lcg(seed: number): () => number {
  let x = seed;
  return () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) >>> 8;
}

const WORDS = ['alpha', 'beta', 'gamma', '"id"', '"amount"', ':', ',', '{', '}', '\n', 'record', 'currency', 'EUR', '0.5'];

/**
 * The inputs behind ./fixtures/*.zst. Each was compressed with the zstd CLI (v1.5.4):
 *   text.19.zst  zstd -19 --long=27  (FSE-described tables, 4-stream and treeless literals, repeat modes)
 *   text.1.zst   zstd -1             (predefined tables)
 *   random.zst   zstd -3             (incompressible: raw blocks)
 *   runs.zst     zstd -3             (one byte repeated: RLE literals and long matches)
 */
export const ZSTD_INPUTS = {
  text: () => {
    const next = lcg(7);
    return new TextEncoder().encode(Array.from({ length: 12_000 }, () => WORDS[next() % WORDS.length]).join(' '));
  },
  random: () => {
    const next = lcg(11);
    return Uint8Array.from({ length: 5000 }, () => next() & 255);
  },
  runs: () => new TextEncoder().encode(`${'a'.repeat(100_000)}bbbbb${'abc'.repeat(20_000)}`),
};

export const zstdFixture = (name: string): Uint8Array => new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
