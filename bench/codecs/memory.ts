/** Peak memory of one decoder over every entry of one log, in its own process: `tsx memory.ts <ours|fzstd|zstddec> <log>`. */
import { readFileSync } from 'node:fs';
import { decompress as fzstd } from 'fzstd';
import { ZSTDDecoder } from 'zstddec';
import { bufferSource } from '../../src/traces/inspect/byteSource';
import { zstdDecompress } from '../../src/traces/inspect/zstd/decode';
import { openZip } from '../../src/traces/inspect/zipRead';

async function main() {
  const [which, file] = process.argv.slice(2);
  const bytes = new Uint8Array(readFileSync(file!));
  const zip = await openZip(bufferSource(bytes), { maxEntries: 1e6, maxEntryBytes: 1 << 30 });
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const zd = new ZSTDDecoder();
  await zd.init();
  const before = process.memoryUsage().rss;
  let peak = before;
  let out = 0;
  for (const e of zip.entries) {
    const start = e.localOffset + 30 + v.getUint16(e.localOffset + 26, true) + v.getUint16(e.localOffset + 28, true);
    const raw = bytes.subarray(start, start + e.compressedSize);
    const d = which === 'ours' ? zstdDecompress(raw, 1 << 30, e.size) : which === 'fzstd' ? fzstd(raw, new Uint8Array(e.size)) : zd.decode(raw, e.size);
    out += d.length;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  console.log(`${which}: ${(out / 2 ** 20).toFixed(1)} MiB out, rss +${((peak - before) / 2 ** 20).toFixed(1)} MiB`);
}
void main();
