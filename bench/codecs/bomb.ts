/** A zstd frame of 2,048 RLE blocks (8 KB) that expands to 256 MiB, given to each decoder with a 1 MiB budget. */
import { decompress as fzstd } from 'fzstd';
import { ZSTDDecoder } from 'zstddec';
import { zstdDecompress } from '../../src/traces/inspect/zstd/decode';

function rleBomb(blocks: number): Uint8Array {
  const out = [0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x58]; // magic, FHD (no content size), window descriptor
  for (let i = 0; i < blocks; i++) {
    const h = ((i === blocks - 1 ? 1 : 0) | (1 << 1) | ((128 * 1024) << 3)) >>> 0;
    out.push(h & 255, (h >> 8) & 255, (h >> 16) & 255, 0x41);
  }
  return Uint8Array.from(out);
}

async function main() {
  const bomb = rleBomb(2048);
  const limit = 1 << 20;
  const zd = new ZSTDDecoder();
  await zd.init();
  const tryIt = (name: string, f: () => Uint8Array) => {
    const rss = process.memoryUsage().rss;
    try {
      const r = f();
      console.log(`${name}: returned ${r.length} bytes (rss +${((process.memoryUsage().rss - rss) / 2 ** 20).toFixed(0)} MiB)`);
    } catch (e) {
      console.log(`${name}: threw "${(e as Error).message}" (rss +${((process.memoryUsage().rss - rss) / 2 ** 20).toFixed(0)} MiB)`);
    }
  };
  console.log(`bomb: ${bomb.length} bytes`);
  tryIt('ours, 1 MiB limit', () => zstdDecompress(bomb, limit));
  tryIt('fzstd into a 1 MiB buffer', () => fzstd(bomb, new Uint8Array(limit)));
  tryIt('zstddec with 1 MiB declared', () => zd.decode(bomb, limit));
  tryIt('fzstd, no buffer', () => fzstd(bomb));
}
void main();
