import { describe, expect, it } from 'vitest';
import { ZstdError } from './bits';
import { zstdDecompress } from './decode';
import { ZSTD_INPUTS, zstdFixture } from './testing';

const MiB = 1024 * 1024;

describe('zstd (RFC 8878), against streams the reference zstd CLI wrote', () => {
  it.each([
    ['text.19.zst', ZSTD_INPUTS.text, 'FSE-described tables, Huffman literals in 4 streams and treeless, repeated tables'],
    ['text.1.zst', ZSTD_INPUTS.text, 'the predefined tables'],
    ['random.zst', ZSTD_INPUTS.random, 'raw blocks'],
    ['runs.zst', ZSTD_INPUTS.runs, 'RLE literals, long overlapping matches, repeat offsets'],
  ])('%s gives back its input (%s)', (name, input) => {
    const expected = input();
    const out = zstdDecompress(zstdFixture(name), 16 * MiB);
    expect(out.length).toBe(expected.length);
    expect(Buffer.compare(Buffer.from(out), Buffer.from(expected))).toBe(0);
  });

  it('reads concatenated frames and skips skippable ones', () => {
    const skippable = Uint8Array.from([0x50, 0x2a, 0x4d, 0x18, 3, 0, 0, 0, 9, 9, 9]);
    const a = zstdFixture('runs.zst');
    const b = zstdFixture('random.zst');
    const out = zstdDecompress(Uint8Array.from([...a, ...skippable, ...b]), 16 * MiB);
    expect(Buffer.compare(Buffer.from(out), Buffer.concat([Buffer.from(ZSTD_INPUTS.runs()), Buffer.from(ZSTD_INPUTS.random())]))).toBe(0);
  });

  it('stops at the output limit instead of filling memory', () => {
    expect(() => zstdDecompress(zstdFixture('runs.zst'), 100_000)).toThrow(new ZstdError('it decompresses past 100000 bytes, the limit'));
  });

  it('damaged streams throw a ZstdError, never anything else, and never hang', () => {
    const good = zstdFixture('text.19.zst');
    let thrown = 0;
    // Every 97th byte flipped in turn, and every cut: each one either decodes (to something) or says it cannot.
    for (let i = 0; i < good.length; i += 97) {
      for (const bad of [Uint8Array.from(good, (b, k) => (k === i ? b ^ 0x5a : b)), good.subarray(0, i)]) {
        try {
          zstdDecompress(bad, 4 * MiB);
        } catch (e) {
          expect(e).toBeInstanceOf(ZstdError);
          thrown++;
        }
      }
    }
    expect(thrown).toBeGreaterThan(0);
  });

  it('says what is wrong with what is not zstd', () => {
    expect(() => zstdDecompress(new TextEncoder().encode('{"not": "zstd"}'), MiB)).toThrow(new ZstdError('not a zstd frame at byte 0'));
    const needsDictionary = Uint8Array.from([0x28, 0xb5, 0x2f, 0xfd, 0x21, 0x05, 0, 1, 0, 0]);
    expect(() => zstdDecompress(needsDictionary, MiB)).toThrow(new ZstdError('a frame that needs a dictionary'));
  });
});
